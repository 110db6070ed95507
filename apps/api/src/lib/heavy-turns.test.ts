import { describe, expect, it } from 'vitest';
import { AcquireTimeoutError } from '../db/gate';
import { HeavyTurns } from './heavy-turns';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function turns(opts: { busy: boolean; share?: number; max?: number; timeoutMs?: number }) {
  let clock = 0;
  const heavy = new HeavyTurns({
    max: opts.max ?? 2,
    busyShare: opts.share ?? 0.2,
    acquireTimeoutMs: opts.timeoutMs ?? 1000,
    busy: () => opts.busy,
    now: () => clock,
  });
  return { heavy, advance: (ms: number) => (clock += ms) };
}

/** Whether a turn is given within a few event-loop turns. */
async function admitted(p: Promise<unknown>) {
  let done = false;
  void p.then(() => (done = true));
  await sleep(5);
  return done;
}

describe('HeavyTurns', () => {
  it('runs `max` at once while nothing else is in flight, even when busy', async () => {
    const { heavy } = turns({ busy: true });
    const a = await heavy.acquire();
    const b = await heavy.acquire();
    const c = heavy.acquire();
    expect(await admitted(c)).toBe(false);
    a();
    expect(await admitted(c)).toBe(true);
    b();
    (await c)();
  });

  it('runs one at a time while other requests are in flight, without pauses when not busy', async () => {
    const { heavy, advance } = turns({ busy: false });
    const lightEnded = heavy.lightStarted();
    const first = await heavy.acquire();
    const second = heavy.acquire();
    expect(await admitted(second)).toBe(false);
    advance(100);
    first();
    expect(await admitted(second)).toBe(true);
    (await second)();
    lightEnded();
  });

  it('pauses the heavy routes four times as long as their turn while busy with others (share 0.2)', async () => {
    const { heavy, advance } = turns({ busy: true });
    const lightEnded = heavy.lightStarted();
    const first = await heavy.acquire();
    advance(10); // a 10 ms turn → 40 ms of pause
    first();
    const next = heavy.acquire();
    advance(39);
    expect(await admitted(next)).toBe(false);
    advance(1);
    // the pause's wake-up timer (real time) lets it in once the pause is over
    await sleep(50);
    expect(await admitted(next)).toBe(true);
    (await next)();
    lightEnded();
  });

  it('ends the pause as soon as no other request is in flight', async () => {
    const { heavy, advance } = turns({ busy: true });
    const lightEnded = heavy.lightStarted();
    const first = await heavy.acquire();
    advance(1000);
    first();
    const next = heavy.acquire();
    expect(await admitted(next)).toBe(false);
    lightEnded();
    expect(await admitted(next)).toBe(true);
    (await next)();
    heavy.close();
  });

  it('gives up with AcquireTimeoutError when the turn does not come in time', async () => {
    const { heavy } = turns({ busy: false, max: 1, timeoutMs: 30 });
    const held = await heavy.acquire();
    await expect(heavy.acquire()).rejects.toBeInstanceOf(AcquireTimeoutError);
    held();
  });

  it('never pauses with a share of 1', async () => {
    const { heavy, advance } = turns({ busy: true, share: 1 });
    const lightEnded = heavy.lightStarted();
    const first = await heavy.acquire();
    advance(1000);
    first();
    expect(await admitted(heavy.acquire())).toBe(true);
    lightEnded();
  });
});
