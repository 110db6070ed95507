import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthProvidersResponse,
  GoogleCallbackQuery,
  GoogleStartQuery,
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
  startGoogleSignIn,
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
  };
}
