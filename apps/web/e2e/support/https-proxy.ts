import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The app as it is deployed: behind a reverse proxy that speaks HTTPS and HTTP/2 to browsers
 * (README: APP_URL=https://…, TRUST_PROXY). A local stand-in for the Lighthouse journey: a
 * certificate made for 127.0.0.1 by openssl for this run, every request forwarded as it came to
 * the app over HTTP/1.1. Chromium trusts exactly this certificate through its public key's hash
 * (`--ignore-certificate-errors-spki-list`), nothing else.
 */
export interface HttpsProxy {
  url: string;
  /** base64 SHA-256 of the certificate's public key, for Chromium's SPKI list */
  spki: string;
  close: () => Promise<void>;
}

// connection-specific headers: HTTP/2 forbids them, and they describe one hop only
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
]);

export async function startHttpsProxy(target: string): Promise<HttpsProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fa-clube-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const pem = { key: readFileSync(key), cert: readFileSync(cert) };
    const publicKey = new X509Certificate(pem.cert).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    const spki = createHash('sha256').update(publicKey).digest('base64');
    const upstream = new URL(target);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

    const server = http2.createSecureServer({ ...pem, allowHTTP1: true }, (req, res) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
      headers.host = req.headers[':authority'] ?? req.headers.host;
      headers['x-forwarded-proto'] = 'https';
      const forward = http.request(
        {
          agent,
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers,
        },
        (answer) => {
          const out: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forward);
    });
    // every client connection (HTTP/2 or HTTP/1.1), ended on close: an open one holds the server
    const sockets = new Set<Socket>();
    server.on('secureConnection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `https://127.0.0.1:${port}`,
      spki,
      close: () =>
        new Promise<void>((resolve) => {
          agent.destroy();
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
