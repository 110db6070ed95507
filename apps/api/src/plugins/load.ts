import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { serviceUnavailable } from '../lib/errors';
import { Gate } from '../db/gate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An expensive route (feed, a profile's posts, recommendations): at most
     * HEAVY_REQUESTS_MAX of them run at once per process, and only one while
     * any other request is in flight; the rest wait up to
     * DB_ACQUIRE_TIMEOUT_MS for a turn and then get 503. The other routes
     * thus always find a free database connection and most of the CPU.
     */
    heavy?: boolean;
  }
}

/** Lets a route through even while the process is under pressure (the health check). */
export const alwaysServed = { pressureHandler: () => undefined };

/**
 * Load shedding: a turn-taking gate for the heavy routes, and
 * @fastify/under-pressure answering 503 (pt-BR body, Retry-After) on every
 * other route while the event loop lags more than MAX_EVENT_LOOP_DELAY_MS.
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
  // While other requests are in flight, the heavy routes yield: one at a time.
  let light = 0;
  const heavy = new Gate(() => (light > 0 ? 1 : heavyRequestsMax), ctx.config.db.acquireTimeoutMs);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.heavy) {
      light++;
      reply.raw.once('close', () => {
        if (--light === 0) heavy.wake();
      });
      return;
    }
    const release = await heavy.acquire();
    // The turn ends when the response does, however it ends (sent, failed, or
    // the client gone, even while it was waiting for the turn).
    if (reply.raw.destroyed || request.raw.destroyed) release();
    else reply.raw.once('close', release);
  });
}
