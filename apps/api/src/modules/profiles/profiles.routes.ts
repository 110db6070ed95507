import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContentParams,
  CreatorSearchQuery,
  CreatorSearchResponse,
  Profile,
  ProfileQuery,
  RecommendedResponse,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { findCreators, getProfile, getRecommended } from './profiles.service';

const tags = ['profiles'];

/** Public creator profiles and recommendations. */
export function profilesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.profile,
      {
        config: { access: 'optional' },
        schema: {
          tags,
          summary: 'Perfil público de um criador (e a relação de quem pergunta com ele)',
          querystring: ProfileQuery,
          response: { 200: Profile, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getProfile(ctx, request.actor, request.query.username),
    );

    app.get(
      paths.creatorSearch,
      {
        schema: {
          tags,
          summary: 'Buscar criadores pelo nome ou @usuário (até 20)',
          description:
            'q de 2 a 60 caracteres; um @ no início é ignorado. O nome casa por palavras (prefixo de ' +
            'cada uma, sem acentos); o @usuário, pelo começo. Só criadores (decisões 093 e 094).',
          querystring: CreatorSearchQuery,
          response: { 200: CreatorSearchResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => findCreators(ctx, request.actor, request.query.q),
    );

    app.get(
      paths.recommended,
      {
        config: { heavy: true },
        schema: {
          tags,
          summary: 'Perfis recomendados: criadores com posts que ainda não sigo (até 10)',
          params: ContentParams,
          response: { 200: RecommendedResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getRecommended(ctx, request.actor, request.params.ws),
    );
  };
}
