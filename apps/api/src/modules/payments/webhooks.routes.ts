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
 * POST /webhooks/pix/c/{connection}/{secret}/{pix|rec|cobr}: what a workspace's
 * connected PSP notifies (psp-webhooks.service.ts). Public: the connection's random
 * secret (not its id) is the credential, and a notification is only a hint — the PSP
 * is asked; the PSP's mutual TLS is the reverse proxy's (docs/pix-psp.md).
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
            'segredo da conexão (o último segmento de webhookUrl, novo a cada alteração) é a ' +
            'credencial: outro segredo, ou uma conexão encerrada, responde 404. A notificação é ' +
            'só um aviso: cada item é consultado no PSP (GET /pix/{e2eid}, /rec/{idRec}, ' +
            '/cobr/{txid}, /pix/{e2eid}/devolucao/{id}) e só a resposta dele é aplicada, ' +
            'conferindo txid/idRec e valor com as cobranças do espaço. Idempotente por ' +
            'endToEndId; Pix sem cobrança correspondente fica para revisão do proprietário.',
          params: PspWebhookParams,
          body: PspWebhookBody,
          response: { 200: PixWebhookResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => processPspWebhook(ctx, request.params, request.body),
    );
  };
}
