import { cpus } from 'node:os';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { serviceUnavailable } from '../lib/errors';
import { HeavyTurns } from '../lib/heavy-turns';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An expensive route (feed, a profile's posts, recommendations): at most
     * HEAVY_REQUESTS_MAX of them run at once per process, only one while any
     * other request is in flight, and, while the process is also busy, they
     * take at most HEAVY_BUSY_SHARE of the time (lib/heavy-turns.ts); the rest
     * wait up to DB_ACQUIRE_TIMEOUT_MS for a turn and then get 503. The other
     * routes thus always find a free database connection and most of the CPU.
     */
    heavy?: boolean;
  }
}

/** Lets a route through even while the process is under pressure (the health check). */
export const alwaysServed = { pressureHandler: () => undefined };

/**
 * The process counts as busy when its event loop is more than BUSY_UTILIZATION used, or the
 * machine's CPUs (PostgreSQL often shares them) more than BUSY_CPU, over the last BUSY_SAMPLE_MS.
 */
const BUSY_UTILIZATION = 0.7;
const BUSY_CPU = 0.85;
const BUSY_SAMPLE_MS = 100;

/** The machine's CPU time so far, busy and in all (ms, every core). */
function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/**
 * Load shedding: turn-taking for the heavy routes, and
 * @fastify/under-pressure answering 503 (pt-BR body, Retry-After) on every
 * other route while the event loop lags more than MAX_EVENT_LOOP_DELAY_MS.
 */
export async function registerLoadShedding(app: FastifyInstance, ctx: AppContext) {
  const { heavyRequestsMax, heavyBusyShare, maxEventLoopDelayMs } = ctx.config.load;
  if (maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      // a rejection goes to the error handler: 503 { message, code } with Retry-After
      pressureHandler: async () => {
        throw serviceUnavailable();
      },
    });
  }
  // While other requests are in flight, the heavy routes yield (lib/heavy-turns.ts).
  let busy = false;
  let sampled = { loop: performance.eventLoopUtilization(), cpu: cpuTimes() };
  const sampler = setInterval(() => {
    const next = { loop: performance.eventLoopUtilization(), cpu: cpuTimes() };
    const cpuTotal = next.cpu.total - sampled.cpu.total;
    busy =
      performance.eventLoopUtilization(next.loop, sampled.loop).utilization > BUSY_UTILIZATION ||
      (cpuTotal > 0 && (next.cpu.busy - sampled.cpu.busy) / cpuTotal > BUSY_CPU);
    sampled = next;
  }, BUSY_SAMPLE_MS).unref();
  const heavy = new HeavyTurns({
    max: heavyRequestsMax,
    busyShare: heavyBusyShare,
    acquireTimeoutMs: ctx.config.db.acquireTimeoutMs,
    busy: () => busy,
  });
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    heavy.close();
  });
  app.addHook('onRequest', async (request, reply) => {
    // an open event stream is no request in flight: it would hold the heavy routes back forever
    if (request.routeOptions.config.eventStream) return;
    if (!request.routeOptions.config.heavy) {
      reply.raw.once('close', heavy.lightStarted());
      return;
    }
    const release = await heavy.acquire();
    // The turn ends when the response does, however it ends (sent, failed, or
    // the client gone, even while it was waiting for the turn).
    if (reply.raw.destroyed || request.raw.destroyed) release();
    else reply.raw.once('close', release);
  });
}
