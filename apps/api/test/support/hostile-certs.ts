import forge from 'node-forge';
import { testCertificates } from './pix-certs';

/**
 * Client certificates whose password protection names absurd iteration counts (issue 37):
 * built with node-forge while its key derivations are swapped for one-iteration stand-ins,
 * so making them costs nothing while the counts they declare are what a reader would run.
 */
type Pbe = { generatePkcs12Key: typeof forge.pkcs12.generateKey };
const pbe = () => (forge.pki as unknown as { pbe: Pbe }).pbe;

function withCheapDerivations<T>(build: () => T): T {
  const saved = {
    pkcs12Key: pbe().generatePkcs12Key,
    generateKey: forge.pkcs12.generateKey,
    pbkdf2: forge.pkcs5.pbkdf2,
  };
  const cheapPkcs12: typeof forge.pkcs12.generateKey = (password, salt, id, _iter, n, md) =>
    saved.pkcs12Key(password, salt, id, 1, n, md);
  pbe().generatePkcs12Key = cheapPkcs12;
  forge.pkcs12.generateKey = cheapPkcs12;
  forge.pkcs5.pbkdf2 = ((p: string, s: string, _c: number, len: number, md?: unknown) =>
    (saved.pbkdf2 as (...a: unknown[]) => string)(p, s, 1, len, md)) as typeof forge.pkcs5.pbkdf2;
  try {
    return build();
  } finally {
    pbe().generatePkcs12Key = saved.pkcs12Key;
    forge.pkcs12.generateKey = saved.generateKey;
    forge.pkcs5.pbkdf2 = saved.pbkdf2;
  }
}

/** INTEGER contents (big-endian, two's complement) of a non-negative count. */
function integerBytes(count: number): string {
  let hex = count.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  return forge.util.hexToBytes(hex);
}

/**
 * The test client's certificate and key as a base64 PKCS#12 bundle (passphrase
 * `passphrase`) whose key bag is encrypted with `keyIterations` (3DES: the PKCS#12
 * derivation; aes256: PBES2's PBKDF2) and whose MAC says `macIterations` (up to 2^53).
 */
export function pkcs12WithIterations(opts: {
  macIterations: number;
  keyIterations: number;
  algorithm?: '3des' | 'aes256';
  passphrase?: string;
}): string {
  const certs = testCertificates();
  const passphrase = opts.passphrase ?? 'senha';
  const asn1 = withCheapDerivations(() =>
    forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(certs.client.key),
      [forge.pki.certificateFromPem(certs.client.cert)],
      passphrase,
      { algorithm: opts.algorithm ?? '3des', count: opts.keyIterations },
    ),
  );
  // PFX ::= SEQUENCE { version, authSafe, macData SEQUENCE { mac, macSalt, iterations } }
  const macData = (asn1.value as forge.asn1.Asn1[])[2]!;
  (macData.value as forge.asn1.Asn1[])[2]!.value = integerBytes(opts.macIterations);
  return forge.util.encode64(forge.asn1.toDer(asn1).getBytes());
}

/** The test client's key as an encrypted PKCS#8 PEM (PBES2, PBKDF2 with `iterations`). */
export function encryptedKeyWithIterations(iterations: number, passphrase = 'senha'): string {
  const certs = testCertificates();
  const info = forge.pki.wrapRsaPrivateKey(
    forge.pki.privateKeyToAsn1(forge.pki.privateKeyFromPem(certs.client.key)),
  );
  const encrypted = withCheapDerivations(() =>
    forge.pki.encryptPrivateKeyInfo(info, passphrase, {
      algorithm: 'aes256',
      count: iterations,
      prfAlgorithm: 'sha256',
    }),
  );
  return forge.pki.encryptedPrivateKeyToPem(encrypted);
}
