import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthProvidersResponse,
  GoogleCallbackQuery,
  GoogleLinkBody,
  GoogleLinkResponse,
  GoogleStartQuery,
  MessageBody,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { clientInfo } from './client-info';
import {
  finishGoogleSignIn,
  googleEnabled,
  readStateCookie,
  startGoogleLink,
  startGoogleSignIn,
  unlinkGoogle,
} from './google.service';
import type { Redirect } from './google.service';

const Redirected = z.null().describe('Redirecionamento (cabeçalho Location), sem corpo');

function send(reply: FastifyReply, redirect: Redirect) {
  // the answer carries a session or a flow secret: never cached, never referred
  reply.header('Cache-Control', 'no-store');
  reply.header('Referrer-Policy', 'no-referrer');
  if (redirect.cookies.length) reply.header('Set-Cookie', redirect.cookies);
  return reply.redirect(redirect.location, 302);
}

export function googleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.authProviders,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Logins sociais disponíveis neste servidor',
          response: { 200: AuthProvidersResponse },
        },
      },
      async () => ({ google: googleEnabled(ctx) }),
    );

    app.get(
      paths.googleStart,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Entrar com o Google: redireciona ao provedor (OpenID Connect + PKCE)',
          description:
            'Sem Google configurado, redireciona a /login?error=google_unavailable. `return_to` só aceita caminhos relativos.',
          querystring: GoogleStartQuery,
          response: { 302: Redirected, ...errorResponses(400) },
        },
      },
      async (request, reply) => send(reply, await startGoogleSignIn(ctx, request.query)),
    );

    app.get(
      paths.googleCallback,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Retorno do Google: redireciona a /login com a sessão (ou com ?error=)',
          querystring: GoogleCallbackQuery,
          response: { 302: Redirected, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const q = request.url.indexOf('?');
        return send(
          reply,
          await finishGoogleSignIn(ctx, {
            rawQuery: q === -1 ? '' : request.url.slice(q + 1),
            stateCookie: readStateCookie(request.headers.cookie),
            client: clientInfo(request),
          }),
        );
      },
    );

    app.post(
      paths.googleLink,
      {
        schema: {
          tags: ['auth'],
          summary: 'Vincular uma conta Google à conta (Segurança): inicia o OpenID Connect',
          description:
            'Exige `password` ou um login nos últimos 10 minutos (senão 403 REAUTHENTICATION_REQUIRED; ' +
            'senhas erradas seguidas: 429). Responde a URL do Google e um cookie HttpOnly com o estado ' +
            'do fluxo, de uso único e ligado a esta conta e sessão. O retorno leva a ' +
            '/settings/security?google=linked ou ?google_error= (ver GOOGLE_LINK_ERRORS). Já vinculada: ' +
            '409 GOOGLE_ALREADY_LINKED. Google não configurado: 409 GOOGLE_UNAVAILABLE; o Google fora do ar: 503.',
          body: GoogleLinkBody,
          response: { 200: GoogleLinkResponse, ...errorResponses(400, 401, 403, 409, 429, 503) },
        },
      },
      async (request, reply) => {
        const started = await startGoogleLink(ctx, request.actor!, request.body?.password);
        reply.header('Cache-Control', 'no-store');
        reply.header('Set-Cookie', started.cookies);
        return started.body;
      },
    );

    app.delete(
      paths.googleLink,
      {
        schema: {
          tags: ['auth'],
          summary: 'Desvincular a conta Google',
          description:
            'Conta sem senha: 409 GOOGLE_UNLINK_NEEDS_PASSWORD (sem o Google, não conseguiria mais ' +
            'entrar). Nenhuma vinculada: 409 GOOGLE_NOT_LINKED.',
          response: { 200: MessageBody, ...errorResponses(401, 409) },
        },
      },
      async (request) => unlinkGoogle(ctx, request.actor!),
    );
  };
}
