import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Chat,
  ChatMessage,
  ChatMessageBody,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatParams,
  ChatSettings,
  ChatUnreadResponse,
  ChatWorkspaceParams,
  ChatsQuery,
  ChatsResponse,
  OpenChatQuery,
  chatPaths,
  errorResponses,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import {
  countUnread,
  getChat,
  getChatSettings,
  listFanChats,
  listMessages,
  listWorkspaceChats,
  markRead,
  openChat,
  postMessage,
  setFanMuted,
  updateChatSettings,
} from './chat.service';

const tags = ['chat'];

/** Conversations between a fan and a creator's workspace (api-conventions § Chat with the creator). */
export function chatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      chatPaths.chats,
      {
        schema: {
          tags,
          summary: 'Abrir (201) ou retomar (200) a conversa com um criador (assinante ativo)',
          querystring: OpenChatQuery,
          response: { 200: Chat, 201: Chat, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { chat, created } = await openChat(ctx, request.actor, request.query.username);
        return reply.status(created ? 201 : 200).send(chat);
      },
    );

    app.get(
      chatPaths.chats,
      {
        schema: {
          tags,
          summary: 'Minhas conversas como fã, atividade mais recente primeiro',
          description: 'Paginação a partir de page=1, size padrão 20 (máximo 100).',
          querystring: ChatsQuery,
          response: { 200: ChatsResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => listFanChats(ctx, request.actor, request.query),
    );

    app.get(
      chatPaths.unread,
      {
        schema: {
          tags,
          summary: 'Quantas das minhas conversas (fã e equipes) têm mensagens não lidas (até 100)',
          response: { 200: ChatUnreadResponse, ...errorResponses(401) },
        },
      },
      async (request) => countUnread(ctx, request.actor),
    );

    app.get(
      chatPaths.workspaceChats,
      {
        schema: {
          tags,
          summary: 'Conversas do espaço (proprietário e membros), atividade mais recente primeiro',
          params: ChatWorkspaceParams,
          querystring: ChatsQuery,
          response: { 200: ChatsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listWorkspaceChats(ctx, request.actor, request.params.ws, request.query),
    );

    app.get(
      chatPaths.chat,
      {
        schema: {
          tags,
          summary: 'Uma conversa (o fã ou a equipe do espaço)',
          params: ChatParams,
          response: { 200: Chat, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getChat(ctx, request.actor, request.params.ws, request.params.chatId),
    );

    app.get(
      chatPaths.messages,
      {
        schema: {
          tags,
          summary: 'Mensagens, mais novas primeiro (before = a mais antiga já carregada)',
          params: ChatParams,
          querystring: ChatMessagesQuery,
          response: { 200: ChatMessagesResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        listMessages(ctx, request.actor, request.params.ws, request.params.chatId, request.query),
    );

    app.post(
      chatPaths.messages,
      {
        schema: {
          tags,
          summary:
            'Enviar uma mensagem (texto simples até 2000 caracteres; a equipe pode anexar e pôr preço)',
          description:
            'O fã precisa de assinatura ativa (403 SUBSCRIPTION_REQUIRED) e não estar silenciado ' +
            '(403 CHAT_BLOCKED); a equipe do espaço sempre pode responder. Limite por remetente: 429 com Retry-After. ' +
            'A equipe pode anexar uma imagem ou vídeo do espaço (`attachment.file_path`) e dar um preço ' +
            '(1,00 a 5000,00, só com anexo): o fã vê `attachment: { kind, locked: true }` e `price` até comprar ' +
            '(POST .../messages/{id}/purchase). Um fã que envia anexo ou preço: 403 FAN_CANNOT_SELL.',
          params: ChatParams,
          body: ChatMessageBody,
          response: { 201: ChatMessage, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await postMessage(
              ctx,
              request.actor,
              request.params.ws,
              request.params.chatId,
              request.body,
            ),
          ),
    );

    app.post(
      chatPaths.read,
      {
        schema: {
          tags,
          summary: 'Marcar como lida para o meu lado (o do espaço vale para toda a equipe)',
          params: ChatParams,
          response: { 200: Chat, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => markRead(ctx, request.actor, request.params.ws, request.params.chatId),
    );

    for (const [method, muted] of [
      ['post', true],
      ['delete', false],
    ] as const)
      app[method](
        chatPaths.block,
        {
          schema: {
            tags,
            summary: muted
              ? 'Silenciar o fã (proprietário do espaço)'
              : 'Deixar de silenciar o fã (proprietário do espaço)',
            params: ChatParams,
            response: { 200: Chat, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) =>
          setFanMuted(ctx, request.actor, request.params.ws, request.params.chatId, muted),
      );

    app.get(
      chatPaths.settings,
      {
        schema: {
          tags,
          summary: 'Avisos por e-mail de mensagens não lidas',
          response: { 200: ChatSettings, ...errorResponses(401) },
        },
      },
      async (request) => getChatSettings(ctx, request.actor),
    );

    app.put(
      chatPaths.settings,
      {
        schema: {
          tags,
          summary: 'Ligar ou desligar os avisos por e-mail de mensagens não lidas',
          body: ChatSettings,
          response: { 200: ChatSettings, ...errorResponses(400, 401) },
        },
      },
      async (request) => updateChatSettings(ctx, request.actor, request.body),
    );
  };
}
