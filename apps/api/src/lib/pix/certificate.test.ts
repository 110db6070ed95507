import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { testCertificates } from '../../../test/support/pix-certs';
import {
  encryptedKeyWithIterations,
  pkcs12WithIterations,
} from '../../../test/support/hostile-certs';
import {
  CertificateError,
  MAX_CERTIFICATES,
  MAX_KDF_ITERATIONS,
  readClientCertificate,
  splitPemCertificates,
} from './certificate';

// Reading an uploaded client certificate does bounded work (issue 37): the iteration counts a
// bundle names are checked before any key derivation runs, and PEM chains are split linearly
// with a cap on their certificates.

const certs = testCertificates();
const now = new Date();

/** The reading's error (it must fail), and how long it took. */
function refusal(input: Parameters<typeof readClientCertificate>[0]) {
  const started = performance.now();
  try {
    readClientCertificate(input, now);
  } catch (err) {
    expect(err).toBeInstanceOf(CertificateError);
    return { err: err as CertificateError, ms: performance.now() - started };
  }
  throw new Error('the certificate was read');
}

describe('iteration counts', () => {
  it('refuses a PKCS#12 whose MAC names 2^31 iterations, before deriving anything', () => {
    const { err, ms } = refusal({
      certificate: pkcs12WithIterations({ macIterations: 2 ** 31, keyIterations: 2048 }),
      passphrase: 'senha',
    });
    expect(err.field).toBe('certificate');
    expect(err.message).toMatch(/2\.147\.483\.648 iterações.*limite é 1\.000\.000/);
    expect(ms).toBeLessThan(1000);
  });

  it.each(['3des', 'aes256'] as const)(
    'refuses a PKCS#12 whose key bag (%s) names 2^31 - 1 iterations',
    (algorithm) => {
      const { err, ms } = refusal({
        certificate: pkcs12WithIterations({
          macIterations: 1,
          keyIterations: 2 ** 31 - 1,
          algorithm,
        }),
        passphrase: 'senha',
      });
      expect(err.field).toBe('certificate');
      expect(err.message).toMatch(/2\.147\.483\.647 iterações/);
      expect(ms).toBeLessThan(1000);
    },
  );

  it('refuses an encrypted PKCS#8 key naming 2^31 - 1 iterations, on private_key', () => {
    const { err, ms } = refusal({
      certificate: certs.client.cert,
      private_key: encryptedKeyWithIterations(2 ** 31 - 1),
      passphrase: 'senha',
    });
    expect(err.field).toBe('private_key');
    expect(err.message).toMatch(/2\.147\.483\.647 iterações/);
    expect(ms).toBeLessThan(1000);
  });

  it('reads real bundles: OpenSSL defaults, and an encrypted key at a count under the cap', () => {
    const p12 = readClientCertificate(
      { certificate: certs.client.pkcs12Base64, passphrase: certs.client.passphrase },
      now,
    );
    expect(p12.subject).toContain('cliente-pix-1');
    const info = forge.pki.wrapRsaPrivateKey(
      forge.pki.privateKeyToAsn1(forge.pki.privateKeyFromPem(certs.client.key)),
    );
    const key = forge.pki.encryptedPrivateKeyToPem(
      forge.pki.encryptPrivateKeyInfo(info, 'senha-certa', {
        algorithm: 'aes256',
        count: 2048,
        prfAlgorithm: 'sha256',
      }),
    );
    const pem = readClientCertificate(
      { certificate: certs.client.cert, private_key: key, passphrase: 'senha-certa' },
      now,
    );
    expect(pem.fingerprint).toBe(p12.fingerprint);
    const wrong = refusal({ certificate: certs.client.cert, private_key: key, passphrase: 'x' });
    expect(wrong.err.field).toBe('passphrase');
    expect(MAX_KDF_ITERATIONS).toBe(1_000_000);
  });
});

describe('PEM chains', () => {
  it('splits in linear time: 200 KB of BEGIN markers with no END', () => {
    const hostile = '-----BEGIN CERTIFICATE-----'.repeat(7400);
    const started = performance.now();
    expect(splitPemCertificates(hostile)).toEqual([]);
    // the lazy regex this replaced took about a second here
    expect(performance.now() - started).toBeLessThan(100);
    expect(refusal({ certificate: hostile, private_key: certs.client.key }).err.message).toMatch(
      /Envie o certificado em PEM/,
    );
  });

  it(`takes at most ${MAX_CERTIFICATES} certificates`, () => {
    const chain = (n: number) => Array.from({ length: n }, () => certs.client.cert).join('\n');
    expect(splitPemCertificates(chain(MAX_CERTIFICATES))).toHaveLength(MAX_CERTIFICATES);
    const { err } = refusal({
      certificate: chain(MAX_CERTIFICATES + 1),
      private_key: certs.client.key,
    });
    expect(err.field).toBe('certificate');
    expect(err.message).toMatch(/no máximo 10 certificados/);
    // text between blocks is ignored, as before
    expect(
      splitPemCertificates(`Bag Attributes\n${certs.client.cert}\nlixo\n${certs.ca}`),
    ).toHaveLength(2);
  });
});
