import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  TwoFactorStatus,
  TwoFactorToggleQuery,
  TwoFactorToggleResponse,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/auth';
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
          security: [{ bearerAuth: [] }],
          response: { 200: TwoFactorStatus, 401: ErrorBody },
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
          security: [{ bearerAuth: [] }],
          querystring: TwoFactorToggleQuery,
          response: {
            200: TwoFactorToggleResponse,
            400: ErrorBody,
            401: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request) => toggleTwoFactor(ctx, request.actor!, request.query.code),
    );
  };
}
