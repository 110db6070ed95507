import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import { Gate } from '../db/gate';

/** The task ran past its deadline: its worker was terminated. */
export class WorkerTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`worker task took longer than ${timeoutMs} ms`);
    this.name = 'WorkerTimeoutError';
  }
}

/** The task needed more memory than a worker may take: its worker died. */
export class WorkerOutOfMemoryError extends Error {
  constructor() {
    super('worker task ran out of memory');
    this.name = 'WorkerOutOfMemoryError';
  }
}

export interface WorkerPoolOptions {
  /** The worker's module (TypeScript is fine): it calls serveTasks(handler) once. */
  entry: URL;
  /** Workers at most; tasks beyond wait for one to be free. */
  size: number;
  /** A task still running after this is stopped (its worker terminated): WorkerTimeoutError. */
  timeoutMs: number;
  /** Waiting longer than this for a free worker fails with AcquireTimeoutError (503). */
  acquireTimeoutMs: number;
  /** The old-generation heap of each worker, in MB: past it, WorkerOutOfMemoryError. */
  maxHeapMb: number;
}

type Answer<O> = { ok: true; value: O } | { ok: false; message: string };

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

/**
 * CPU-bound work off the event loop: tasks run in worker threads, at most
 * `size` at once, each with a deadline after which its worker is terminated
 * (a worker cannot be interrupted any other way), and a heap limit. Idle workers
 * are kept for the next task and do not keep the process alive.
 */
export class WorkerPool<I, O> {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly gate: Gate;
  private closed = false;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.gate = new Gate(opts.size, opts.acquireTimeoutMs);
  }

  /** The handler's answer for `input`, computed in a worker. */
  async run(input: I): Promise<O> {
    const release = await this.gate.acquire();
    try {
      return await this.runOn(this.idle.pop() ?? (await this.spawn()), input);
    } finally {
      release();
    }
  }

  /** Workers alive, and those among them waiting for a task. */
  stats() {
    return { workers: this.all.size, idle: this.idle.length };
  }

  /** Terminates every worker; tasks still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** A new worker, once its entry is loaded (loading is not counted in a task's deadline). */
  private spawn(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    const worker = new Worker(BOOT, {
      workerData: { entry: this.opts.entry.href },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb },
    });
    this.all.add(worker);
    // a running task's own listeners answer it; these only forget a worker that dies idle
    worker.on('error', () => {});
    worker.on('exit', () => {
      this.all.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return new Promise<Worker>((resolve, reject) => {
      const failed = (err: Error) => {
        worker.off('message', ready);
        this.discard(worker);
        reject(err);
      };
      const exited = (code: number) =>
        failed(new Error(`worker exited (code ${code}) while starting`));
      const ready = () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        resolve(worker);
      };
      worker.once('message', ready);
      worker.once('error', failed);
      worker.once('exit', exited);
    });
  }

  private discard(worker: Worker) {
    this.all.delete(worker);
    void worker.terminate().catch(() => {});
  }

  private runOn(worker: Worker, input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (answer: Answer<O>) => {
        done();
        worker.unref();
        if (this.closed) this.discard(worker);
        else this.idle.push(worker);
        if (answer.ok) resolve(answer.value);
        else reject(new Error(answer.message));
      };
      const onError = (err: Error & { code?: string }) => {
        done();
        this.discard(worker);
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerOutOfMemoryError() : err);
      };
      const onExit = (code: number) => {
        done();
        this.all.delete(worker);
        reject(new Error(`worker exited (code ${code}) during a task`));
      };
      const timer = setTimeout(() => {
        done();
        this.discard(worker);
        reject(new WorkerTimeoutError(this.opts.timeoutMs));
      }, this.opts.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref();
      worker.postMessage(input);
    });
  }
}

/**
 * The worker's side: answers every task with `handler(input)`. An exception is
 * answered as a failed task (the worker lives on for the next one).
 */
export function serveTasks<I, O>(handler: (input: I) => O): void {
  if (!parentPort) throw new Error('serveTasks runs in a worker thread');
  const port = parentPort;
  yieldToMainThread();
  port.postMessage('ready');
  port.on('message', (input: I) => {
    let answer: Answer<O>;
    try {
      answer = { ok: true, value: handler(input) };
    } catch (err) {
      answer = { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(answer);
  });
}

/**
 * Linux keeps a nice value per thread: this worker thread takes the lowest
 * priority, so the event loop (and every other request) wins the CPU whenever
 * both want it. Elsewhere, or when not allowed, the worker keeps its priority.
 */
function yieldToMainThread() {
  if (process.platform !== 'linux') return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid) setPriority(tid, constants.priority.PRIORITY_LOW);
  } catch {
    // not permitted (some containers): the worker runs at the process's priority
  }
}
