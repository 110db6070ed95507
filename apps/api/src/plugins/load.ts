import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { Gate } from '../db/gate';
import type { AppContext } from '../lib/context';
import { serviceUnavailable } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An expensive route (feed, a profile's posts, recommendations): at most
     * HEAVY_REQUESTS_MAX of them run at once per process, counted from the end of the route's
     * own checks (authentication first: a refused caller never waits for a turn); the others
     * wait up to DB_ACQUIRE_TIMEOUT_MS for a turn and then get 503. The rest of the API thus
     * always finds a free database connection.
     */
    heavy?: boolean;
  }
}

/** Lets a route through even while the process is under pressure (the health check). */
export const alwaysServed = { pressureHandler: () => undefined };

type Hook = onRequestHookHandler | preHandlerHookHandler;
const hooks = (h: Hook | Hook[] | undefined): Hook[] => (h === undefined ? [] : [h].flat());

/**
 * Load shedding: a plain per-process cap on the heavy routes, and @fastify/under-pressure
 * answering 503 (pt-BR body, Retry-After) on every other route while the event loop lags more
 * than MAX_EVENT_LOOP_DELAY_MS. Register before the routes (the cap is added to each heavy
 * route's preHandlers as it is declared).
 */
export async function registerLoadShedding(app: FastifyInstance, ctx: AppContext) {
  const { heavyRequestsMax, maxEventLoopDelayMs } = ctx.config.load;
  if (maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      // a rejection goes to the error handler: 503 { message, code } with Retry-After
      pressureHandler: async () => {
        throw serviceUnavailable();
      },
    });
  }
  const heavy = new Gate(heavyRequestsMax, ctx.config.db.acquireTimeoutMs);
  const takeTurn: preHandlerHookHandler = async (request, reply) => {
    const release = await heavy.acquire();
    // The turn ends when the response does, however it ends (sent, failed, or the client gone,
    // even while it was waiting for the turn).
    if (reply.raw.destroyed || request.raw.destroyed) release();
    else reply.raw.once('close', release);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.heavy) route.preHandler = [...hooks(route.preHandler), takeTurn] as never;
  });
}
