import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContentParams,
  ErrorBody,
  Profile,
  ProfileQuery,
  RecommendedResponse,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { optionalAuth, requireAuth } from '../../plugins/auth';
import { getProfile, getRecommended } from './profiles.service';

const security = [{ bearerAuth: [] }];
const tags = ['profiles'];

/** Public creator profiles and recommendations. */
export function profilesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.profile,
      {
        preHandler: optionalAuth,
        schema: {
          tags,
          security,
          summary: 'Perfil público de um criador (e a relação de quem pergunta com ele)',
          querystring: ProfileQuery,
          response: { 200: Profile, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => getProfile(ctx, request.actor, request.query.username),
    );

    app.get(
      paths.recommended,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'Perfis recomendados: criadores com posts que ainda não sigo (até 10)',
          params: ContentParams,
          response: { 200: RecommendedResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => getRecommended(ctx, request.actor, request.params.ws),
    );
  };
}
