import { Gate } from '../db/gate';

export interface HeavyTurnsOptions {
  /** Heavy requests at once while nothing else is in flight. */
  max: number;
  /**
   * The share of the time the heavy routes may take while other requests are in flight and the
   * process is busy: each turn is then followed by a pause of turn × (1 − share) / share.
   */
  busyShare: number;
  /** A heavy request waiting longer than this for its turn fails (AcquireTimeoutError → 503). */
  acquireTimeoutMs: number;
  /** Whether the event loop is busy now (plugins/load.ts samples its utilization). */
  busy: () => boolean;
  now?: () => number;
}

/**
 * Admission of the heavy routes (feed, a profile's posts, recommendations), so that a flood of
 * them cannot starve the rest of the API (/me, sign-in, health). While no other request is in
 * flight they run `max` at once. While others are, one at a time; and when the process is also
 * busy, each turn is followed by a pause, so the heavy routes take at most `busyShare` of the
 * time and the other requests the rest. A quiet process pauses nothing.
 */
export class HeavyTurns {
  private light = 0;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly gate: Gate;
  private readonly now: () => number;

  constructor(private readonly opts: HeavyTurnsOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.gate = new Gate(() => this.limit(), opts.acquireTimeoutMs);
  }

  private limit() {
    if (this.light === 0) return this.opts.max;
    return this.now() < this.pausedUntil ? 0 : 1;
  }

  /** Another (light) request started; call the answer once when it ends. */
  lightStarted(): () => void {
    this.light++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.light === 0) this.gate.wake();
    };
  }

  /** Waits for a heavy turn (or fails with AcquireTimeoutError); call the answer once to end it. */
  async acquire(): Promise<() => void> {
    const release = await this.gate.acquire();
    const started = this.now();
    return () => {
      const end = this.now();
      const { busyShare } = this.opts;
      if (busyShare < 1 && this.light > 0 && this.opts.busy()) {
        this.pausedUntil = Math.max(
          this.pausedUntil,
          end + ((end - started) * (1 - busyShare)) / busyShare,
        );
        this.wakeAfterPause();
      }
      release();
    };
  }

  private wakeAfterPause() {
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.gate.wake();
      },
      Math.ceil(this.pausedUntil - this.now()),
    );
    this.timer.unref();
  }

  /** Stops the pending wake-up (the server is closing). */
  close() {
    clearTimeout(this.timer);
  }
}
