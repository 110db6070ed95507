import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessLogQuery,
  AccessLogResponse,
  AppsParams,
  DocumentSideQuery,
  MessageBody,
  ObjectUploadResponse,
  TrueIdCustomer,
  TrueIdCustomerBody,
  TrueIdCustomerParams,
  TrueIdCustomersQuery,
  TrueIdCustomersResponse,
  TrueIdReviewBody,
  VerificationObjectsResponse,
  appsPaths,
  errorResponses,
  verificationUploadBody,
} from '@fa-clube/contract';
import type { VerificationKind } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  deleteCustomer,
  getAccessLog,
  getCustomer,
  getCustomerObjects,
  getCustomers,
  putCustomer,
  requestCustomerUpload,
  reviewCustomer,
} from './trueid.service';

const tags = ['trueid'];
const EmptyQuery = z.object({});

/** The object paths of each file set; only `document` has sides. */
const SETS: Array<{ kind: VerificationKind; path: string; name: string }> = [
  { kind: 'document', path: appsPaths.trueidDocumentObjects, name: 'do documento' },
  { kind: 'liveness', path: appsPaths.trueidLivenessObjects, name: 'da prova de vida' },
  { kind: 'business', path: appsPaths.trueidBusinessObjects, name: 'da empresa' },
];

/** trueid (identity verification): customers, their private files, the review and the access log. */
export function trueidRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      appsPaths.trueidCustomers,
      {
        schema: {
          tags,
          summary: 'Clientes da verificação de identidade',
          params: AppsParams,
          querystring: TrueIdCustomersQuery,
          response: { 200: TrueIdCustomersResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => getCustomers(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      appsPaths.trueidCustomer,
      {
        schema: {
          tags,
          summary: 'Um cliente',
          params: TrueIdCustomerParams,
          response: { 200: TrueIdCustomer, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => getCustomer(ctx, request.actor, request.params.ws, request.params.id),
    );

    app.put(
      appsPaths.trueidCustomer,
      {
        schema: {
          tags,
          summary: 'Criar ou alterar um cliente (somente o proprietário)',
          description:
            'O id (UUID) é escolhido pelo cliente: 201 ao criar, 200 ao alterar. CPF ou CNPJ (inclusive alfanumérico) com dígitos verificadores. Um cliente aprovado ou recusado não muda mais (409).',
          params: TrueIdCustomerParams,
          body: TrueIdCustomerBody,
          response: {
            200: TrueIdCustomer,
            201: TrueIdCustomer,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { created, customer } = await putCustomer(
          ctx,
          request.actor,
          request.params.ws,
          request.params.id,
          request.body,
        );
        return reply.status(created ? 201 : 200).send(customer);
      },
    );

    app.delete(
      appsPaths.trueidCustomer,
      {
        schema: {
          tags,
          summary: 'Excluir um cliente e os arquivos dele (somente o proprietário)',
          params: TrueIdCustomerParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        deleteCustomer(ctx, request.actor, request.params.ws, request.params.id, {
          ip: request.ip,
        }),
    );

    for (const set of SETS) {
      const query = set.kind === 'document' ? DocumentSideQuery : EmptyQuery;
      const sideOf = (q: unknown) =>
        set.kind === 'document' ? (q as z.output<typeof DocumentSideQuery>).document_side : null;
      app.get(
        set.path,
        {
          schema: {
            tags,
            summary: `Arquivos ${set.name} do cliente`,
            description:
              'URLs válidas por 2 minutos. Cada arquivo entregue fica registrado no histórico de acessos.',
            params: TrueIdCustomerParams,
            querystring: query,
            response: { 200: VerificationObjectsResponse, ...errorResponses(400, 401, 404, 409) },
          },
        },
        async (request) =>
          getCustomerObjects(
            ctx,
            request.actor,
            request.params.ws,
            request.params.id,
            set.kind,
            sideOf(request.query),
            { ip: request.ip },
          ),
      );
      app.post(
        set.path,
        {
          schema: {
            tags,
            summary: `Enviar um arquivo ${set.name} (somente o proprietário)`,
            params: TrueIdCustomerParams,
            querystring: query,
            body: verificationUploadBody(set.kind),
            response: {
              200: ObjectUploadResponse,
              ...errorResponses(400, 401, 403, 404, 409, 413, 429),
            },
          },
        },
        async (request) =>
          requestCustomerUpload(
            ctx,
            request.actor,
            request.params.ws,
            request.params.id,
            set.kind,
            sideOf(request.query),
            request.body.extension_type,
            { ip: request.ip },
          ),
      );
    }

    app.post(
      appsPaths.trueidReview,
      {
        schema: {
          tags,
          summary: 'Aprovar ou recusar um cliente em análise (somente o proprietário)',
          description:
            'Recusar exige o motivo. A decisão fica registrada com quem e quando; a pessoa é avisada por e-mail.',
          params: TrueIdCustomerParams,
          body: TrueIdReviewBody,
          response: { 200: TrueIdCustomer, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        reviewCustomer(ctx, request.actor, request.params.ws, request.params.id, request.body, {
          ip: request.ip,
        }),
    );

    app.get(
      appsPaths.trueidAccessLog,
      {
        schema: {
          tags,
          summary: 'Histórico de acessos aos arquivos do cliente (somente o proprietário)',
          params: TrueIdCustomerParams,
          querystring: AccessLogQuery,
          response: { 200: AccessLogResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        getAccessLog(ctx, request.actor, request.params.ws, request.params.id, request.query),
    );
  };
}
