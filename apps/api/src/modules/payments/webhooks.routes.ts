import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PixWebhookBody,
  PixWebhookResponse,
  PspWebhookBody,
  PspWebhookParams,
  errorResponses,
  paths,
} from '@fa-clube/contract';
import { processPspWebhook } from './psp-webhooks.service';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { processPixWebhook } from './settlement.service';
import { isAuthenticWebhook, pixProvider } from './providers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a webhook body, for its HMAC signature. */
    rawBody?: string;
  }
}

/**
 * POST /webhooks/pix/{provider}: the PSP's API Pix notification. Its own
 * encapsulated plugin, so that only here the JSON parser keeps the raw body.
 * Authentication runs before the body is validated: a call without a valid
 * signature (or shared secret) is a 401 and nothing is recorded.
 */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        const e = new SyntaxError('invalid JSON') as SyntaxError & { statusCode: number };
        e.statusCode = 400;
        done(e, undefined);
      }
    });

    // The Manual's PSPs call `{webhookUrl}/pix`: registered as `.../webhooks/pix/apipix`, the
    // notification arrives at `.../webhooks/pix/apipix/pix`. Both are accepted.
    for (const url of [paths.pixWebhook, paths.pixWebhookManual]) {
      app.post(
        url,
        {
          preValidation: async (request) => {
            const { provider } = request.params as { provider: string };
            const current = pixProvider(ctx);
            if (provider !== current.name || !current.acceptsWebhooks)
              throw new AppError('PIX_PROVIDER_NOT_FOUND', 'Provedor Pix desconhecido.');
            if (!isAuthenticWebhook(ctx.config, request.headers, request.rawBody ?? ''))
              throw new AppError('INVALID_WEBHOOK_SIGNATURE', 'Assinatura do webhook inválida.');
          },
          schema: {
            tags: ['webhooks'],
            summary: 'Notificação de Pix recebido (API Pix do Banco Central)',
            description:
              'Autenticação: cabeçalho `X-Webhook-Signature: sha256=<HMAC-SHA256 do corpo bruto com ' +
              'PIX_WEBHOOK_SECRET, em hex>` ou `X-Webhook-Secret: <PIX_WEBHOOK_SECRET>`; sem isso, 401. ' +
              'Idempotente por endToEndId. Pix com txid desconhecido ou valor diferente da cobrança ' +
              'é registrado como ignorado e respondido 200. O PSP pode chamar a URL cadastrada ' +
              'ou ela seguida de `/pix`, como diz o Manual da API Pix.',
            params: z.object({ provider: z.string().max(32) }),
            body: PixWebhookBody,
            response: { 200: PixWebhookResponse, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => processPixWebhook(ctx, request.params.provider, request.body),
      );
    }

    app.post(
      paths.pspWebhook,
      {
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
