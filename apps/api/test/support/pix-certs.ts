import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Certificates for the stand-in PSP's mutual TLS, made at test time with the
 * openssl command line (no private key is committed): a test CA, the PSP's
 * server certificate for 127.0.0.1 and localhost, two client certificates
 * issued by the CA (PEM, one also as a PKCS#12 bundle with a passphrase), and a
 * self-signed client certificate the PSP refuses. Made once per process, in a
 * temporary directory.
 */
export interface TestCertificates {
  dir: string;
  ca: string;
  server: { cert: string; key: string };
  /** Issued by the test CA: accepted by the PSP. */
  client: { cert: string; key: string; pkcs12Base64: string; passphrase: string };
  /** Another accepted client certificate (a second creator's account). */
  client2: { cert: string; key: string };
  /** Self-signed: the PSP's TLS refuses it. */
  stranger: { cert: string; key: string };
  /** Files, for settings that take a path (PIX_CA_FILE, PIX_CLIENT_CERT_FILE, ...). */
  files: { ca: string; clientCert: string; clientKey: string };
}

let made: TestCertificates | null = null;

export function testCertificates(): TestCertificates {
  if (made) return made;
  const dir = mkdtempSync(path.join(tmpdir(), 'fa-clube-psp-certs-'));
  const run = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
  const key = (name: string) =>
    run('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', `${name}.key`);
  const issue = (name: string, subject: string, ext: string) => {
    key(name);
    run('req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`);
    writeFileSync(path.join(dir, `${name}.ext`), ext);
    run(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '400',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.crt`,
    );
  };

  key('ca');
  run(
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-sha256',
    '-days',
    '800',
    '-subj',
    '/C=BR/O=PSP de Teste/CN=AC de Teste do PSP',
    '-out',
    'ca.crt',
  );
  issue(
    'server',
    '/C=BR/O=PSP de Teste/CN=127.0.0.1',
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  issue('client', '/C=BR/O=Criadora de Teste/CN=cliente-pix-1', 'extendedKeyUsage=clientAuth\n');
  issue('client2', '/C=BR/O=Criador Dois/CN=cliente-pix-2', 'extendedKeyUsage=clientAuth\n');
  const passphrase = 'senha-do-pfx-de-teste';
  run(
    'pkcs12',
    '-export',
    '-in',
    'client.crt',
    '-inkey',
    'client.key',
    '-certfile',
    'ca.crt',
    '-passout',
    `pass:${passphrase}`,
    '-out',
    'client.p12',
  );
  key('stranger');
  run(
    'req',
    '-x509',
    '-new',
    '-key',
    'stranger.key',
    '-sha256',
    '-days',
    '30',
    '-subj',
    '/C=BR/O=Ninguem/CN=autoassinado',
    '-out',
    'stranger.crt',
  );

  made = {
    dir,
    ca: read('ca.crt'),
    server: { cert: read('server.crt'), key: read('server.key') },
    client: {
      cert: read('client.crt'),
      key: read('client.key'),
      pkcs12Base64: readFileSync(path.join(dir, 'client.p12')).toString('base64'),
      passphrase,
    },
    client2: { cert: read('client2.crt'), key: read('client2.key') },
    stranger: { cert: read('stranger.crt'), key: read('stranger.key') },
    files: {
      ca: path.join(dir, 'ca.crt'),
      clientCert: path.join(dir, 'client.crt'),
      clientKey: path.join(dir, 'client.key'),
    },
  };
  return made;
}
