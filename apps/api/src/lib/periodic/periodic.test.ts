import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { startPeriodic } from '.';

const logger = () =>
  ({ info: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
    info: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

describe('startPeriodic', () => {
  it('runs at once, then on the interval, never two runs at a time, and stop waits for a run', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      let active = 0;
      let maxActive = 0;
      let release!: () => void;
      const task = () => {
        runs++;
        active++;
        maxActive = Math.max(maxActive, active);
        return new Promise<number>((resolve) => {
          release = () => {
            active--;
            resolve(1);
          };
        });
      };
      const log = logger();
      const p = startPeriodic('tarefa', 1000, task, log);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(3500); // the first run is still going: no overlap
      expect(runs).toBe(1);
      release();
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      expect(maxActive).toBe(1);
      const stopped = p.stop();
      release();
      await stopped;
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(2);
      expect(log.info).toHaveBeenCalledWith({ result: 1 }, 'tarefa');
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs a tick only when its claim answers true', async () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn().mockResolvedValue(0);
      const claims = [true, false, true];
      const p = startPeriodic('tarefa', 1000, task, logger(), async () => claims.shift() ?? false);
      await vi.advanceTimersByTimeAsync(2500);
      expect(task).toHaveBeenCalledTimes(2);
      await p.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed run and tries again on the next tick', async () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn().mockRejectedValueOnce(new Error('caiu')).mockResolvedValue(0);
      const log = logger();
      const p = startPeriodic('tarefa', 1000, task, log);
      await vi.advanceTimersByTimeAsync(1000);
      expect(task).toHaveBeenCalledTimes(2);
      expect(log.error).toHaveBeenCalledTimes(1);
      await p.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("aborts the running task's signal on stop, so a batch loop can end early", async () => {
    let batches = 0;
    let seen: AbortSignal | undefined;
    const task = async (signal: AbortSignal) => {
      seen = signal;
      while (!signal.aborted) {
        batches++;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const p = startPeriodic('lotes', 60_000, task, logger());
    await new Promise((r) => setTimeout(r, 30));
    expect(seen?.aborted).toBe(false);
    await p.stop();
    expect(seen?.aborted).toBe(true);
    const after = batches;
    await new Promise((r) => setTimeout(r, 30));
    expect(batches).toBe(after);
  });
});
