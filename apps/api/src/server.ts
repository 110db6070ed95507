import { buildApp, DEFAULT_WEB_DIST } from './app';
import { closeContext, createContext } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { startPeriodic } from './lib/periodic';
import type { Periodic } from './lib/periodic';
import { purgeAbandonedUploads } from './modules/files/images.service';
import { startSubscriptionJobs } from './modules/subscriptions/renewal.jobs';

/** config -> db -> buildApp -> listen; graceful close on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const dev = process.argv.includes('--dev');
  const ctx = await createContext(config);
  const app = await buildApp(ctx, {
    webDist: dev ? undefined : (config.webDist ?? DEFAULT_WEB_DIST),
    prettyLogs: dev,
  });
  ctx.logger = app.log;

  let jobs: Periodic[] = [];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'encerrando');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await Promise.all(jobs.map((j) => j.stop()));
      await app.close();
      await closeContext(ctx);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'falha ao encerrar');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  jobs = [
    startSubscriptionJobs(ctx),
    // raw uploads that were never completed (hourly)
    startPeriodic('uploads abandonados', 3_600_000, () => purgeAbandonedUploads(ctx), ctx.logger),
  ];
  const db = config.databaseUrl ? 'PostgreSQL' : `PGlite em ${config.dataDir}`;
  console.log(`\n  Fã Clube pronto em ${config.appUrl}  (banco: ${db})\n`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Falha ao iniciar o Fã Clube:', err instanceof Error ? err.message : err);
    if (!(err instanceof Error && err.message.includes('em uso'))) console.error(err);
  }
  process.exit(1);
});
