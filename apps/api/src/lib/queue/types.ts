/**
 * The job queue's vocabulary (implementation in job-queue.ts, on pg-boss).
 *
 *   const SEND = queueName<{ campaignId: string }>('email-marketing.send');
 *   queue.define({ name: SEND, handler: async (job, { signal }) => ..., rateLimit: ... });
 *   await queue.start();
 *   await queue.send(SEND, { campaignId }, { key: `campaign:${campaignId}` });
 */

/** A queue's name that also carries the type of its jobs' data. */
export type QueueName<T> = string & { readonly __jobData?: T };
export const queueName = <T>(name: string) => name as QueueName<T>;

/** What a handler receives. `data` is JSON: it went through the database. */
export interface Job<T> {
  id: string;
  queue: string;
  data: T;
  /** 0 on the first attempt, 1 on the first retry, ... */
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
}

export interface HandlerInfo {
  /**
   * Aborted when the queue stops (server shutdown). A handler that works in
   * steps checks it between them and throws: the job goes back to the queue
   * without using up a retry. A short handler may ignore it and finish.
   */
  signal: AbortSignal;
}

/** At most `limit` jobs start per `windowSeconds` (a sliding window) for one key. */
export interface RateLimit {
  /** What is limited, e.g. a workspace id; the queue's name is prefixed to it. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A queue and its handler. (Methods rather than function properties, so that
 * any definition is a `QueueDefinition<unknown>` for lists of them.)
 */
export interface QueueDefinition<T> {
  name: QueueName<T>;
  /**
   * Does the job. Resolving completes it; throwing fails it, and it is retried
   * after an exponential back-off until `retryLimit` is used up. Delivery is at
   * least once (a crash mid-job runs it again once it expires), so a handler
   * records what it did and skips it on a second run.
   */
  handler(job: Job<T>, info: HandlerInfo): Promise<void>;
  /** Jobs of this queue run at the same time in this process (default 1). */
  concurrency?: number;
  /** Retries after the first attempt (default 5). */
  retryLimit?: number;
  /**
   * Base back-off (default 10 s): retry n waits between d·2^(n-1) and d·2^n
   * seconds (pg-boss `retryBackoff`, with jitter).
   */
  retryDelaySeconds?: number;
  /** An attempt still running after this is taken as crashed and retried (default 15 min). */
  expireInSeconds?: number;
  /**
   * The limit a job counts against, read before each attempt (so a changed
   * setting applies to jobs already queued); null: not limited. A job over its
   * limit waits in the queue until the window has room, using up no retry.
   */
  rateLimit?(data: T): RateLimit | null | Promise<RateLimit | null>;
}

export interface SendOptions {
  /**
   * Idempotency key: sending again with the same key (to the same queue) adds
   * nothing while the first job is kept (completed jobs are kept 7 days).
   */
  key?: string;
  /** Not before this time. */
  startAfter?: Date;
}

export interface SendResult {
  id: string;
  /** False when a job with the same key already existed. */
  created: boolean;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobStatus {
  id: string;
  state: JobState;
  retryCount: number;
  startAfter: Date;
  completedAt: Date | null;
  /** pg-boss `output`: `{ message }` of the last failure. */
  output: unknown;
}

export interface JobQueue {
  /** Declares a queue and its handler; before start(). */
  define<T>(definition: QueueDefinition<T>): void;
  /**
   * Creates or migrates pg-boss's schema, the declared queues, and starts
   * working on them. Without declared queues it does nothing.
   */
  start(): Promise<void>;
  /**
   * Stops fetching and aborts the handlers' signal; waits up to `timeoutMs`
   * (default 10 s) for the jobs in progress, then gives those still running
   * back to the queue. Idempotent.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /**
   * Adds a job (after start()). Not inside a database transaction: on PGlite
   * the transaction holds the only connection. Send after the commit with an
   * idempotency key, and let a sweep send again what has no job yet.
   */
  send<T>(queue: QueueName<T>, data: T, opts?: SendOptions): Promise<SendResult>;
  /** A job's state (tests, status screens). */
  getJob(queue: string, id: string): Promise<JobStatus | null>;
  /** Each declared queue's backlog, read from the database (metrics). */
  stats(): Promise<QueueStats[]>;
}

export interface QueueStats {
  queue: string;
  /** Waiting and due now (not a retry's or a delayed job's future start). */
  due: number;
  /** Waiting, due or not. */
  waiting: number;
  active: number;
  /** Age of the oldest due job, in seconds (0 when none). */
  oldestDueSeconds: number;
}
