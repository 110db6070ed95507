import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { GaugeReading } from './metrics';
import type { QueueDefinition } from './queue';

/** A periodic task a module runs in the server process (see lib/periodic). */
export interface ModuleJob {
  /** pt-BR name, used in the logs. */
  name: string;
  /** How often it runs, from the configuration. */
  intervalMs: (ctx: AppContext) => number;
  /**
   * Reads what is due from the database, so a restart loses nothing. `signal`
   * is aborted at shutdown: check it between batches and return early.
   */
  run: (ctx: AppContext, signal: AbortSignal) => Promise<unknown>;
}

/**
 * A domain of the API, declared in `modules/<m>/<m>.module.ts`: its routes
 * (registered under /api/v1 by app.ts), its periodic jobs and its job queues
 * (both started by server.ts). Other modules reach it only through this file or its
 * `<m>.service.ts` (eslint enforces it).
 */
export interface ApiModule {
  name: string;
  routes: ReadonlyArray<(ctx: AppContext) => FastifyPluginAsyncZod>;
  jobs?: readonly ModuleJob[];
  /** Its job queues (lib/queue), built with the context their handlers use. */
  queues?: ReadonlyArray<(ctx: AppContext) => QueueDefinition<unknown>>;
  /** What it shows an operator, read when Prometheus scrapes (METRICS_PORT, lib/metrics). */
  gauges?: readonly ModuleGauge[];
}

/** A gauge a module reads from its own tables at scrape time (every process reads the same). */
export interface ModuleGauge {
  /** `faclube_<what>`, Prometheus style. */
  name: string;
  help: string;
  labelNames?: string[];
  read: (ctx: AppContext) => Promise<GaugeReading[]>;
}

export const defineModule = (module: ApiModule): ApiModule => module;

/** Declares every module's queues on `ctx.queue`; then `ctx.queue.start()` runs them. */
export function defineModuleQueues(ctx: AppContext, modules: readonly ApiModule[]) {
  for (const module of modules)
    for (const queue of module.queues ?? []) ctx.queue.define(queue(ctx));
}
