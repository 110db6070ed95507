import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  MeResponse,
  MessageBody,
  RefreshBody,
  RefreshQuery,
  SignInBody,
  SignUpBody,
  TokenResponse,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { unauthorized } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { getMe, signIn, signUp } from './auth.service';
import { refreshSession } from './sessions.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      paths.user,
      {
        schema: {
          tags: ['auth'],
          summary: 'Criar conta (e o espaço de trabalho do usuário)',
          body: SignUpBody,
          response: { 201: MessageBody, ...errors },
        },
      },
      async (request, reply) => {
        await signUp(ctx, request.body);
        return reply.status(201).send({ message: 'Conta criada com sucesso.' });
      },
    );

    app.post(
      paths.token,
      {
        schema: {
          tags: ['auth'],
          summary: 'Entrar (e-mail, senha e, com 2FA, o código)',
          body: SignInBody,
          response: { 200: TokenResponse, ...errors },
        },
      },
      async (request) => signIn(ctx, request.body, { deviceId: request.device.id }),
    );

    app.post(
      paths.refreshToken,
      {
        schema: {
          tags: ['auth'],
          summary: 'Trocar o refresh token por um novo par (rotação)',
          querystring: RefreshQuery,
          body: RefreshBody,
          response: { 200: TokenResponse, ...errors },
        },
      },
      async (request) => {
        const token = request.query.token ?? request.body?.token ?? request.body?.refresh_token;
        if (!token)
          throw unauthorized('Sessão expirada. Entre novamente.', 'INVALID_REFRESH_TOKEN');
        return refreshSession(ctx, token, request.device.id);
      },
    );

    app.get(
      paths.me,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['auth'],
          summary: 'O usuário da sessão',
          security: [{ bearerAuth: [] }],
          querystring: z.object({ workspace_id: z.uuid().optional() }),
          response: { 200: MeResponse, 401: ErrorBody },
        },
      },
      async (request) => getMe(ctx, request.actor!, request.query.workspace_id),
    );
  };
}
