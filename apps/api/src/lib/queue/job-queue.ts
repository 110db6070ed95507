/**
 * The job queue: durable jobs in the database, on pg-boss 10 (see types.ts for
 * the interface and docs/decisions/024-job-queue.md for the why).
 *
 * pg-boss runs its SQL through an `executeSql` we give it (its `db` option):
 * - PostgreSQL: a small pool of its own on the database URL, so queue traffic
 *   never waits behind the API's connections;
 * - PGlite (one process): `Database.executeSql`; PGlite serialises every query
 *   and transaction on its one connection, which is what pg-boss's advisory
 *   locks and SKIP LOCKED guard against anyway.
 * Either way a failed pg-boss script (BEGIN ... COMMIT) is rolled back rather
 * than leaving a connection inside an aborted transaction (db/client.ts).
 *
 * pg-boss keeps the jobs, their retries with exponential back-off, expiry of
 * crashed attempts and the archive. We run our own fetch loop rather than
 * `boss.work()` so that a job is completed or failed (awaited) before its slot
 * is reused, a shutdown can give unfinished jobs back, and a job over its rate
 * limit waits without using up a retry.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { openSqlPool } from '../../db/client';
import { inSpan } from '../tracing';
import type { Database } from '../../db/client';
import { reserveSlot } from './rate-limits.repo';
import type {
  Job,
  JobQueue,
  JobState,
  JobStatus,
  QueueDefinition,
  QueueName,
  QueueStats,
  SendOptions,
  SendResult,
} from './types';

/** pg-boss's schema; its tables are created and migrated by pg-boss itself. */
export const QUEUE_SCHEMA = 'pgboss';
const DAY = 86_400;

export interface JobQueueOptions {
  database: Database;
  logger: FastifyBaseLogger;
  /** How often an idle queue looks for due jobs (default 1 s); a local send wakes it at once. */
  pollIntervalMs?: number;
  /**
   * False: this process only sends (ROLE=web): the queues are created, but nothing is fetched
   * and pg-boss's maintenance runs in the processes that work them. Default true.
   */
  work?: boolean;
}

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  return new PgBossJobQueue(opts);
}

