import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BroadcastBody,
  BroadcastCreated,
  BroadcastsQuery,
  BroadcastsResponse,
  ChargeDetail,
  ChatParams,
  ChatPreferences,
  ChatWorkspaceParams,
  MessagePurchaseParams,
  WelcomeMessage,
  WelcomeMessageBody,
  WelcomeMessageParams,
  errorResponses,
  salesPaths,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { setFanBroadcasts } from '../chat/chat.service';
import {
  getWelcomeMessage,
  listBroadcasts,
  purchaseMessage,
  putWelcomeMessage,
  sendBroadcast,
} from './chat-sales.service';

const tags = ['chat'];

/** Paid messages' purchase, messages to many, the fan's preference, the welcome message. */
export function chatSalesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      salesPaths.messagePurchase,
      {
        schema: {
          tags,
          summary: 'Comprar uma mensagem paga (o fã da conversa): abre a cobrança Pix',
          description:
            '201 com a cobrança nova; 200 com a cobrança pendente da mesma mensagem; 409 ' +
            'ALREADY_PURCHASED para quem já comprou; 400 NOT_FOR_SALE para mensagem sem preço ou ' +
            'para a equipe; 404 para quem não é da conversa; 429 com Retry-After.',
          params: MessagePurchaseParams,
          response: {
            200: ChargeDetail,
            201: ChargeDetail,
            ...errorResponses(400, 401, 404, 409, 429, 502),
          },
        },
      },
      async (request, reply) => {
        const { ws, chatId, id } = request.params;
        const { charge, created } = await purchaseMessage(ctx, request.actor, ws, chatId, id);
        return reply.status(created ? 201 : 200).send(charge);
      },
    );

    app.post(
      salesPaths.broadcasts,
      {
        schema: {
          tags,
          summary: 'Mensagem para todos (proprietário): entregue pela fila, uma vez por fã',
          description:
            'audience: subscribers, subscribers:monthly|quarterly|yearly, former_subscribers ' +
            '(encerradas nos últimos 180 dias). Fãs silenciados ou que desligaram as mensagens ' +
            'para todos são pulados. 202 { id, recipients }; 400 NO_FANS_IN_AUDIENCE; 429 ' +
            'BROADCAST_DAILY_LIMIT (BROADCASTS_PER_DAY em 24 horas) com Retry-After.',
          params: ChatWorkspaceParams,
          body: BroadcastBody,
          response: { 202: BroadcastCreated, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await sendBroadcast(ctx, request.actor, request.params.ws, request.body)),
    );

    app.get(
      salesPaths.broadcasts,
      {
        schema: {
          tags,
          summary: 'Mensagens para todos do espaço, com entregues, lidas, compradas e receita',
          description: 'Proprietário e membros; mais novas primeiro, paginação a partir de 0.',
          params: ChatWorkspaceParams,
          querystring: BroadcastsQuery,
          response: { 200: BroadcastsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listBroadcasts(ctx, request.actor, request.params.ws, request.query),
    );

    app.put(
      salesPaths.chatPreferences,
      {
        schema: {
          tags,
          summary: 'O fã liga ou desliga as mensagens para todos deste criador',
          params: ChatParams,
          body: ChatPreferences,
          response: { 200: ChatPreferences, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        setFanBroadcasts(
          ctx,
          request.actor,
          request.params.ws,
          request.params.chatId,
          request.body.broadcasts,
        ),
    );

    app.get(
      salesPaths.welcomeMessage,
      {
        schema: {
          tags,
          summary: 'Mensagem de boas-vindas (proprietário e membros)',
          params: WelcomeMessageParams,
          response: { 200: WelcomeMessage, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getWelcomeMessage(ctx, request.actor, request.params.id),
    );

    app.put(
      salesPaths.welcomeMessage,
      {
        schema: {
          tags,
          summary: 'Definir a mensagem de boas-vindas (proprietário)',
          description:
            'Enviada uma vez, como mensagem do espaço, quando a primeira assinatura de um fã fica ativa.',
          params: WelcomeMessageParams,
          body: WelcomeMessageBody,
          response: { 200: WelcomeMessage, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => putWelcomeMessage(ctx, request.actor, request.params.id, request.body),
    );
  };
}
