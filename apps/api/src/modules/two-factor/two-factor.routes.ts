import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TwoFactorStatus,
  TwoFactorToggleBody,
  TwoFactorToggleQuery,
  TwoFactorToggleResponse,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { renewSession } from '../auth/auth.service';
import { getTwoFactorStatus, toggleTwoFactor } from './two-factor.service';

/** GET and PATCH /2fa (turning 2FA on or off ends with a new session, from the auth module). */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.twoFactor,
      {
        schema: {
          tags: ['auth'],
          summary: 'Estado do 2FA; desligado, inclui o QR code (URI otpauth://) e o segredo',
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
        schema: {
          tags: ['auth'],
          summary: 'Ativar ou desativar o 2FA com um código do aplicativo autenticador',
          description:
            'Código errado, vencido ou já usado: 400 VALIDATION_ERROR em `code`. Tentativas demais: 429. ' +
            'Ativar exige `password` no corpo ou um login nos últimos 10 minutos (senão 403 ' +
            'REAUTHENTICATION_REQUIRED) e responde `recovery_codes`: dez códigos de uso único, mostrados ' +
            'só agora. Desativar aceita um código de recuperação no lugar do código. Ativar ou desativar ' +
            'encerra TODAS as sessões da conta, inclusive a de quem chama: a resposta traz em `session` ' +
            'a nova sessão deste dispositivo (os tokens antigos passam a ser recusados). ' +
            'Segredo ilegível: 409 TWO_FACTOR_SECRET_UNREADABLE.',
          querystring: TwoFactorToggleQuery,
          body: TwoFactorToggleBody,
          response: { 200: TwoFactorToggleResponse, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const actor = request.actor!;
        const result = await toggleTwoFactor(
          ctx,
          actor,
          request.query.code,
          request.body?.password,
        );
        return { ...result, session: await renewSession(ctx, actor) };
      },
    );
  };
}
