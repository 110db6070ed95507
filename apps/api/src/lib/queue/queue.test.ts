// The job queue against a real database: in-memory PGlite by default, a fresh
// PostgreSQL database with TEST_DATABASE_URL. Handlers write what they did to a
// table, and the assertions read that table and pg-boss's job rows.
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqlPool } from '../../db/client';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/support/database';
import { createJobQueue, keyedJobId, queueName } from '.';
import type { HandlerInfo, Job, JobQueue, QueueDefinition } from '.';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const POLL_MS = 100;

let database: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.executeSql(
    `CREATE TABLE queue_test_runs (
       job_id uuid NOT NULL,
       queue text NOT NULL,
       worker text NOT NULL,
       attempt int NOT NULL,
       ran_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
  );
});

afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 2000 })));
});

afterAll(async () => {
  await database?.close();
});

/** A queue (one "process") with one definition; stopped after each test. */
function newQueue<T>(definition: QueueDefinition<T>, opts: { work?: boolean } = {}) {
  const queue = createJobQueue({ database, logger, pollIntervalMs: POLL_MS, ...opts });
  queue.define(definition);
  queues.push(queue);
  return queue;
}

/** Writes a completed run, as a real handler records what it did. */
const recordRun = (job: Job<unknown>, worker: string) =>
  database.executeSql(
    'INSERT INTO queue_test_runs (job_id, queue, worker, attempt) VALUES ($1, $2, $3, $4)',
    [job.id, job.queue, worker, job.retryCount],
  );

async function runs(queue: string) {
  const { rows } = await database.executeSql(
    `SELECT job_id::text AS job_id, worker, attempt,
            (extract(epoch FROM ran_at) * 1000)::float8 AS ran_ms
       FROM queue_test_runs WHERE queue = $1 ORDER BY ran_at`,
    [queue],
  );
  return rows as { job_id: string; worker: string; attempt: number; ran_ms: number }[];
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('interrompida'));
    });
  });

describe('job queue', () => {
  it('processes each job exactly once, even with two workers on the same database', async () => {
    const name = queueName<{ n: number }>('test.once');
    const definition = (worker: string): QueueDefinition<{ n: number }> => ({
      name,
      concurrency: 3,
      handler: async (job) => {
        await sleep(10);
        await recordRun(job, worker);
      },
    });
    const a = newQueue(definition('a'));
    const b = newQueue(definition('b'));
    await a.start();
    await b.start();

    const sent = [];
    for (let n = 0; n < 30; n++) sent.push(await (n % 2 ? a : b).send(name, { n }));
    await waitFor(async () => (await runs(name)).length >= 30);
    await new Promise((r) => setTimeout(r, 4 * POLL_MS));

    const done = await runs(name);
    expect(done).toHaveLength(30);
    expect(new Set(done.map((r) => r.job_id))).toEqual(new Set(sent.map((s) => s.id)));
    for (const { id } of sent) expect((await a.getJob(name, id))?.state).toBe('completed');
  });

  it('a web process (work: false) sends and never runs; a jobs process runs what it sent', async () => {
    const name = queueName<{ n: number }>('test.roles');
    const definition = (worker: string): QueueDefinition<{ n: number }> => ({
      name,
      handler: async (job) => void (await recordRun(job, worker)),
    });
    const web = newQueue(definition('web'), { work: false });
    await web.start();
    const sent = await web.send(name, { n: 1 });
    await new Promise((r) => setTimeout(r, 5 * POLL_MS));
    expect(await runs(name)).toEqual([]);
    expect((await web.getJob(name, sent.id))?.state).toBe('created');

    const jobs = newQueue(definition('jobs'));
    await jobs.start();
    await waitFor(async () => (await runs(name)).length >= 1);
    expect((await runs(name)).map((r) => [r.job_id, r.worker])).toEqual([[sent.id, 'jobs']]);
  });

  it('an idempotency key adds the job once', async () => {
    const name = queueName<{ campaign: string }>('test.keyed');
    const queue = newQueue({
      name,
      handler: async (job) => void (await recordRun(job, 'k')),
    });
    await queue.start();

    const first = await queue.send(name, { campaign: 'c1' }, { key: 'campaign:c1' });
    const again = await queue.send(name, { campaign: 'c1' }, { key: 'campaign:c1' });
    const other = await queue.send(name, { campaign: 'c2' }, { key: 'campaign:c2' });
    expect(first).toEqual({ id: keyedJobId(name, 'campaign:c1'), created: true });
    expect(again).toEqual({ id: first.id, created: false });
    expect(other.created).toBe(true);
    await waitFor(async () => (await runs(name)).length >= 2);
    // after it completed, the same key still adds nothing
    expect((await queue.send(name, { campaign: 'c1' }, { key: 'campaign:c1' })).created).toBe(
      false,
    );
    await new Promise((r) => setTimeout(r, 4 * POLL_MS));
    expect((await runs(name)).map((r) => r.job_id).sort()).toEqual([first.id, other.id].sort());
  });

  it('retries a failing handler with exponential back-off until it succeeds', async () => {
    const name = queueName<{ failures: number }>('test.retry');
    const attempts: number[] = [];
    const queue = newQueue({
      name,
      retryLimit: 3,
      retryDelaySeconds: 1,
      handler: async (job) => {
        attempts.push(Date.now());
        if (job.retryCount < job.data.failures) throw new Error('SMTP indisponível');
        await recordRun(job, 'r');
      },
    });
    await queue.start();

    const { id } = await queue.send(name, { failures: 2 });
    await waitFor(async () => (await runs(name)).length === 1);

    const [done] = await runs(name);
    expect(done).toMatchObject({ job_id: id, attempt: 2 });
    expect(attempts).toHaveLength(3);
    // back-off with jitter: the 1st retry waits 1-2 s, the 2nd 2-4 s
    const first = attempts[1]! - attempts[0]!;
    const second = attempts[2]! - attempts[1]!;
    expect(first).toBeGreaterThanOrEqual(950);
    expect(first).toBeLessThan(2000 + 6 * POLL_MS);
    expect(second).toBeGreaterThanOrEqual(1950);
    expect(second).toBeLessThan(4000 + 6 * POLL_MS);
    expect(await queue.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 2 });
  });

  it('fails a job for good once its retries are used up, keeping the reason', async () => {
    const name = queueName<object>('test.dead');
    const queue = newQueue({
      name,
      retryLimit: 0,
      handler: async () => {
        throw new Error('endereço recusado');
      },
    });
    await queue.start();
    const { id } = await queue.send(name, {});
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'failed');
    expect(await queue.getJob(name, id)).toMatchObject({
      retryCount: 0,
      output: { message: 'endereço recusado' },
    });
  });

  it('a job survives a restart: in-flight work finishes, the rest runs in the next process', async () => {
    const name = queueName<{ n: number }>('test.restart');
    const started: string[] = [];
    const handler = (worker: string) => async (job: Job<{ n: number }>) => {
      started.push(job.id);
      await sleep(300);
      await recordRun(job, worker);
    };
    const first = newQueue({ name, handler: handler('first') });
    await first.start();
    const sent = [];
    for (let n = 0; n < 4; n++) sent.push((await first.send(name, { n })).id);
    await waitFor(async () => started.length === 1);

    await first.stop({ timeoutMs: 5000 });
    // the job in progress finished; the others wait in the database
    expect((await runs(name)).map((r) => r.worker)).toEqual(['first']);
    const states = await Promise.all(
      sent.map(
        async (id) =>
          (
            await database.executeSql('SELECT state::text AS state FROM pgboss.job WHERE id = $1', [
              id,
            ])
          ).rows[0] as { state: string },
      ),
    );
    expect(states.map((s) => s.state).sort()).toEqual([
      'completed',
      'created',
      'created',
      'created',
    ]);

    const second = newQueue({ name, handler: handler('second') });
    await second.start();
    await waitFor(async () => (await runs(name)).length >= 4);
    await new Promise((r) => setTimeout(r, 4 * POLL_MS));

    const done = await runs(name);
    expect(done.map((r) => r.job_id).sort()).toEqual([...sent].sort());
    expect(done.map((r) => r.worker)).toEqual(['first', 'second', 'second', 'second']);
  });

  it('a job interrupted by the shutdown goes back to the queue without using up a retry', async () => {
    const name = queueName<object>('test.interrupt');
    let attempts = 0;
    const handler =
      (worker: string) =>
      async (job: Job<object>, { signal }: HandlerInfo) => {
        attempts++;
        // a long job in steps, checking the signal between them
        for (let step = 0; step < 20; step++) {
          await sleep(50);
          if (signal.aborted) throw new Error('interrompida');
        }
        await recordRun(job, worker);
      };
    const first = newQueue({ name, retryLimit: 0, handler: handler('first') });
    await first.start();
    const { id } = await first.send(name, {});
    await waitFor(async () => attempts === 1);
    await first.stop({ timeoutMs: 5000 });
    expect(await runs(name)).toEqual([]);

    const second = newQueue({ name, retryLimit: 0, handler: handler('second') });
    await second.start();
    expect((await second.getJob(name, id))?.retryCount).toBe(0);
    await waitFor(async () => (await runs(name)).length === 1);
    expect(await runs(name)).toMatchObject([{ job_id: id, worker: 'second', attempt: 0 }]);
    // the run is recorded just before pg-boss marks the job completed
    await waitFor(async () => (await second.getJob(name, id))?.state === 'completed');
    expect(await second.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 0 });
  });

  it('a handler still running when the shutdown times out leaves its job to the next process', async () => {
    const name = queueName<object>('test.stuck');
    let finished = false;
    const first = newQueue({
      name,
      handler: async () => {
        await sleep(800); // ignores the signal
        finished = true;
      },
    });
    await first.start();
    const { id } = await first.send(name, {});
    await waitFor(async () => (await first.getJob(name, id))?.state === 'active');
    const stopping = Date.now();
    await first.stop({ timeoutMs: 200 });
    expect(Date.now() - stopping).toBeLessThan(700);
    const waiting = await database.executeSql(
      'SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = $1',
      [id],
    );
    expect(waiting.rows).toEqual([{ state: 'created', retry_count: 0 }]);
    // the abandoned handler ends later without completing the job it gave back
    await waitFor(async () => finished);
    await new Promise((r) => setTimeout(r, 100));
    expect(
      (await database.executeSql('SELECT state::text AS state FROM pgboss.job WHERE id = $1', [id]))
        .rows,
    ).toEqual([{ state: 'created' }]);

    const second = newQueue({
      name,
      handler: async (job) => void (await recordRun(job, 'second')),
    });
    await second.start();
    await waitFor(async () => (await runs(name)).length === 1);
    expect(await second.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 0 });
  });

  it('holds a per-workspace rate limit without holding up other workspaces', async () => {
    const name = queueName<{ ws: string }>('test.rate');
    const queue = newQueue({
      name,
      concurrency: 4,
      retryLimit: 0,
      rateLimit: (data) => ({ key: data.ws, limit: 2, windowSeconds: 1 }),
      handler: async (job) => void (await recordRun(job, job.data.ws)),
    });
    await queue.start();

    const a = [];
    for (let i = 0; i < 6; i++) a.push((await queue.send(name, { ws: 'ws-a' })).id);
    const b = [];
    for (let i = 0; i < 2; i++) b.push((await queue.send(name, { ws: 'ws-b' })).id);
    await waitFor(async () => (await runs(name)).length >= 8);

    const done = await runs(name);
    const startsA = done.filter((r) => r.worker === 'ws-a').map((r) => r.ran_ms);
    const startsB = done.filter((r) => r.worker === 'ws-b').map((r) => r.ran_ms);
    expect(startsA).toHaveLength(6);
    // never more than 2 in any 1-second window (slack for the write after the admission)
    for (let i = 0; i + 2 < startsA.length; i++) {
      expect(startsA[i + 2]! - startsA[i]!).toBeGreaterThanOrEqual(1000 - 150);
    }
    expect(startsA.at(-1)! - startsA[0]!).toBeGreaterThanOrEqual(2000 - 150);
    // ws-b has its own window: it does not wait behind ws-a's backlog
    expect(Math.max(...startsB)).toBeLessThan(startsA[2]!);
    // waiting for the window used up no retry (retryLimit 0) and ran each job once (the handler
    // records its run just before pg-boss marks the job completed: wait for the last marks)
    const ids = [...a, ...b];
    await waitFor(async () => {
      for (const id of ids) if ((await queue.getJob(name, id))?.state !== 'completed') return false;
      return true;
    });
    for (const id of ids) {
      expect(await queue.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 0 });
    }
    expect(done).toHaveLength(8);
  });

  it('a pg-boss script that fails inside its BEGIN leaves its connection usable', async () => {
    // PGlite has one connection; on PostgreSQL, a pool of one shows the same connection again
    const sql = database.url
      ? openSqlPool(database.url, 1)
      : { executeSql: database.executeSql, close: async () => {} };
    try {
      await expect(
        sql.executeSql('BEGIN; CREATE TABLE queue_test_half (a int); SELECT 1/0; COMMIT;'),
      ).rejects.toThrow('division by zero');
      expect((await sql.executeSql('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
      expect((await sql.executeSql("SELECT to_regclass('queue_test_half') AS t")).rows).toEqual([
        { t: null },
      ]);
    } finally {
      await sql.close();
    }
  });

  it('a stop during start (SIGTERM at boot) waits for it and leaves nothing running', async () => {
    const name = queueName<object>('test.boot');
    let ran = 0;
    const queue = newQueue({ name, handler: async () => void ran++ });
    const starting = queue.start();
    await queue.stop();
    await starting;
    await expect(queue.send(name, {})).rejects.toThrow('não está em execução');
    await new Promise((r) => setTimeout(r, 3 * POLL_MS));
    expect(ran).toBe(0);
  });

  it('refuses to send before start and to queues nobody defined', async () => {
    const name = queueName<object>('test.guard');
    const queue = newQueue({ name, handler: async () => {} });
    await expect(queue.send(name, {})).rejects.toThrow('não está em execução');
    await queue.start();
    await expect(queue.send(queueName<object>('test.unknown'), {})).rejects.toThrow(
      'fila não definida',
    );
    expect(() => queue.define({ name: queueName('test.late'), handler: async () => {} })).toThrow();
  });
});
