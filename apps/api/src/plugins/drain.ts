import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A long-lived response (Server-Sent Events, GET /events): not a request in flight for the
     * drain; its module ends it at shutdown (a `preClose` hook). It opens with a bearer header or a single-use ticket (decision 083), never a token in its URL.
     */
    eventStream?: boolean;
  }
  interface FastifyInstance {
    /**
     * Graceful stop, step one (server.ts, on SIGTERM): keeps listening, answers
     * every new request 503 with `Connection: close`, sends the requests in
     * flight their answer with `Connection: close`, and resolves once none is
     * left (or after `timeoutMs`). Then `close()` finds no request to cut.
     */
    drain(timeoutMs: number): Promise<void>;
    /** The requests still in flight, oldest first (logged when a stop passes its deadline). */
    inFlightRequests(): { method: string; url: string; ms: number }[];
  }
}

/**
 * Why not `close()` alone: closing the listening socket resets the
 * connections still in its accept queue, and Node's `server.close()` destroys
 * the connections it thinks idle, which includes a keep-alive connection whose
 * next request is in its buffer but not parsed yet. On a busy event loop (the
 * embedded database runs on it) that is many requests the client already sent:
 * the fault suite's SIGTERM scenario saw a third of the in-flight requests
 * reset (issue 13). And a kept-alive connection that stays open after its
 * answer holds `close()` until the keep-alive timeout, past the exit deadline.
 */
export function registerDrain(app: FastifyInstance) {
  let draining = false;
  const open = new Set<{ method: string; url: string; at: number }>();
  let lastArrival = 0;
  let wake: (() => void) | undefined;
  app.addHook('onRequest', async (request, reply) => {
    lastArrival = performance.now();
    if (draining) {
      wake?.();
      throw serviceUnavailable();
    }
    if (request.routeOptions.config.eventStream) return;
    const entry = { method: request.method, url: request.routeOptions.url ?? '?', at: lastArrival };
    open.add(entry);
    reply.raw.once('close', () => {
      open.delete(entry);
      wake?.();
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.decorate('inFlightRequests', () =>
    [...open].map((r) => ({
      method: r.method,
      url: r.url,
      ms: Math.round(performance.now() - r.at),
    })),
  );
  app.decorate('drain', async (timeoutMs: number) => {
    draining = true;
    const deadline = performance.now() + timeoutMs;
    let quietSince = performance.now();
    // Done when nothing is in flight and no request arrived for QUIET_MS: the
    // ones already sent but still buffered (a busy event loop parses them
    // late) get their 503 before the listener closes. At most QUIET_MAX_MS
    // once nothing is in flight, and timeoutMs in all.
    for (;;) {
      const now = performance.now();
      if (open.size > 0) quietSince = now;
      const idleFor = now - Math.max(quietSince, lastArrival);
      if (
        now >= deadline ||
        (open.size === 0 && (idleFor >= QUIET_MS || now - quietSince >= QUIET_MAX_MS))
      )
        return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, QUIET_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  });
}

const QUIET_MS = 150;
const QUIET_MAX_MS = 1000;
