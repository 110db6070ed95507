import type { FastifyBaseLogger } from 'fastify';

export interface Periodic {
  stop(): Promise<void>;
}

/**
 * Runs `task` at once and then every `intervalMs`, never two runs at a time.
 * Tasks read what is due from the database, so nothing is lost across
 * restarts; a failed run is logged and the next one tries again.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  logger: FastifyBaseLogger,
): Periodic {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task()
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
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
