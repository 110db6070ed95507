import { X509Certificate, createPrivateKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import forge from 'node-forge';

/**
 * A PSP client certificate for mutual TLS, as the owner uploads it: a PEM chain
 * with its PEM private key (optionally encrypted with `passphrase`), or a base64
 * PKCS#12 bundle with its passphrase. Read once, when the connection is saved,
 * into the one form the HTTP client uses (PEM chain, leaf first, and an
 * unencrypted PKCS#8 key, both then encrypted at rest by the caller).
 *
 * PKCS#12 is opened with node-forge rather than handed to OpenSSL as `pfx`:
 * OpenSSL 3 refuses the legacy ciphers (RC2-40, 3DES) many bank-issued bundles
 * still use, and forge also lets us read the expiry. Forge parses only RSA keys
 * and certificates itself; anything else it hands back as ASN.1, which Node's
 * crypto reads.
 *
 * Bounded work (docs/decisions/067-bounded-certificate-reading.md): a bundle carries
 * its own iteration counts, so every password-based key derivation refuses a count
 * above MAX_KDF_ITERATIONS before it runs; PEM blocks are found by a forward scan,
 * at most MAX_CERTIFICATES of them. The caller runs this in a worker thread with a
 * deadline (modules/payments/certificate-reader.ts), never on the event loop.
 */
export interface ClientCertificate {
  /** Leaf first, then the rest of the chain. */
  certPem: string;
  keyPem: string;
  expiresAt: Date;
  /** SHA-256 fingerprint of the leaf (one expiry e-mail per certificate). */
  fingerprint: string;
  subject: string;
}

export class CertificateError extends Error {
  constructor(
    readonly field: 'certificate' | 'private_key' | 'passphrase',
    message: string,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

/**
 * The most iterations a bundle's password-based key derivation may ask for. Real bundles:
 * OpenSSL writes 2,048 (PKCS12_DEFAULT_ITER, and for PKCS#8 keys), Java's keytool 10,000
 * (100,000 for the MAC before JDK 11.0.12), Bouncy Castle 1.86 600,000 (OWASP's PBKDF2
 * figure; it reads at most 5,000,000). Above a million is no export tool's default, and
 * node-forge spends about 1 µs per iteration (2^31: half an hour).
 */
export const MAX_KDF_ITERATIONS = 1_000_000;
/** Certificates in one PEM chain or PKCS#12 bundle (leaf, intermediates, root: 3 or 4 in practice). */
export const MAX_CERTIFICATES = 10;

const PEM_BEGIN = '-----BEGIN CERTIFICATE-----';
const PEM_END = '-----END CERTIFICATE-----';
const ENCRYPTED_PKCS8 = '-----BEGIN ENCRYPTED PRIVATE KEY-----';
const integer = new Intl.NumberFormat('pt-BR');

function tooManyIterations(count: number) {
  return new CertificateError(
    'certificate',
    `O arquivo pede ${integer.format(count)} iterações para abrir a senha; o limite é ${integer.format(MAX_KDF_ITERATIONS)}. Exporte-o de novo com as opções padrão da ferramenta (OpenSSL usa 2.048).`,
  );
}

/**
 * Every key derivation node-forge runs for a bundle (the PKCS#12 MAC and PBE keys,
 * PBES2's PBKDF2) checks its iteration count first. forge calls these through its
 * namespaces, so wrapping them there covers MACs and bags nested in encrypted data
 * alike, whatever the count was read from.
 */
function guardIterations() {
  const guarded = Symbol.for('fa-clube.kdf-iterations-guarded');
  const holder = forge.pkcs5 as unknown as Record<symbol, boolean>;
  if (holder[guarded]) return;
  holder[guarded] = true;
  const check = (count: unknown) => {
    if (typeof count === 'number' && count > MAX_KDF_ITERATIONS) throw tooManyIterations(count);
  };
  // the typings omit pki.pbe; pkcs12.generateKey is the same function, copied at load
  const pbe = (
    forge.pki as unknown as { pbe: { generatePkcs12Key: typeof forge.pkcs12.generateKey } }
  ).pbe;
  const pkcs12Key = pbe.generatePkcs12Key;
  const wrappedPkcs12Key: typeof pkcs12Key = (...args) => {
    check(args[3]);
    return pkcs12Key(...args);
  };
  pbe.generatePkcs12Key = wrappedPkcs12Key;
  forge.pkcs12.generateKey = wrappedPkcs12Key;
  const pbkdf2 = forge.pkcs5.pbkdf2;
  forge.pkcs5.pbkdf2 = ((...args: Parameters<typeof pbkdf2>) => {
    check(args[2]);
    return (pbkdf2 as (...a: unknown[]) => unknown)(...args);
  }) as typeof pbkdf2;
}
guardIterations();

/**
 * The CERTIFICATE blocks of a PEM text, by a forward scan (each character is looked at a
 * bounded number of times: no backtracking); more than MAX_CERTIFICATES is refused.
 */
export function splitPemCertificates(text: string): string[] {
  const blocks: string[] = [];
  let from = 0;
  for (;;) {
    const begin = text.indexOf(PEM_BEGIN, from);
    if (begin < 0) break;
    const end = text.indexOf(PEM_END, begin + PEM_BEGIN.length);
    // no END after this BEGIN: there is none after any later BEGIN either
    if (end < 0) break;
    if (blocks.length === MAX_CERTIFICATES)
      throw new CertificateError(
        'certificate',
        `Envie no máximo ${MAX_CERTIFICATES} certificados: o do cliente e a cadeia que o emitiu.`,
      );
    blocks.push(text.slice(begin, end + PEM_END.length));
    from = end + PEM_END.length;
  }
  return blocks;
}
const dateBr = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

export function readClientCertificate(
  input: { certificate: string; private_key?: string; passphrase?: string },
  now: Date,
): ClientCertificate {
  const { certs, key } = input.certificate.includes('-----BEGIN')
    ? fromPem(input)
    : fromPkcs12(input.certificate, input.passphrase ?? '');
  const leaf = certs.find((c) => c.checkPrivateKey(key));
  if (!leaf)
    throw new CertificateError(
      'private_key',
      'A chave privada não corresponde a nenhum certificado enviado.',
    );
  const expiresAt = new Date(leaf.validTo);
  const startsAt = new Date(leaf.validFrom);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)
    throw new CertificateError('certificate', `O certificado venceu em ${dateBr(expiresAt)}.`);
  if (startsAt > now)
    throw new CertificateError(
      'certificate',
      `O certificado só passa a valer em ${dateBr(startsAt)}.`,
    );
  const chain = [leaf, ...certs.filter((c) => c !== leaf)];
  return {
    certPem: chain.map((c) => c.toString().trim()).join('\n') + '\n',
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    expiresAt,
    fingerprint: leaf.fingerprint256,
    subject: leaf.subject,
  };
}

function parseCert(pem: string | Buffer): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new CertificateError('certificate', 'O certificado não pôde ser lido.');
  }
}

