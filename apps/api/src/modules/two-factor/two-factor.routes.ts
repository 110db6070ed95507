import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TwoFactorStatus, errorResponses, paths } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/auth';
import { bearerSecurity } from '../../plugins/openapi';
import { getTwoFactorStatus } from './two-factor.service';

/** GET /2fa. PATCH /2fa lives in the auth module: it ends with a new session (auth.routes.ts). */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.twoFactor,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['auth'],
          summary: 'Estado do 2FA; desligado, inclui o QR code (URI otpauth://) e o segredo',
          security: bearerSecurity,
          response: { 200: TwoFactorStatus, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return getTwoFactorStatus(ctx, request.actor!);
      },
    );
  };
}
