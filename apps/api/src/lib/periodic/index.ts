import type { FastifyBaseLogger } from 'fastify';

import { inSpan } from '../tracing';

export { claimJobRun } from './job-runs.repo';

export interface Periodic {
  readonly name: string;
  stop(): Promise<void>;
}

/**
 * Runs `task` at once and then every `intervalMs`, never two runs at a time.
 * Tasks read what is due from the database, so nothing is lost across
 * restarts; a failed run is logged and the next one tries again. With
 * `claim`, a tick runs the task only when the claim answers true (across
 * processes: job-runs.repo.ts). `stop()` aborts the signal the task receives
 * (a task working through batches checks it between them) and waits for the
 * run in progress.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  task: (signal: AbortSignal) => Promise<unknown>,
  logger: FastifyBaseLogger,
  claim?: () => Promise<boolean>,
): Periodic {
  let running: Promise<unknown> | null = null;
  const abort = new AbortController();
  const run = () => inSpan(`rotina ${name}`, { 'job.periodic': name }, () => task(abort.signal));
  const claimed = async () => ((await claim!()) && !abort.signal.aborted ? run() : undefined);
  const tick = () => {
    if (running || abort.signal.aborted) return;
    running = (claim ? claimed() : run())
      .then((result) => {
        if (result && typeof result === 'object' && Object.values(result).some(Boolean))
          logger.info({ result }, name);
        else if (typeof result === 'number' && result > 0) logger.info({ result }, name);
      })
      .catch((err: unknown) => logger.error({ err }, `falha: ${name}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    name,
    async stop() {
      abort.abort();
      clearInterval(timer);
      await running;
    },
  };
}