function fromPem(input: { certificate: string; private_key?: string; passphrase?: string }) {
  const blocks = splitPemCertificates(input.certificate);
  if (blocks.length === 0)
    throw new CertificateError(
      'certificate',
      'Envie o certificado em PEM (-----BEGIN CERTIFICATE-----) ou um arquivo PKCS#12 (.pfx/.p12) em base64.',
    );
  const certs = blocks.map(parseCert);
  if (!input.private_key)
    throw new CertificateError('private_key', 'Envie a chave privada do certificado em PEM.');
  let key: KeyObject;
  try {
    key = input.private_key.includes(ENCRYPTED_PKCS8)
      ? decryptPkcs8(input.private_key, input.passphrase ?? '')
      : // unencrypted, or the legacy "Proc-Type: 4,ENCRYPTED" form (one MD5 round: fixed cost)
        createPrivateKey({ key: input.private_key, passphrase: input.passphrase || undefined });
  } catch (err) {
    if (err instanceof CertificateError) throw new CertificateError('private_key', err.message);
    const encrypted = /ENCRYPTED/.test(input.private_key);
    throw new CertificateError(
      encrypted ? 'passphrase' : 'private_key',
      encrypted && !/bad decrypt|passphrase/i.test(String(err)) && !input.passphrase
        ? 'A chave privada está protegida: informe a senha.'
        : encrypted
          ? 'Senha da chave privada incorreta.'
          : 'A chave privada não pôde ser lida (envie-a em PEM).',
    );
  }
  return { certs, key };
}

/**
 * An encrypted PKCS#8 key, decrypted by forge (whose key derivations are bounded above)
 * rather than by OpenSSL, which would run whatever count the key names, out of reach of
 * the worker's deadline. Throws like createPrivateKey for a wrong passphrase.
 */
function decryptPkcs8(pem: string, passphrase: string): KeyObject {
  if (!passphrase) throw new Error('Passphrase required for encrypted key');
  const info = forge.pki.decryptPrivateKeyInfo(
    forge.pki.encryptedPrivateKeyFromPem(pem),
    passphrase,
  );
  if (!info) throw new Error('bad decrypt');
  const der = Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary');
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

function fromPkcs12(base64: string, passphrase: string) {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length < 64)
    throw new CertificateError(
      'certificate',
      'Envie o certificado em PEM (-----BEGIN CERTIFICATE-----) ou um arquivo PKCS#12 (.pfx/.p12) em base64.',
    );
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.decode64(compact));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (err) {
    if (err instanceof CertificateError) throw err;
    const wrongPassword = /password|mac|decrypt/i.test(err instanceof Error ? err.message : '');
    throw new CertificateError(
      wrongPassword ? 'passphrase' : 'certificate',
      wrongPassword
        ? 'Senha do arquivo PKCS#12 incorreta.'
        : 'O arquivo PKCS#12 (.pfx/.p12) não pôde ser lido.',
    );
  }
  const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  const certs: X509Certificate[] = [];
  for (const bag of p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ??
    []) {
    if (certs.length === MAX_CERTIFICATES)
      throw new CertificateError(
        'certificate',
        `O arquivo PKCS#12 traz mais de ${MAX_CERTIFICATES} certificados: exporte só o do cliente e a sua cadeia.`,
      );
    if (bag.cert) certs.push(parseCert(forge.pki.certificateToPem(bag.cert)));
    else if (bag.asn1) certs.push(parseCert(der(bag.asn1)));
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const bag = keyBags[0];
  if (certs.length === 0 || !bag)
    throw new CertificateError(
      'certificate',
      'O arquivo PKCS#12 precisa conter o certificado e a sua chave privada.',
    );
  let key: KeyObject;
  try {
    key = bag.key
      ? createPrivateKey(forge.pki.privateKeyToPem(bag.key))
      : createPrivateKey({ key: der(bag.asn1!), format: 'der', type: 'pkcs8' });
  } catch {
    throw new CertificateError(
      'certificate',
      'A chave privada do arquivo PKCS#12 não pôde ser lida.',
    );
  }
  return { certs, key };
}