/** Jobs sent with the same key to the same queue get the same id (a UUIDv8 of the key). */
export function keyedJobId(queue: string, key: string): string {
  const b = createHash('sha256').update(`${queue}\u0000${key}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

class PgBossJobQueue implements JobQueue {
  private readonly definitions = new Map<string, QueueDefinition<unknown>>();
  private readonly runners = new Map<string, QueueRunner>();
  private readonly abort = new AbortController();
  private boss: PgBoss | null = null;
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  private stopped: Promise<void> | null = null;
  private closeConnections = async () => {};
  private starting: Promise<void> = Promise.resolve();

  constructor(private readonly opts: JobQueueOptions) {}

  define<T>(definition: QueueDefinition<T>): void {
    if (this.state !== 'new') throw new Error('defina as filas antes de iniciar a fila de tarefas');
    if (this.definitions.has(definition.name))
      throw new Error(`fila já definida: ${definition.name}`);
    this.definitions.set(definition.name, definition);
  }

  start(): Promise<void> {
    if (this.state === 'new') {
      this.state = 'started';
      this.starting = this.definitions.size ? this.startWorking() : Promise.resolve();
    }
    return this.starting;
  }

  private async startWorking() {
    const boss = this.createBoss();
    boss.on('error', (err: unknown) =>
      this.opts.logger.error({ err }, 'fila de tarefas: erro do pg-boss'),
    );
    await boss.start();
    this.boss = boss;
    for (const def of this.definitions.values()) {
      const options = {
        name: def.name,
        policy: 'standard' as const,
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
      };
      await boss.createQueue(def.name, options);
      await boss.updateQueue(def.name, options);
    }
    if (this.opts.work === false) return;
    for (const def of this.definitions.values()) {
      const runner = new QueueRunner(boss, def, {
        database: this.opts.database,
        logger: this.opts.logger,
        signal: this.abort.signal,
        pollIntervalMs: this.opts.pollIntervalMs ?? 1000,
      });
      this.runners.set(def.name, runner);
      runner.start();
    }
  }

  stop(opts: { timeoutMs?: number } = {}): Promise<void> {
    this.stopped ??= this.shutdown(opts.timeoutMs ?? 10_000);
    return this.stopped;
  }

  private async shutdown(timeoutMs: number) {
    // a stop during start() (SIGTERM at boot) waits for it, then undoes it
    await this.starting.catch(() => {});
    const wasStarted = this.state === 'started';
    this.state = 'stopping';
    this.abort.abort();
    const runners = [...this.runners.values()];
    await Promise.all(runners.map((r) => r.stopFetching()));
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all(runners.map((r) => r.idle())).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (!finished) await Promise.all(runners.map((r) => r.giveBackUnfinished()));
    if (wasStarted && this.boss) await this.boss.stop({ graceful: false, wait: true });
    await this.closeConnections();
    this.state = 'stopped';
  }

  async send<T>(queue: QueueName<T>, data: T, opts: SendOptions = {}): Promise<SendResult> {
    const boss = this.boss;
    if (!boss || this.state !== 'started')
      throw new Error('a fila de tarefas não está em execução');
    if (!this.definitions.has(queue)) throw new Error(`fila não definida: ${queue}`);
    const id = opts.key ? keyedJobId(queue, opts.key) : randomUUID();
    const inserted = await boss.send(queue, data as object, { id, startAfter: opts.startAfter });
    if (inserted) this.runners.get(queue)?.wake();
    return { id, created: inserted !== null };
  }

  async stats(): Promise<QueueStats[]> {
    const names = [...this.definitions.keys()];
    if (!names.length || !this.boss) return [];
    // pg-boss's states are an enum in this order: created, retry, active, completed, ...
    const { rows } = await this.opts.database.executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state < 'active' AND start_after <= now())::int AS due,
              count(*) FILTER (WHERE state < 'active')::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              coalesce(extract(epoch FROM now() - min(created_on)
                FILTER (WHERE state < 'active' AND start_after <= now())), 0)::float8 AS oldest
         FROM ${QUEUE_SCHEMA}.job
        WHERE name = ANY($1::text[]) AND state <= 'active'
        GROUP BY name`,
      [names],
    );
    const byName = new Map(
      (
        rows as { name: string; due: number; waiting: number; active: number; oldest: number }[]
      ).map((r) => [r.name, r]),
    );
    return names.map((queue) => {
      const r = byName.get(queue);
      return {
        queue,
        due: r?.due ?? 0,
        waiting: r?.waiting ?? 0,
        active: r?.active ?? 0,
        oldestDueSeconds: r ? Number(r.oldest) : 0,
      };
    });
  }

  async getJob(queue: string, id: string): Promise<JobStatus | null> {
    if (!this.boss) throw new Error('a fila de tarefas não está em execução');
    const job = await this.boss.getJobById(queue, id, { includeArchive: true });
    if (!job) return null;
    return {
      id: job.id,
      state: job.state as JobState,
      retryCount: job.retryCount,
      startAfter: new Date(job.startAfter),
      completedAt: job.completedOn ? new Date(job.completedOn) : null,
      output: job.output,
    };
  }

  private createBoss(): PgBoss {
    const { database } = this.opts;
    let executeSql = database.executeSql;
    if (database.url) {
      const pool = openSqlPool(database.url, 3);
      this.closeConnections = pool.close;
      executeSql = pool.executeSql;
    }
    return new PgBoss({
      db: { executeSql: (text, values) => executeSql(text, values) },
      schema: QUEUE_SCHEMA,
      migrate: true,
      // maintenance: fail expired attempts (they are retried), archive, delete
      supervise: this.opts.work !== false,
      // no cron schedules: periodic work is a ModuleJob (lib/module.ts)
      schedule: false,
      // keeps idempotency keys working for a week after the job completed
      archiveCompletedAfterSeconds: 7 * DAY,
      archiveFailedAfterSeconds: 30 * DAY,
      deleteAfterDays: 30,
    });
  }
}

interface RunnerDeps {
  database: Database;
  logger: FastifyBaseLogger;
  signal: AbortSignal;
  pollIntervalMs: number;
}

