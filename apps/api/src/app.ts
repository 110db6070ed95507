import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '@fa-clube/contract';
import type { AppContext } from './lib/context';
import { loggerOptions } from './lib/log';
import { authRoutes } from './modules/auth/auth.routes';
import { contentRoutes } from './modules/content/content.routes';
import { filesRoutes } from './modules/files/files.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { storageRoutes } from './modules/files/storage.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { webhookRoutes } from './modules/subscriptions/webhooks.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { teamRoutes } from './modules/workspaces/team.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
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
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  registerErrorHandling(app);
  await app.register(helmet, {
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
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: 'Muitas tentativas. Tente novamente mais tarde.',
      code: 'RATE_LIMITED',
      retryAfter: context.ttl,
    }),
  });
  registerAuth(app, ctx);
  await registerOpenApi(app);

  app.get(
    `${API_PREFIX}/health`,
    {
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => ({ status: 'ok' as const, database: ctx.database.kind }),
  );

  await app.register(authRoutes(ctx), { prefix: API_PREFIX });
  await app.register(subscriptionsRoutes(ctx), { prefix: API_PREFIX });
  await app.register(webhookRoutes(ctx), { prefix: API_PREFIX });
  await app.register(twoFactorRoutes(ctx), { prefix: API_PREFIX });
  await app.register(workspacesRoutes(ctx), { prefix: API_PREFIX });
  await app.register(teamRoutes(ctx), { prefix: API_PREFIX });
  await app.register(filesRoutes(ctx), { prefix: API_PREFIX });
  await app.register(storageRoutes(ctx), { prefix: API_PREFIX });
  await app.register(contentRoutes(ctx), { prefix: API_PREFIX });
  await app.register(profilesRoutes(ctx), { prefix: API_PREFIX });

  await registerWeb(app, opts.webDist);
  return app;
}

/** S3 endpoint origin, when files are served from there, for the CSP. */
function extraOrigins(ctx: AppContext): string[] {
  const endpoint = ctx.config.storage.s3?.endpoint;
  return endpoint ? [new URL(endpoint).origin] : [];
}

export const webDistPath = (root = DEFAULT_WEB_DIST) => path.resolve(root);
