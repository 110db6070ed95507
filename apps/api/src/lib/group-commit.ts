/**
 * Group commit: calls that arrive while a write is running wait, and the next write takes all of
 * them at once: one statement, one round trip and one commit for the lot (issue 12: the sign-in's
 * database write).
 *
 * A call that finds the queue idle is written at once, alone: a lone caller waits for nothing.
 * Under load — the last write took several items, or more came while it ran — the next write
 * first lingers `lingerMs` so that more join it, like PostgreSQL's commit_delay; it stops
 * lingering as soon as a window passes with no one joining. Measured on the sign-in benchmark
 * (bench/README): writes of ~4 sessions instead of ~1.1, a third less CPU per sign-in outside
 * argon2, for at most `lingerMs` more on an answer that under such load waits far longer for its
 * turn at argon2.
 *
 * Each call settles with its own item's outcome: when a batch of several fails, each of its items
 * is written again alone, so one bad item (a user deleted meanwhile, say) fails only its own call.
 */
export function groupCommit<T>(
  write: (items: T[]) => Promise<void>,
  { lingerMs = 0, maxBatch = 64 }: { lingerMs?: number; maxBatch?: number } = {},
): (item: T) => Promise<void> {
  interface Waiting {
    item: T;
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let running = false;
  let underLoad = false;

  const writeAlone = (w: Waiting) => write([w.item]).then(w.resolve, w.reject);

  async function drain() {
    running = true;
    while (queue.length > 0) {
      if (underLoad && lingerMs > 0 && queue.length < maxBatch)
        await new Promise((resolve) => setTimeout(resolve, lingerMs));
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        await write(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map(writeAlone));
      }
      underLoad = batch.length > 1 || queue.length > 0;
    }
    running = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
