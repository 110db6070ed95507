import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmEmailBody,
  LoginActivitiesQuery,
  LoginActivitiesResponse,
  LogoutBody,
  MeResponse,
  MessageBody,
  RefreshBody,
  RefreshQuery,
  ResetPasswordBody,
  ResetRequestBody,
  SignInBody,
  SignUpBody,
  TokenResponse,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { RateLimit } from '../../config';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getMe, signIn, signUp } from './auth.service';
import { clientInfo } from './client-info';
import {
  confirmEmailAddress,
  resendConfirmationLink,
  sendConfirmationLink,
} from './email-confirmation.service';
import { googleRoutes } from './google.routes';
import { getLoginActivities } from './login-activities.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { endSession, refreshSession } from './sessions.service';

/** Per-IP limit through @fastify/rate-limit (429 + Retry-After, before the body is parsed). */
const perIp = (limit: RateLimit) => ({
  rateLimit: { max: limit.max, timeWindow: limit.windowSeconds * 1000 },
});

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { limits } = ctx.config;
    // work done after answering (reset e-mails) finishes before the app closes
    const background = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...background]);
    });

    app.post(
      paths.user,
      {
        config: { access: 'public', ...perIp(limits.signUpIp) },
        schema: {
          tags: ['auth'],
          summary: 'Criar conta (e o espaço de trabalho do usuário)',
          body: SignUpBody,
          response: { 201: MessageBody, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request, reply) => {
        const user = await signUp(ctx, request.body);
        // 'Confirme seu e-mail' goes out after the answer; a mail failure does not undo the account
        const work = sendConfirmationLink(ctx, user).catch((err: unknown) => {
          ctx.logger.error({ err }, 'falha ao enviar o e-mail de confirmação');
        });
        background.add(work);
        void work.finally(() => background.delete(work));
        return reply.status(201).send({ message: 'Conta criada com sucesso.' });
      },
    );

    app.put(
      paths.confirmEmail,
      {
        config: { access: 'public', ...perIp(limits.resetIp) },
        schema: {
          tags: ['auth'],
          summary: 'Confirmar o e-mail com o link recebido',
          description:
            'Link inválido, vencido ou de um endereço que mudou: 400 INVALID_CONFIRMATION_TOKEN. ' +
            'Confirmar de novo não é erro.',
          body: ConfirmEmailBody,
          response: { 200: MessageBody, ...errorResponses(400, 429) },
        },
      },
      async (request) => confirmEmailAddress(ctx, request.body.token),
    );

    app.post(
      paths.confirmEmail,
      {
        config: perIp(limits.resetIp),
        schema: {
          tags: ['auth'],
          summary: 'Reenviar o link de confirmação do e-mail da conta',
          response: { 200: MessageBody, ...errorResponses(401, 429) },
        },
      },
      async (request) => resendConfirmationLink(ctx, request.actor!),
    );

    app.post(
      paths.token,
      {
        config: { access: 'public', ...perIp(limits.signInIp) },
        schema: {
          tags: ['auth'],
          summary: 'Entrar (e-mail, senha e, com 2FA, o código)',
          description:
            'Com 2FA e sem `two_factor_code`: 401 TWO_FACTOR_REQUIRED (a mensagem contém "2FA Required"). ' +
            'Código errado ou já usado: 401 INVALID_TWO_FACTOR_CODE. Senhas erradas seguidas bloqueiam a conta ' +
            'por um tempo crescente; o bloqueio e os limites por IP respondem 429 com Retry-After.',
          body: SignInBody,
          response: { 200: TokenResponse, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request) => signIn(ctx, request.body, clientInfo(request)),
    );

    app.post(
      paths.refreshToken,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Trocar o refresh token por um novo par (rotação)',
          querystring: RefreshQuery,
          body: RefreshBody,
          response: { 200: TokenResponse, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request) => {
        const token = request.query.token ?? request.body?.token ?? request.body?.refresh_token;
        if (!token)
          throw new AppError('INVALID_REFRESH_TOKEN', 'Sessão expirada. Entre novamente.');
        return refreshSession(ctx, token, request.device.id);
      },
    );

    app.post(
      paths.logout,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sair: encerra a sessão (do refresh token enviado, ou do access token)',
          description:
            'Com `refresh_token` no corpo, encerra a sessão desse token; sem ele, a sessão do access token ' +
            '(Authorization: Bearer). Os access tokens da sessão encerrada são recusados na hora (401). ' +
            'Encerrar uma sessão já encerrada não é erro.',
          body: LogoutBody,
          response: { 200: MessageBody, ...errorResponses(400, 401) },
        },
      },
      async (request) => endSession(ctx, request.actor, request.body?.refresh_token),
    );

    app.get(
      paths.me,
      {
        schema: {
          tags: ['auth'],
          summary: 'O usuário da sessão',
          querystring: z.object({ workspace_id: z.uuid().optional() }),
          response: { 200: MeResponse, ...errorResponses(401) },
        },
      },
      async (request) => getMe(ctx, request.actor!, request.query.workspace_id),
    );

    app.post(
      paths.resetPassword,
      {
        config: { access: 'public', ...perIp(limits.resetIp) },
        schema: {
          tags: ['auth'],
          summary: 'Pedir um link de redefinição de senha por e-mail',
          description:
            'A resposta é a mesma para e-mails com e sem conta. O link vale 1 hora e serve uma vez; ' +
            'os três links mais novos de uma conta valem ao mesmo tempo. Abrir o link confirma o ' +
            'e-mail e remove o Google e o 2FA configurados antes da confirmação.',
          body: ResetRequestBody,
          response: { 200: MessageBody, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        const { message, background: work } = await requestPasswordReset(
          ctx,
          request.body.email,
          request.ip,
        );
        if (work) {
          background.add(work);
          void work.finally(() => background.delete(work));
        }
        return { message };
      },
    );

    app.put(
      paths.resetPassword,
      {
        config: { access: 'public', ...perIp(limits.resetIp) },
        schema: {
          tags: ['auth'],
          summary: 'Definir a nova senha com o link recebido por e-mail',
          description:
            'Encerra todas as sessões do usuário. Link inválido, vencido ou já usado: 400 INVALID_RESET_TOKEN.',
          body: ResetPasswordBody,
          response: { 200: MessageBody, ...errorResponses(400, 429) },
        },
      },
      async (request) => resetPassword(ctx, request.body.token, request.body.password),
    );

    app.get(
      paths.loginActivities,
      {
        schema: {
          tags: ['auth'],
          summary: 'Registro de atividades de acesso (os seus logins, mais recentes primeiro)',
          querystring: LoginActivitiesQuery,
          response: { 200: LoginActivitiesResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) =>
        getLoginActivities(ctx, request.actor!, request.query.page, request.query.size),
    );

    await app.register(googleRoutes(ctx));
  };
}
