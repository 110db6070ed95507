/** Waiting for a database connection took longer than the acquire timeout. */
export class AcquireTimeoutError extends Error {
  constructor() {
    super('timeout exceeded when trying to connect');
    this.name = 'AcquireTimeoutError';
  }
}

/**
 * At most `max` holders at a time (a number, or read on each admission so it
 * can change: then call `wake()` when it grows); one that waits longer than
 * `acquireTimeoutMs` for its turn fails with AcquireTimeoutError. PGlite's
 * stand-in for pg-pool's `connectionTimeoutMillis`, and the heavy routes'
 * cap (plugins/load.ts).
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly max: number | (() => number),
    private readonly acquireTimeoutMs: number,
  ) {}

  private limit() {
    return typeof this.max === 'number' ? this.max : this.max();
  }

  /** Lets waiters in while there is room (after the limit grew). */
  wake() {
    while (this.waiting.length > 0 && this.running < this.limit()) this.waiting.shift()!();
  }

  /** Waits for a slot (or fails with AcquireTimeoutError); call the answer once to free it. */
  async acquire(): Promise<() => void> {
    await this.take();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release();
    };
  }

  private take(): Promise<void> {
    if (this.running < this.limit()) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        this.running++;
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(new AcquireTimeoutError());
      }, this.acquireTimeoutMs);
      this.waiting.push(take);
    });
  }

  private release() {
    this.running--;
    this.wake();
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
