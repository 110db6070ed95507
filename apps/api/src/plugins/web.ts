import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type RouteModules = { path: string; modules: string[] };
type Page = { segments: string[]; rank: number; html: string };

/**
 * The `index.html` of each page with `<link rel="modulepreload">` for the page's chunks and their
 * static imports (those the entry does not already name): the browser fetches them beside the
 * entry instead of after running it. Read from the build's `.vite/manifest.json` and
 * `.vite/routes.json` (the route table's addresses and modules, apps/web/vite-plugins/route-table.ts);
 * without them, every page gets the plain `index.html`.
 */
function pagesWithPreloads(webDist: string, indexHtml: string): Page[] {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const routesFile = path.join(webDist, '.vite', 'routes.json');
  if (!existsSync(manifestFile) || !existsSync(routesFile) || !indexHtml.includes('</head>'))
    return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as RouteModules[];
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  return routes.map((route) => {
    const keys = new Set<string>();
    for (const module of route.modules) closure(module, keys);
    const links = [...keys]
      .filter((key) => !entry.has(key) && manifest[key]!.file.endsWith('.js'))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    const segments = route.path.split('/').filter(Boolean);
    return {
      segments,
      // React Router's order: a fixed segment wins over a parameter
      rank: segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), 0),
      html: indexHtml.replace('</head>', `${links.join('\n')}\n</head>`),
    };
  });
}

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

function pageFor(pages: Page[], url: string): Page | undefined {
  let segments: string[];
  try {
    segments = decodeURIComponent(url).toLowerCase().split('/').filter(Boolean);
  } catch {
    return undefined;
  }
  let best: Page | undefined;
  for (const page of pages) {
    if (page.segments.length !== segments.length) continue;
    const matches = page.segments.every(
      (s, i) => s.startsWith(':') || s.toLowerCase() === segments[i],
    );
    if (matches && (!best || page.rank > best.rank)) best = page;
  }
  return best;
}

/**
 * Serves the built web client (apps/web/dist) and answers every unknown path:
 * JSON 404 under /api, the SPA's index.html for other GETs that accept HTML (with the page's
 * chunks named ahead, see `pagesWithPreloads`).
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
  const pages = indexHtml ? pagesWithPreloads(webDist!, indexHtml) : [];

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(pageFor(pages, url)?.html ?? indexHtml);
    }
    return sendError(
      reply,
      'NOT_FOUND',
      isApi || !indexHtml ? 'Rota não encontrada.' : 'Página não encontrada.',
    );
  });
}
