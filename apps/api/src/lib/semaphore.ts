/**
 * At most `limit` tasks at once; the others wait in order. Bounds CPU- and
 * memory-heavy work (image decoding) so a burst of uploads cannot take every
 * core and all the memory of the process.
 */
export class Semaphore {
  private active = 0;
  private peakActive = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.peakActive = Math.max(this.peakActive, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // hand the slot over (active stays the same) or free it
      if (next) next();
      else this.active--;
    }
  }

  /** Tasks running now, the most that ever ran at once, and tasks waiting. */
  stats() {
    return { active: this.active, peak: this.peakActive, waiting: this.waiting.length };
  }
}
