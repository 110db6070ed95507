import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PixWebhookResponse,
  PspWebhookBody,
  PspWebhookParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import { processPspWebhook } from './psp-webhooks.service';
import type { AppContext } from '../../lib/context';

/**
 * POST /webhooks/pix/c/{connection}/{pix|rec|cobr}: what a workspace's connected
 * PSP notifies (psp-webhooks.service.ts). Public: the connection id, unguessable,
 * names the workspace; the PSP's mutual TLS is the reverse proxy's (docs/pix-psp.md).
 */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      paths.pspWebhook,
      {
        config: { access: 'public' },
        schema: {
          tags: ['webhooks'],
          summary:
            'Notificações do PSP de um espaço de trabalho (Pix, recorrências, cobranças recorrentes)',
          description:
            'O PSP chama {webhookUrl}/pix ({ pix: [...] }), /rec ({ recs: [...] }) e /cobr ' +
            '({ cobsr: [...] }). O mTLS do PSP fica no proxy reverso (docs/pix-psp.md); aqui o ' +
            'id da conexão identifica o espaço de trabalho, e cada txid/idRec e valor é conferido ' +
            'com as cobranças dele. Idempotente por endToEndId; Pix sem cobrança correspondente ' +
            'fica para revisão do proprietário.',
          params: PspWebhookParams,
          body: PspWebhookBody,
          response: { 200: PixWebhookResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) =>
        processPspWebhook(ctx, request.params.connection, request.params.kind, request.body),
    );
  };
}
