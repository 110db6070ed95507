import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailBody,
  DeleteAccountBody,
  EmailChangeRequested,
  ExportBody,
  MeResponse,
  MessageBody,
  PasswordChanged,
  RevokedSessionsResponse,
  SessionParams,
  SessionsResponse,
  UpdateProfileBody,
  accountPaths,
  errorResponses,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  endOtherSessions,
  endSession,
  exportPersonalData,
  listSessions,
  requestEmailChange,
  updateProfile,
} from './account.service';
import type { RequestOrigin } from './account.service';

const tags = ['account'];

function originOf(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    deviceType: request.device.type,
    userAgent: typeof ua === 'string' ? ua : null,
  };
}

/** The person's own account: name, password, e-mail, sessions, export and deletion. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      accountPaths.me,
      {
        schema: {
          tags,
          summary: 'Alterar o meu nome completo',
          body: UpdateProfileBody,
          response: { 200: MeResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => updateProfile(ctx, request.actor, request.body),
    );

    app.post(
      accountPaths.password,
      {
        schema: {
          tags,
          summary: 'Trocar a senha (encerra as outras sessões)',
          body: ChangePasswordBody,
          response: {
            200: PasswordChanged,
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request) => changePassword(ctx, request.actor, request.body),
    );

    app.post(
      accountPaths.email,
      {
        schema: {
          tags,
          summary: 'Pedir a troca do e-mail (confirmada por link no novo endereço)',
          body: ChangeEmailBody,
          response: { 202: EmailChangeRequested, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await requestEmailChange(ctx, request.actor, request.body)),
    );

    app.post(
      accountPaths.emailConfirm,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Confirmar o novo e-mail com o link recebido',
          body: ConfirmEmailBody,
          response: { 200: EmailChangeRequested, ...errorResponses(400, 409) },
        },
      },
      async (request) => confirmEmailChange(ctx, request.body.token),
    );

    app.get(
      accountPaths.sessions,
      {
        schema: {
          tags,
          summary: 'Minhas sessões abertas (a atual marcada)',
          response: { 200: SessionsResponse, ...errorResponses(401) },
        },
      },
      async (request) => listSessions(ctx, request.actor),
    );

    app.delete(
      accountPaths.otherSessions,
      {
        schema: {
          tags,
          summary: 'Encerrar todas as outras sessões',
          response: { 200: RevokedSessionsResponse, ...errorResponses(401) },
        },
      },
      async (request) => endOtherSessions(ctx, request.actor),
    );

    app.delete(
      accountPaths.session,
      {
        schema: {
          tags,
          summary: 'Encerrar uma sessão',
          params: SessionParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => endSession(ctx, request.actor, request.params.id),
    );

    const exportSchema = {
      tags,
      summary: 'Baixar meus dados (LGPD): um arquivo JSON',
      produces: ['application/json'],
      response: {
        // a stream (never serialized): one JSON document
        200: z.unknown().meta({
          description:
            'perfil, espaços, assinaturas, pagamentos, publicações, curtidas, acessos, consentimentos e mensagens enviadas no chat',
        }),
        ...errorResponses(400, 401, 403, 429),
      },
    };
    const sendExport = async (
      request: FastifyRequest,
      reply: FastifyReply,
      password: string | undefined,
    ) => {
      const { fileName, document } = await exportPersonalData(
        ctx,
        request.actor,
        password,
        originOf(request),
      );
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(document);
    };
    app.get(
      accountPaths.export,
      {
        schema: {
          ...exportSchema,
          description:
            'Exige um login nos últimos 10 minutos (senão 403 REAUTHENTICATION_REQUIRED: use POST com a senha). O e-mail da conta é avisado.',
        },
      },
      (request, reply) => sendExport(request, reply, undefined),
    );
    app.post(
      accountPaths.export,
      {
        schema: {
          ...exportSchema,
          description: 'O mesmo arquivo, confirmando a senha atual. O e-mail da conta é avisado.',
          body: ExportBody,
        },
      },
      (request, reply) => sendExport(request, reply, request.body.password),
    );

    app.delete(
      accountPaths.me,
      {
        schema: {
          tags,
          summary: 'Excluir a minha conta',
          description:
            'Senhas erradas seguidas (aqui, na troca de senha ou de e-mail e ao ativar o 2FA) bloqueiam ' +
            'a confirmação por senha da conta por um tempo crescente: 429 com Retry-After.',
          body: DeleteAccountBody,
          response: { 200: MessageBody, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request) =>
        deleteAccount(ctx, request.actor, request.body.password, originOf(request)),
    );
  };
}
