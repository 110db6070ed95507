import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TwoFactorStatus,
  TwoFactorToggleQuery,
  TwoFactorToggleResponse,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/auth';
import { bearerSecurity } from '../../plugins/openapi';
import { getTwoFactorStatus, toggleTwoFactor } from './two-factor.service';

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

    app.patch(
      paths.twoFactor,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['auth'],
          summary: 'Ativar ou desativar o 2FA com um código do aplicativo autenticador',
          description:
            'Código errado, vencido ou já usado: 400 INVALID_TWO_FACTOR_CODE. Tentativas demais: 429.',
          security: bearerSecurity,
          querystring: TwoFactorToggleQuery,
          response: { 200: TwoFactorToggleResponse, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => toggleTwoFactor(ctx, request.actor!, request.query.code),
    );
  };
}
