import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '@fa-clube/contract';
import type { AppContext } from './lib/context';
import { loggerOptions } from './lib/log';
import { nameRequestSpan } from './lib/tracing';
import { modules } from './modules';
import { guardRoutes, registerAuth } from './plugins/auth';
import type { RouteAccess } from './plugins/auth';
import { registerDrain } from './plugins/drain';
import { registerErrorHandling } from './plugins/errors';
import { alwaysServed, registerLoadShedding } from './plugins/load';
import { registerOpenApi } from './plugins/openapi';
import { registerProbes } from './plugins/probes';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler } from './plugins/serializer';
import { ipSource } from './lib/rate-limit';
import { registerWeb } from './plugins/web';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildOptions {
  /** Built web client to serve; undefined serves the API only. */
  webDist?: string;
  /** Pretty logs for `npm run dev`. */
  prettyLogs?: boolean;
  /** Fastify logger instance/options override (tests pass false). */
  logger?: boolean;
  /** Where the request log goes instead of stdout (tests read it to check redaction). */
  logStream?: { write(line: string): void };
  /** Hears each API route with who may call it (the route listing test). */
  onGuardedRoute?: (route: { method: string; url: string; access: RouteAccess }) => void;
}

export type App = FastifyInstance;

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            ...(loggerOptions(config.logLevel, opts.prettyLogs) as object),
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: config.bodyLimit,
    // slow or stalled clients cannot hold sockets open without end
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  registerErrorHandling(app);
  registerDrain(app);
  await registerLoadShedding(app, ctx);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', ...extraOrigins(ctx)],
        'media-src': ["'self'", 'blob:', ...extraOrigins(ctx)],
        'connect-src': ["'self'", ...extraOrigins(ctx)],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false });
  }
  await app.register(rateLimit, {
    global: false,
    // per address, an IPv6 client by its /64 (it holds them all)
    keyGenerator: (request) => ipSource(request.ip),
    // with REDIS_URL every process counts together
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: `${config.redis!.keyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: 'Muitas tentativas. Tente novamente mais tarde.',
      code: 'RATE_LIMITED',
      retryAfter: context.ttl,
    }),
  });
  registerAuth(app, ctx);
  await registerOpenApi(app);
  registerProbes(app, ctx);
  if (config.metrics) observeRequests(app, ctx);
  if (config.otel)
    app.addHook('onRequest', async (request) =>
      nameRequestSpan(request.method, request.routeOptions.url ?? 'sem rota'),
    );

  app.get(
    `${API_PREFIX}/health`,
    {
      config: alwaysServed,
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => ({ status: 'ok' as const, database: ctx.database.kind }),
  );

  // every module's routes in one scope whose guard is on by default (plugins/auth.ts guardRoutes)
  await app.register(
    async (api) => {
      guardRoutes(api, opts.onGuardedRoute);
      for (const mod of modules) for (const routes of mod.routes) await api.register(routes(ctx));
    },
    { prefix: API_PREFIX },
  );

  await registerWeb(app, opts.webDist);
  return app;
}

/** S3 endpoint and CDN origins, when media is served from there, for the CSP. */
function extraOrigins(ctx: AppContext): string[] {
  const endpoint = ctx.config.storage.s3?.endpoint;
  const cdn = ctx.config.mediaBaseUrl;
  return [endpoint, cdn].filter((u): u is string => !!u).map((u) => new URL(u).origin);
}

/** Every answer's duration by route pattern and status (METRICS_PORT). */
function observeRequests(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onResponse', async (request, reply) => {
    ctx.metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'sem rota',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * The server of a ROLE=jobs process: the probes and nothing else (it serves no API and no page,
 * and the load balancer never sends it users).
 */
export async function buildProbeApp(ctx: AppContext): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel) as object,
  }).withTypeProvider<ZodTypeProvider>();
  registerErrorHandling(app);
  registerDrain(app);
  registerProbes(app, ctx);
  return app;
}