/** One queue's fetch loop in this process: up to `concurrency` jobs at a time. */
class QueueRunner {
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Jobs given back at shutdown while their handler still ran: never complete them. */
  private readonly abandoned = new Set<string>();
  private readonly concurrency: number;
  private fetching = true;
  private loop: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  private wokenEarly = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly def: QueueDefinition<unknown>,
    private readonly deps: RunnerDeps,
  ) {
    this.concurrency = Math.max(1, def.concurrency ?? 1);
  }

  start() {
    this.loop = this.run();
  }

  /** Look for jobs now (a job was sent here, or a slot freed). */
  wake() {
    if (this.wakeUp) this.wakeUp();
    else this.wokenEarly = true;
  }

  async stopFetching() {
    this.fetching = false;
    this.wake();
    await this.loop;
  }

  /** Resolves when no job of this queue is running here. */
  async idle() {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }

  async giveBackUnfinished() {
    for (const id of this.inFlight.keys()) {
      this.abandoned.add(id);
      this.deps.logger.warn(
        { queue: this.def.name, jobId: id },
        'fila de tarefas: tarefa ainda em execução ao encerrar; devolvida à fila',
      );
      await this.giveBack(id, new Date());
    }
  }

  private async run() {
    while (this.fetching) {
      const free = this.concurrency - this.inFlight.size;
      let fetched = 0;
      if (free > 0) {
        const jobs = await this.boss.fetch<unknown>(this.def.name, {
          batchSize: free,
          includeMetadata: true,
        });
        fetched = jobs.length;
        for (const job of jobs) this.track(job);
      }
      if (!this.fetching) break;
      // a full batch: there may be more waiting
      if (free > 0 && fetched === free) continue;
      await this.sleep();
    }
  }

  private sleep() {
    if (this.wokenEarly) {
      this.wokenEarly = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, this.deps.pollIntervalMs);
      this.wakeUp = done;
    });
  }

  private track(raw: PgBoss.JobWithMetadata<unknown>) {
    const job: Job<unknown> = {
      id: raw.id,
      queue: raw.name,
      data: raw.data,
      retryCount: raw.retryCount,
      retryLimit: raw.retryLimit,
      createdAt: new Date(raw.createdOn),
    };
    const done = this.process(job)
      .catch((err: unknown) =>
        // completing or failing it failed (database gone): it expires and runs again
        this.deps.logger.error({ err, queue: job.queue, jobId: job.id }, 'fila de tarefas: erro'),
      )
      .finally(() => {
        this.inFlight.delete(job.id);
        this.abandoned.delete(job.id);
        this.wake();
      });
    this.inFlight.set(job.id, done);
  }

  private async process(job: Job<unknown>) {
    const { signal, logger } = this.deps;
    try {
      if (await this.overRateLimit(job)) return;
      await inSpan(
        `tarefa ${job.queue}`,
        { 'job.queue': job.queue, 'job.id': job.id, 'job.retry_count': job.retryCount },
        () => this.def.handler(job, { signal }),
      );
    } catch (err) {
      if (this.abandoned.has(job.id)) return;
      if (signal.aborted) {
        // interrupted by the shutdown: back to the queue, no retry used up
        await this.giveBack(job.id, new Date());
        return;
      }
      logger.warn(
        { queue: job.queue, jobId: job.id, retryCount: job.retryCount, error: errorMessage(err) },
        'fila de tarefas: tentativa falhou',
      );
      await this.boss.fail(job.queue, job.id, { message: errorMessage(err) });
      return;
    }
    if (!this.abandoned.has(job.id)) await this.boss.complete(job.queue, job.id);
  }

  /** Over its limit: the job waits in the queue until the window has room. */
  private async overRateLimit(job: Job<unknown>): Promise<boolean> {
    const limit = await this.def.rateLimit?.(job.data);
    if (!limit) return false;
    const slot = await reserveSlot(
      this.deps.database.db,
      `${job.queue}:${limit.key}`,
      limit.limit,
      limit.windowSeconds,
    );
    if (slot.admitted) return false;
    await this.giveBack(job.id, slot.retryAt);
    return true;
  }

  /**
   * Puts an active job back to waiting until `at`, as if this attempt had not
   * started (pg-boss counts an attempt when it fetches a job whose started_on
   * is set). pg-boss has no call for this; the statement is ours, on its table.
   */
  private async giveBack(id: string, at: Date) {
    await this.boss.getDb().executeSql(
      `UPDATE ${QUEUE_SCHEMA}.job
          SET state = (CASE WHEN retry_count > 0 THEN 'retry' ELSE 'created' END)::${QUEUE_SCHEMA}.job_state,
              started_on = NULL,
              start_after = $3::timestamptz
        WHERE name = $1 AND id = $2 AND state = 'active'`,
      [this.def.name, id, at.toISOString()],
    );
  }
}
