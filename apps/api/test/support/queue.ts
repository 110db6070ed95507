import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createJobQueue } from '../../src/lib/queue';
import type { JobQueue, QueueDefinition } from '../../src/lib/queue';
import type { TestContext } from './context';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** A job queue polling every 100 ms that runs `queues`, started and made the context's queue. */
export async function startTestQueue<T>(
  t: TestContext,
  ...queues: QueueDefinition<T>[]
): Promise<JobQueue> {
  const queue = createJobQueue({ database: t.database, logger, pollIntervalMs: 100 });
  for (const q of queues) queue.define(q as QueueDefinition<unknown>);
  await queue.start();
  t.ctx.queue = queue;
  return queue;
}
