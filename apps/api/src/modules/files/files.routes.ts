import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompleteUploadResponse,
  FilesQuery,
  FilesResponse,
  FolderBody,
  FolderEntry,
  ImageUploadBody,
  ImageUploadResponse,
  MessageBody,
  ObjectQuery,
  ObjectUploadBody,
  ObjectUploadResponse,
  ObjectUrlResponse,
  StorageUsage,
  UploadIdParams,
  WorkspaceIdParams,
  WorkspaceObjectParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { LocalStorage, PUBLIC_PREFIX, isValidKey } from '../../lib/storage';
import {
  createObjectFolder,
  deleteObject,
  getObjectUrl,
  getStorageUsage,
  listObjects,
  requestObjectUpload,
} from './files.service';
import {
  completeUpload,
  requestUserAvatarUpload,
  requestWorkspaceImageUpload,
} from './images.service';
import { BinaryBody, sendStoredObject } from './storage.routes';

const tags = ['files'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** S3 public images: one presigned URL per hour, so browsers can cache the redirect target. */
const PUBLIC_URL_WINDOW_SECONDS = 3600;

export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- profile images ----
    app.post(
      paths.userAvatarUpload,
      {
        schema: {
          tags,
          summary: 'Link para enviar a minha foto de perfil',
          description:
            'Responde um PUT pré-assinado (10 min). Depois do PUT, chame POST /uploads/{upload_id}/complete.',
          body: ImageUploadBody,
          response: {
            200: ImageUploadResponse,
            ...errorResponses(400, 401, 403, 404, 413, 415, 429),
          },
        },
      },
      async (request) => requestUserAvatarUpload(ctx, request.actor, request.body),
    );

    for (const [path, kind] of [
      [paths.workspaceAvatarUpload, 'avatar'],
      [paths.workspaceCoverUpload, 'cover'],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary:
              kind === 'avatar'
                ? 'Link para enviar o avatar do espaço de trabalho (proprietário)'
                : 'Link para enviar a imagem de capa do espaço de trabalho (proprietário)',
            description:
              'Responde um PUT pré-assinado (10 min). Depois do PUT, chame POST /uploads/{upload_id}/complete.',
            params: WorkspaceIdParams,
            body: ImageUploadBody,
            response: {
              200: ImageUploadResponse,
              ...errorResponses(400, 401, 403, 404, 413, 415, 429),
            },
          },
        },
        async (request) =>
          requestWorkspaceImageUpload(ctx, request.actor, request.params.id, kind, request.body),
      );
    }

    app.post(
      paths.uploadComplete,
      {
        schema: {
          tags,
          summary: 'Concluir o envio de uma imagem: verificar, processar e publicar',
          params: UploadIdParams,
          response: {
            200: CompleteUploadResponse,
            ...errorResponses(400, 401, 403, 404, 409, 413, 415),
          },
        },
      },
      async (request) => completeUpload(ctx, request.actor, request.params.uploadId),
    );

    app.get(
      paths.publicImages,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Imagem pública (avatar, capa); o endereço muda quando a imagem muda',
          params: z.object({ '*': z.string().max(1000) }),
          response: {
            200: BinaryBody,
            206: BinaryBody,
            302: BinaryBody,
            304: BinaryBody,
            ...errorResponses(404, 412, 416),
          },
        },
      },
      async (request, reply) => {
        const key = PUBLIC_PREFIX + request.params['*'];
        if (!isValidKey(key)) throw new AppError('FILE_NOT_FOUND', 'Imagem não encontrada.');
        if (ctx.storage instanceof LocalStorage)
          return sendStoredObject(ctx.storage, key, request, reply, IMMUTABLE);
        const ttl = 3600;
        const signed = await ctx.storage.presignGet(key, {
          expiresInSeconds: ttl,
          cacheWindowSeconds: PUBLIC_URL_WINDOW_SECONDS,
          cacheControl: IMMUTABLE,
        });
        const windowEnds = signed.expiresAt.getTime() - ttl * 1000;
        const maxAge = Math.max(0, Math.floor((windowEnds - ctx.clock.now().getTime()) / 1000));
        return reply.header('Cache-Control', `public, max-age=${maxAge}`).redirect(signed.url, 302);
      },
    );

    // ---- the workspace file store ----
    app.post(
      paths.objects,
      {
        schema: {
          tags,
          summary: 'Link pré-assinado para enviar um arquivo do espaço de trabalho (proprietário)',
          params: WorkspaceObjectParams,
          body: ObjectUploadBody,
          response: {
            200: ObjectUploadResponse,
            ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
          },
        },
      },
      async (request) => requestObjectUpload(ctx, request.actor, request.params.ws, request.body),
    );

    app.get(
      paths.objects,
      {
        schema: {
          tags,
          summary: 'Link de visualização (5 min) de um arquivo (proprietário e membros)',
          params: WorkspaceObjectParams,
          querystring: ObjectQuery,
          response: { 200: ObjectUrlResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        getObjectUrl(ctx, request.actor, request.params.ws, request.query.file_path),
    );

    app.delete(
      paths.objects,
      {
        schema: {
          tags,
          summary: 'Excluir um arquivo (proprietário)',
          params: WorkspaceObjectParams,
          querystring: ObjectQuery,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        deleteObject(ctx, request.actor, request.params.ws, request.query.file_path),
    );

    app.get(
      paths.objectFiles,
      {
        schema: {
          tags,
          summary: 'Arquivos e pastas de uma pasta (proprietário e membros)',
          params: WorkspaceObjectParams,
          querystring: FilesQuery,
          response: { 200: FilesResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listObjects(ctx, request.actor, request.params.ws, request.query.prefix),
    );

    app.get(
      paths.objectUsage,
      {
        schema: {
          tags,
          summary: 'Espaço usado e cota do armazenamento (proprietário e membros)',
          params: WorkspaceObjectParams,
          response: { 200: StorageUsage, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getStorageUsage(ctx, request.actor, request.params.ws),
    );

    app.post(
      paths.objectFolder,
      {
        schema: {
          tags,
          summary: 'Criar uma pasta (proprietário)',
          params: WorkspaceObjectParams,
          body: FolderBody,
          response: { 201: FolderEntry, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createObjectFolder(ctx, request.actor, request.params.ws, request.body.path)),
    );
  };
}
