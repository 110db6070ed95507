import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, paths } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { LocalStorage, parseRange } from '../../lib/storage';
import type { Storage } from '../../lib/storage';
import { fileNotFound } from './files.service';

/** Binary bodies: documented in OpenAPI, never serialized (streams skip the serializer). */
export const BinaryBody = z.unknown().meta({ description: 'Os bytes do arquivo' });

/**
 * Streams a stored object: Content-Type, ETag/Last-Modified (304), single
 * Range requests (206, 416) so videos can seek, and the given Cache-Control.
 */
export async function sendStoredObject(
  storage: Storage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
) {
  const info = await storage.head(key);
  if (!info) throw fileNotFound();
  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${info.size}`)
      .send({ message: 'Intervalo de bytes inválido.', code: 'RANGE_NOT_SATISFIABLE' });
  }
  const etag = `"${info.size.toString(16)}-${info.updatedAt.getTime().toString(16)}"`;
  reply
    .header('ETag', etag)
    .header('Last-Modified', info.updatedAt.toUTCString())
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', cacheControl)
    .header('Content-Disposition', 'inline');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const object = await storage.read(key, range ?? undefined);
  if (!object) throw fileNotFound();
  reply.header('Content-Type', info.contentType);
  if (object.range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`)
      .header('Content-Length', String(object.range.end - object.range.start + 1));
  } else {
    reply.header('Content-Length', String(object.size));
  }
  return reply.send(object.body);
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
        schema: {
          tags: ['files'],
          summary: 'Enviar os bytes para um link pré-assinado (armazenamento local)',
          querystring: SignedQuery,
          response: {
            200: z.object({ size: z.number().int() }),
            ...errorResponses(400, 403, 409, 413, 415),
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
        schema: {
          tags: ['files'],
          summary: 'Ler um arquivo por um link assinado de curta duração (armazenamento local)',
          querystring: SignedQuery,
          response: {
            200: BinaryBody,
            206: BinaryBody,
            304: BinaryBody,
            ...errorResponses(403, 404, 416),
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
