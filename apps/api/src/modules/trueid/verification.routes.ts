import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FanUploadBody,
  FanVerification,
  FanVerificationBody,
  ObjectUploadResponse,
  VerificationParams,
  appsPaths,
  errorResponses,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  getFanVerification,
  putFanVerification,
  requestFanUpload,
  submitFanVerification,
} from './verification.service';

const tags = ['trueid'];

/** The fan's own identity and age verification with one creator (trueid). */
export function verificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      appsPaths.verification,
      {
        schema: {
          tags,
          summary: 'Minha verificação de idade com um criador',
          params: VerificationParams,
          response: { 200: FanVerification, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getFanVerification(ctx, request.actor, request.params.username),
    );

    app.put(
      appsPaths.verification,
      {
        schema: {
          tags,
          summary: 'Enviar meus dados (nome, CPF, nascimento) para a verificação',
          description: 'Menores de 18 anos são recusados (403 UNDERAGE).',
          params: VerificationParams,
          body: FanVerificationBody,
          response: { 200: FanVerification, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        putFanVerification(ctx, request.actor, request.params.username, request.body),
    );

    app.post(
      appsPaths.verificationObjects,
      {
        schema: {
          tags,
          summary: 'URL para enviar um documento ou a selfie da minha verificação',
          params: VerificationParams,
          body: FanUploadBody,
          response: { 200: ObjectUploadResponse, ...errorResponses(400, 401, 404, 409, 413, 429) },
        },
      },
      async (request) =>
        requestFanUpload(ctx, request.actor, request.params.username, request.body, {
          ip: request.ip,
        }),
    );

    app.post(
      appsPaths.verificationSubmit,
      {
        schema: {
          tags,
          summary: 'Enviar minha verificação para análise do criador',
          params: VerificationParams,
          response: { 200: FanVerification, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => submitFanVerification(ctx, request.actor, request.params.username),
    );
  };
}
