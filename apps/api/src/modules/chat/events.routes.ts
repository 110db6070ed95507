import { createDecoder } from 'fast-jwt';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventsQuery, EventsTicket, Uuid, chatPaths, errorResponses } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError, rateLimited } from '../../lib/errors';
import { ipSource } from '../../lib/rate-limit';
import { accessTokenOf } from '../../plugins/auth';
import { EventStream, chatHub } from './chat.events';
import { createEventTicket, missedMessages, redeemEventTicket } from './chat.service';

/**
 * GET /events: the signed-in caller's Server-Sent Events (docs/decisions/040-chat.md). A
 * long-lived response (`eventStream`): the graceful stop's drain leaves it out (it is no heavy
 * route, so the heavy routes' cap never counts it), the hub ends it at shutdown, at its token's expiry or when its session ends.
 */
export function eventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const hub = chatHub(ctx);
    await hub.start();
    // before the server stops listening: open streams would hold its close
    app.addHook('preClose', async () => hub.close());
    const decode = createDecoder();
    /**
     * The stream's caller and when its stream ends: the bearer header's (its token's expiry), or
     * a ticket's of POST /events/ticket (taken once; the asking token's expiry). Else 401.
     */
    const streamCaller = async (request: FastifyRequest, ticket: string | undefined) => {
      if (request.authInvalid) throw new AppError('UNAUTHORIZED');
      if (request.actor) {
        const { exp } = decode(accessTokenOf(request)!) as { exp: number };
        return { actor: request.actor, endsAt: exp * 1000 };
      }
      if (!ticket) throw new AppError('UNAUTHORIZED', 'Entre na sua conta para continuar.');
      const redeemed = await redeemEventTicket(ctx, ticket);
      if (!redeemed) throw new AppError('UNAUTHORIZED');
      return { actor: redeemed.actor, endsAt: redeemed.tokenExpiresAt.getTime() };
    };
    /** Streams open now per address (ipSource: an IPv6 /64), in this process. */
    const openPerIp = new Map<string, number>();

    app.post(
      chatPaths.eventsTicket,
      {
        schema: {
          tags: ['chat'],
          summary:
            'Bilhete de uso único para abrir os eventos ao vivo (EventSource não envia cabeçalhos)',
          description:
            'Com `Authorization: Bearer`. O bilhete abre `GET /events?ticket=` uma vez, em até ' +
            '30 s; o token de acesso nunca vai na URL.',
          response: { 201: EventsTicket, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const { exp } = decode(accessTokenOf(request)!) as { exp: number };
        return reply
          .status(201)
          .header('cache-control', 'no-store')
          .send(await createEventTicket(ctx, request.actor, new Date(exp * 1000)));
      },
    );

    app.get(
      chatPaths.events,
      {
        // who calls is checked here: a bearer header, or a ticket of POST /events/ticket
        config: { eventStream: true, access: 'public' },
        schema: {
          tags: ['chat'],
          summary: 'Eventos ao vivo (Server-Sent Events): novas mensagens das minhas conversas',
          description:
            '`event: chat.message`, `id:` o id da mensagem, `data:` a mensagem como na lista; ' +
            '`event: chat.resync` quando a reconexão perdeu mais do que reenvia; ' +
            '`event: chat.updated` (`{ chat_id }`, sem id) quando o dono silencia o fã ou reativa. Um comentário a ' +
            'cada 25 s. Com `Last-Event-ID` (ou `?last_event_id=`) reenvia primeiro o que faltou. ' +
            'Com `Authorization: Bearer`, ou (EventSource) `?ticket=` de `POST /events/ticket`, de uso único; ' +
            'o token de acesso nunca vai na URL. Termina quando o token expira ou a sessão acaba. ' +
            'Cada endereço mantém no máximo EVENTS_STREAMS_PER_IP conexões abertas (429 além disso).',
          querystring: EventsQuery,
          produces: ['text/event-stream'],
          response: {
            200: z.unknown().meta({ description: 'text/event-stream' }),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request, reply) => {
        const signedIn = await streamCaller(request, request.query.ticket);
        const { actor } = signedIn;
        // a cap per address on live connections: each holds a socket and a place in the hub
        const ip = ipSource(request.ip);
        const already = openPerIp.get(ip) ?? 0;
        if (already >= ctx.config.chat.streamsPerIp)
          throw rateLimited(
            ctx.config.chat.keepAliveSeconds,
            'Muitas conexões ao vivo abertas deste endereço. Feche outras abas e tente de novo.',
          );
        openPerIp.set(ip, already + 1);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          const left = (openPerIp.get(ip) ?? 1) - 1;
          if (left > 0) openPerIp.set(ip, left);
          else openPerIp.delete(ip);
        };
        const header = request.headers['last-event-id'];
        const resume = Uuid.safeParse(
          (typeof header === 'string' && header) || request.query.last_event_id,
        );
        const stream = new EventStream(actor.userId, actor.sessionId, signedIn.endsAt);
        // registered first: what is published while the replay is read waits in the stream
        hub.add(stream);
        const socket = request.raw.socket;
        reply.raw.once('close', () => {
          release();
          hub.remove(stream);
          // the connection is of no further use (a client opens a new stream): it must not
          // linger and hold the server's close
          socket.destroy();
        });
        try {
          stream.startLive(
            resume.success ? await missedMessages(ctx, actor.userId, resume.data) : [],
          );
        } catch (err) {
          release();
          hub.remove(stream);
          throw err;
        }
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-cache, no-store, no-transform')
            .header('x-accel-buffering', 'no')
            // once it ends the connection goes too: nothing is kept alive to hold a server's close
            .header('connection', 'close')
            .send(stream.body)
        );
      },
    );
  };
}
