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

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
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
  const blocks = input.certificate.match(PEM_CERT) ?? [];
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
    key = createPrivateKey({ key: input.private_key, passphrase: input.passphrase || undefined });
  } catch (err) {
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
