import { createDecoder } from 'fast-jwt';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventsQuery, Uuid, chatPaths, errorResponses } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { rateLimited } from '../../lib/errors';
import { ipSource } from '../../lib/rate-limit';
import { accessTokenOf } from '../../plugins/auth';
import { EventStream, chatHub } from './chat.events';
import { missedMessages } from './chat.service';

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
    /** Streams open now per address (ipSource: an IPv6 /64), in this process. */
    const openPerIp = new Map<string, number>();

    app.get(
      chatPaths.events,
      {
        config: { eventStream: true },
        schema: {
          tags: ['chat'],
          summary: 'Eventos ao vivo (Server-Sent Events): novas mensagens das minhas conversas',
          description:
            '`event: chat.message`, `id:` o id da mensagem, `data:` a mensagem como na lista; ' +
            '`event: chat.resync` quando a reconexão perdeu mais do que reenvia; ' +
            '`event: chat.updated` (`{ chat_id }`, sem id) quando o dono silencia o fã ou reativa. Um comentário a ' +
            'cada 25 s. Com `Last-Event-ID` (ou `?last_event_id=`) reenvia primeiro o que faltou. ' +
            'O EventSource envia o token em `?access_token=`. Termina quando o token expira ou a sessão acaba. ' +
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
        const actor = request.actor!;
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
        const { exp } = decode(accessTokenOf(request)!) as { exp: number };
        const header = request.headers['last-event-id'];
        const resume = Uuid.safeParse(
          (typeof header === 'string' && header) || request.query.last_event_id,
        );
        const stream = new EventStream(actor.userId, actor.sessionId, exp * 1000);
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
