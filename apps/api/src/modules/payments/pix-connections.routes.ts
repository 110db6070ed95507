import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MessageBody,
  PixConnection,
  PixConnectionBody,
  PixDisconnectBody,
  PixNotificationsQuery,
  PixNotificationsResponse,
  errorResponses,
  paths,
  Uuid,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { closeCertificateReader } from './certificate-reader';
import { getUnmatchedNotifications } from './payment-reviews.service';
import {
  closeConnectionClients,
  deletePixConnection,
  getPixConnection,
  putPixConnection,
} from './pix-connections.service';

const IdParams = z.object({ id: Uuid });
const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
const CONFIRMATION =
  ' Pede uma entrada nos últimos 10 minutos ou confirmation (senha e, com 2FA, o código): sem ' +
  'isso 403 OWNER_CONFIRMATION_REQUIRED. O proprietário recebe um e-mail com o que mudou.';
const tags = ['payments'];

/** The workspace's own PSP account and what it received that matched nothing. */
export function pixConnectionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // the PSP clients' TLS sockets and the certificate worker end with the app
    app.addHook('onClose', async () => {
      await Promise.all([closeConnectionClients(ctx), closeCertificateReader(ctx)]);
    });

    app.get(
      paths.workspacePixConnection,
      {
        schema: {
          tags,
          summary: 'Conta Pix conectada (API do PSP): proprietário e membros',
          description: 'Nunca responde o segredo, a chave privada nem o certificado.',
          params: IdParams,
          response: { 200: PixConnection, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getPixConnection(ctx, request.actor, request.params.id),
    );

    app.put(
      paths.workspacePixConnection,
      {
        schema: {
          tags,
          summary: 'Conectar a conta Pix do PSP (somente o proprietário)',
          description:
            'Testa antes de salvar: token OAuth2 por mTLS, PUT /webhook/{chave}, GET /rec ' +
            '(Pix Automático habilitado?) e, se sim, PUT /webhookrec e PUT /webhookcobr com ' +
            'webhookUrl = {APP_URL}/api/v1/webhooks/pix/c/{connection_id}. Uma falha responde ' +
            '400 (certificado ou dados) ou 502 (o PSP recusou ou não respondeu) com a etapa, ' +
            'e nada é salvo. certificate: cadeia PEM com private_key em PEM, ou PKCS#12 em ' +
            'base64 com passphrase.' +
            CONFIRMATION,
          params: IdParams,
          body: PixConnectionBody,
          response: {
            200: PixConnection,
            ...errorResponses(400, 401, 403, 404, 409, 429, 502),
          },
        },
      },
      async (request) =>
        putPixConnection(ctx, request.actor, request.params.id, request.body, originOf(request)),
    );

    app.delete(
      paths.workspacePixConnection,
      {
        schema: {
          tags,
          summary: 'Desconectar a conta Pix do PSP (somente o proprietário)',
          description:
            'Remove os webhooks no PSP (melhor esforço); o histórico fica. As cobranças voltam ' +
            'ao fluxo manual.' +
            CONFIRMATION,
          params: IdParams,
          body: PixDisconnectBody,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        await deletePixConnection(
          ctx,
          request.actor,
          request.params.id,
          request.body,
          originOf(request),
        );
        return { message: 'Conta Pix desconectada.' };
      },
    );

    app.get(
      paths.workspacePixNotifications,
      {
        schema: {
          tags,
          summary: 'Pix recebidos pela conta conectada sem cobrança correspondente',
          description:
            'Proprietário e membros; mais recentes primeiro; paginação a partir de page=0. ' +
            'O proprietário pode devolvê-los (POST /charges/{ws}/{id}/refund).',
          params: IdParams,
          querystring: PixNotificationsQuery,
          response: { 200: PixNotificationsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        getUnmatchedNotifications(ctx, request.actor, request.params.id, request.query),
    );
  };
}
