/**
 * Durable background jobs (pg-boss on PostgreSQL or PGlite). The API for the
 * rest of the code:
 *
 *   queueName<T>(name)             a typed queue name
 *   ctx.queue.define(definition)   handler, concurrency, retries, rate limit per key
 *   ctx.queue.send(name, data, { key, startAfter })   idempotent with `key`
 *   ctx.queue.start() / stop()     by server.ts (modules declare their queues)
 *
 * See types.ts for the semantics and job-queue.ts for how it runs.
 */
export { createJobQueue, keyedJobId } from './job-queue';
export { queueName } from './types';
export type { HandlerInfo, Job, JobQueue, QueueDefinition } from './types';
