import { describe, expect, it } from 'vitest';
import { AcquireTimeoutError } from '../db/gate';
import { WorkerOutOfMemoryError, WorkerPool, WorkerTimeoutError } from './worker-pool';

const ENTRY = new URL('../../test/support/task-worker.ts', import.meta.url);
const pool = (opts: Partial<ConstructorParameters<typeof WorkerPool>[0]> = {}) =>
  new WorkerPool<object, string>({
    entry: ENTRY,
    size: 1,
    timeoutMs: 10_000,
    acquireTimeoutMs: 10_000,
    maxHeapMb: 64,
    ...opts,
  });

/** The longest a 10 ms timer waited past its time while `work` ran: the event loop's lag. */
async function lagDuring(work: Promise<unknown>): Promise<number> {
  let worst = 0;
  let running = true;
  const settled = work.finally(() => (running = false)).catch(() => {});
  while (running) {
    const started = performance.now();
    await new Promise((r) => setTimeout(r, 10));
    worst = Math.max(worst, performance.now() - started - 10);
  }
  await settled;
  return worst;
}

describe('WorkerPool', () => {
  it('answers in a worker thread, reuses the worker, and leaves the event loop free', async () => {
    const p = pool();
    try {
      expect(await p.run({ echo: 'olá' })).toBe('olá');
      expect(p.stats()).toEqual({ workers: 1, idle: 1 });
      // a task that keeps its thread busy for 1.5 s does not keep this one busy (a busy CI
      // machine may delay one timer by itself: at most three runs; on this thread every run
      // would lag 1.5 s)
      let lag = Infinity;
      for (let run = 0; run < 3 && lag >= 100; run++)
        lag = Math.min(lag, await lagDuring(p.run({ spinMs: 1500 })));
      expect(lag).toBeLessThan(100);
      expect(p.stats()).toEqual({ workers: 1, idle: 1 });
    } finally {
      await p.close();
    }
  });

  it('stops a task past its deadline by terminating its worker; the next task gets a new one', async () => {
    const p = pool({ timeoutMs: 300 });
    try {
      const started = performance.now();
      await expect(p.run({ spinMs: 60_000 })).rejects.toBeInstanceOf(WorkerTimeoutError);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(p.stats()).toEqual({ workers: 0, idle: 0 });
      expect(await p.run({ echo: 'de novo' })).toBe('de novo');
    } finally {
      await p.close();
    }
  });

  it('refuses a task that runs out of the heap limit, and lives on', async () => {
    const p = pool({ maxHeapMb: 16 });
    try {
      await expect(p.run({ allocate: true })).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
      expect(await p.run({ echo: 'ok' })).toBe('ok');
    } finally {
      await p.close();
    }
  });

  it('answers an exception of the task as a failure and keeps the worker', async () => {
    const p = pool();
    try {
      await expect(p.run({ fail: 'quebrou' })).rejects.toThrow('quebrou');
      expect(p.stats()).toEqual({ workers: 1, idle: 1 });
    } finally {
      await p.close();
    }
  });

  it('runs at most `size` tasks at once; a task that waits too long for a worker fails (503)', async () => {
    const p = pool({ size: 1, acquireTimeoutMs: 200 });
    try {
      const busy = p.run({ spinMs: 1500 });
      await expect(p.run({ echo: 'espera' })).rejects.toBeInstanceOf(AcquireTimeoutError);
      expect(await busy).toBe('spun');
      expect(p.stats().workers).toBe(1);
    } finally {
      await p.close();
    }
  });
});
