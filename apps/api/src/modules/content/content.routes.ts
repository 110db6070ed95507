import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContentItem,
  ContentItemParams,
  ContentObjectQuery,
  ContentObjectResponse,
  ContentParams,
  ContentsResponse,
  CreateContentBody,
  FeedQuery,
  LikeResponse,
  MessageBody,
  ProfileContentsQuery,
  ScheduledContentsResponse,
  UpdateContentBody,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { HLS_PLAYLIST_TYPE } from '../../lib/storage';
import { readSignedPlaylist } from './hls.service';
import {
  createContent,
  deleteContent,
  getContentObjectUrl,
  getFeed,
  getProfileContents,
  getScheduledContents,
  retryContentMedia,
  toggleContentLike,
  updateContentSchedule,
} from './content.service';

const tags = ['content'];

/** Posts, likes, the feed, a profile's posts and signed media URLs. */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      paths.content,
      {
        schema: {
          tags,
          summary: 'Publicar um post com texto e até um anexo (somente o proprietário)',
          description:
            'O anexo é um arquivo já enviado ao armazenamento do espaço (POST /workspaces/objects/{ws} e PUT), ' +
            'conferido pelo conteúdo (JPEG, PNG, WebP, MP4, MOV ou WebM). Um vídeo é processado na fila ' +
            '(`status: processing`, `progress`) e só aparece para os assinantes quando fica `ready`. ' +
            '`poster_path`: imagem de capa de um vídeo. ' +
            '`publish_at` (ISO 8601 com fuso, no futuro, em até um ano) agenda o post: até lá só a equipe o vê. ' +
            '`description` é aceito como sinônimo de `text`.',
          params: ContentParams,
          body: CreateContentBody,
          response: { 201: ContentItem, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createContent(ctx, request.actor, request.params.ws, request.body)),
    );

    app.patch(
      paths.contentItem,
      {
        schema: {
          tags,
          summary:
            'Mudar o horário de um post agendado ou publicá-lo agora (proprietário e membros)',
          description:
            '`publish_at`: nova data e hora (ISO 8601 com fuso, no futuro, em até um ano); `null` publica agora. ' +
            '409 CONTENT_ALREADY_PUBLISHED para um post já publicado.',
          params: ContentItemParams,
          body: UpdateContentBody,
          response: { 200: ContentItem, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        updateContentSchedule(
          ctx,
          request.actor,
          request.params.ws,
          request.params.id,
          request.body,
        ),
    );

    app.get(
      paths.scheduledContents,
      {
        schema: {
          tags,
          summary: 'Posts agendados do espaço, os mais próximos primeiro (proprietário e membros)',
          params: ContentParams,
          response: { 200: ScheduledContentsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getScheduledContents(ctx, request.actor, request.params.ws),
    );

    app.delete(
      paths.contentItem,
      {
        schema: {
          tags,
          summary: 'Excluir um post, suas curtidas e seus arquivos (somente o proprietário)',
          params: ContentItemParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteContent(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.post(
      paths.contentRetryMedia,
      {
        schema: {
          tags,
          summary: 'Processar de novo o vídeo de um post que falhou (somente o proprietário)',
          description:
            'O vídeo volta a `processing` e entra na fila; o post segue oculto para os assinantes até ficar pronto. ' +
            '409 MEDIA_NOT_FAILED quando nenhum vídeo do post falhou.',
          params: ContentItemParams,
          response: { 200: ContentItem, ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request) =>
        retryContentMedia(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.post(
      paths.contentLike,
      {
        schema: {
          tags,
          summary: 'Curtir ou descurtir um post (proprietário, membros e assinantes ativos)',
          params: ContentItemParams,
          response: { 200: LikeResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        toggleContentLike(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.get(
      paths.feed,
      {
        config: { heavy: true },
        schema: {
          tags,
          summary: 'Feed: posts dos meus espaços e dos perfis que assino, mais novos primeiro',
          params: ContentParams,
          querystring: FeedQuery,
          response: { 200: ContentsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getFeed(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      paths.profileContents,
      {
        config: { heavy: true },
        schema: {
          tags,
          summary: 'Posts de um perfil (proprietário, membros e assinantes ativos)',
          description:
            'Quem não assina recebe 403 SUBSCRIPTION_REQUIRED; o perfil público informa só total_content.',
          params: ContentParams,
          querystring: ProfileContentsQuery,
          response: { 200: ContentsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getProfileContents(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      paths.contentObject,
      {
        config: { access: 'optional' },
        schema: {
          tags,
          summary: 'URL assinada e temporária de um arquivo de um post (ou avatar e capa públicos)',
          description:
            'Arquivos de posts: só para proprietário, membros e assinantes ativos; qualquer outro caso é 404. ' +
            '`file_path` = `avatar` ou `cover` responde a URL pública da imagem, para todos.',
          querystring: ContentObjectQuery,
          response: { 200: ContentObjectResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getContentObjectUrl(ctx, request.actor, request.query),
    );

    app.get(
      paths.mediaHls,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Playlist HLS de um vídeo, com URLs assinadas (link assinado de curta duração)',
          description:
            'A assinatura decide quem lê (como nos demais arquivos): quem pode ver o post recebe ' +
            '`hls_url` com o anexo. A resposta lista as playlists e os segmentos com URLs assinadas.',
          querystring: z.object({
            key: z.string().max(2000).optional(),
            exp: z.string().max(20).optional(),
            sig: z.string().max(200).optional(),
          }),
          response: {
            200: z.string().meta({ description: 'Playlist M3U8' }),
            ...errorResponses(403, 404),
          },
        },
      },
      async (request, reply) => {
        const { body, expires } = await readSignedPlaylist(ctx, request.query);
        const left = Math.max(0, expires - Math.floor(ctx.clock.now().getTime() / 1000));
        return reply
          .header('Content-Type', HLS_PLAYLIST_TYPE)
          .header('Cache-Control', `private, max-age=${Math.min(left, 60)}`)
          .send(body);
      },
    );
  };
}
