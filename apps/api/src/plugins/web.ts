import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/**
 * Headers that only mean something on a document or an API answer (a policy for what a page may
 * load, frame or send, a request id for the logs) and that every hashed asset would otherwise
 * carry: about 750 of its 1,100 header bytes, paid on each of a page's many chunks over HTTP/1.1.
 * `X-Content-Type-Options: nosniff` and `Cross-Origin-Resource-Policy` stay: they protect the
 * scripts themselves.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
  'last-modified',
];

/**
 * Serves the built web client (apps/web/dist) and answers every unknown path:
 * JSON 404 under /api, the SPA's index.html for other GETs.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = Boolean(indexFile && existsSync(indexFile));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      // the build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are
      // to clients that accept them, with Vary: Accept-Encoding
      preCompressed: true,
      // hashed assets never change; index.html must always be revalidated
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith('/assets/') || reply.statusCode !== 200) return;
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile!, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml);
    }
    return sendError(
      reply,
      'NOT_FOUND',
      isApi || !indexHtml ? 'Rota não encontrada.' : 'Página não encontrada.',
    );
  });
}
