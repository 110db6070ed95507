import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, paths } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { contentTypeForKey, LocalStorage } from '../../lib/storage';
import { fileNotFound, settleReceivedObject } from './files.service';

/** Binary bodies: documented in OpenAPI, never serialized (streams skip the serializer). */
export const BinaryBody = z.unknown().meta({ description: 'Os bytes do arquivo' });

/**
 * Streams a file of the local driver through @fastify/send: Content-Type,
 * ETag and Last-Modified (304 on If-None-Match / If-Modified-Since), single
 * Range requests with If-Range (206, 416) so videos can seek, and the given
 * Cache-Control.
 */
export async function sendStoredObject(
  storage: LocalStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
) {
  const { root, path } = storage.sendPath(key);
  const result = await send(request.raw, path, {
    root,
    index: false,
    dotfiles: 'allow',
    cacheControl: false,
  });
  if (result.type !== 'file') {
    result.stream.destroy();
    if (result.statusCode === 416) {
      reply.header('Content-Range', result.headers['Content-Range']);
      throw new AppError('RANGE_NOT_SATISFIABLE');
    }
    if (result.statusCode === 412) throw new AppError('PRECONDITION_FAILED');
    throw fileNotFound();
  }
  return reply
    .status(result.statusCode)
    .headers(result.headers)
    .header('Content-Type', contentTypeForKey(key))
    .header('Cache-Control', cacheControl)
    .header('Content-Disposition', 'inline')
    .send(result.stream);
}

const SignedQuery = z.object({
  key: z.string().max(2000).optional(),
  exp: z.string().max(20).optional(),
  ct: z.string().max(200).optional(),
  max: z.string().max(20).optional(),
  len: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});

/**
 * The local driver's pre-signed URLs, served by the API itself. The PUT route
 * takes the raw body of any content type (an encapsulated catch-all parser
 * that leaves the stream alone); LocalStorage.receiveUpload checks the
 * signature first, then streams to a temp file within the signed size limit.
 */
export function storageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const storage = ctx.storage;
    if (!(storage instanceof LocalStorage)) return;

    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.put(
      paths.storageUpload,
      {
        config: { access: 'public' },
        schema: {
          tags: ['files'],
          summary: 'Enviar os bytes para um link pré-assinado (armazenamento local)',
          querystring: SignedQuery,
          response: {
            200: z.object({ size: z.number().int() }),
            ...errorResponses(400, 403, 409, 413, 415, 507),
          },
        },
      },
      async (request, reply) => {
        try {
          const info = await storage.receiveUpload(
            request.query,
            {
              contentType: request.headers['content-type'],
              contentLength: request.headers['content-length'],
            },
            request.raw,
          );
          await settleReceivedObject(ctx, info.key, info.size);
          return { size: info.size };
        } catch (err) {
          // refused before the whole body arrived: answer now and drop the connection
          if (!request.raw.readableEnded) reply.header('Connection', 'close');
          throw err;
        }
      },
    );

    app.get(
      paths.storageObject,
      {
        config: { access: 'public' },
        schema: {
          tags: ['files'],
          summary: 'Ler um arquivo por um link assinado de curta duração (armazenamento local)',
          querystring: SignedQuery,
          response: {
            200: BinaryBody,
            206: BinaryBody,
            304: BinaryBody,
            ...errorResponses(403, 404, 412, 416),
          },
        },
      },
      async (request, reply) => {
        const key = storage.verifyReadUrl(request.query);
        const left = Math.max(
          0,
          Number(request.query.exp) - Math.floor(ctx.clock.now().getTime() / 1000),
        );
        return sendStoredObject(storage, key, request, reply, `private, max-age=${left}`);
      },
    );
  };
}
