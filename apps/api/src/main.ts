import cluster from 'node:cluster';
import { buildApp, buildProbeApp, DEFAULT_WEB_DIST } from './app';
import { closeContext, createContext, openConfiguredDatabase } from './bootstrap';
import type { Config } from './config';
import { defineModuleQueues } from './lib/module';
import { claimJobRun, startPeriodic } from './lib/periodic';
import type { Periodic } from './lib/periodic';
import { resolveMasterSecret } from './lib/secrets';
import { modules } from './modules';
import { startClusterMetrics, startMetrics } from './observability';
import { missingPushSettings } from './modules/notifications/notifications.service';

/**
 * config -> db -> buildApp -> listen; graceful close on SIGTERM/SIGINT.
 * WEB_CONCURRENCY=N > 1: this process (the primary) migrates the database and
 * settles the master secret once, then forks N workers that share the port
 * (node:cluster) and replaces any that dies.
 * ROLE (docs/operations.md): `web` serves the API, the page and the live streams and only sends
 * jobs; `jobs` works the queues and the periodic tasks and serves only the probes; `all` both.
 */
export async function main(config: Config) {
  if (config.webConcurrency > 1 && cluster.isPrimary) await runPrimary(config);
  else await runServer(config, { worker: cluster.isWorker });
}

async function runPrimary(config: Config) {
  const database = await openConfiguredDatabase(config);
  await database.close();
  resolveMasterSecret(config);
  const metricsServer = await startClusterMetrics(config.metrics);
  let closing = false;
  let listening = 0;
  const fork = () => cluster.fork();
  cluster.on('listening', () => {
    if (++listening === config.webConcurrency) announce(config);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    console.error(`Processo ${worker.process.pid} terminou (${signal ?? code}); iniciando outro.`);
    fork();
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    metricsServer?.close();
    const workers = Object.values(cluster.workers ?? {});
    for (const w of workers) w?.process.kill(signal);
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

async function runServer(config: Config, opts: { worker: boolean }) {
  const dev = process.argv.includes('--dev');
  const ctx = await createContext(config, { migrated: opts.worker });
  const app =
    config.role === 'jobs'
      ? await buildProbeApp(ctx)
      : await buildApp(ctx, {
          webDist: dev ? undefined : (config.webDist ?? DEFAULT_WEB_DIST),
          prettyLogs: dev,
        });
  ctx.logger = app.log;
  const pushMissing = missingPushSettings(config);
  if (pushMissing.length)
    app.log.error(
      { missing: pushMissing },
      `notificações no aparelho (Web Push) desligadas: defina ${pushMissing.join(', ')}`,
    );
  const metricsServer = await startMetrics(ctx, modules, opts);

  let jobs: Periodic[] = [];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'encerrando');
    // what is still running when the deadline passes is logged with the exit 1
    const pending = new Set<string>();
    const step = <T>(name: string, p: Promise<T>) => {
      pending.add(name);
      return p.finally(() => pending.delete(name));
    };
    // pino writes asynchronously: flush before exiting, or the last lines are lost
    const exit = (code: number) => {
      setTimeout(() => process.exit(code), 1000).unref();
      (app.log as { flush?: (cb: () => void) => void }).flush?.(() => process.exit(code));
    };
    const force = setTimeout(() => {
      app.log.error(
        { pending: [...pending], requests: app.inFlightRequests().slice(0, 20) },
        'encerramento passou do prazo de 10 s',
      );
      exit(1);
    }, 10_000);
    force.unref();
    try {
      // answer the requests in flight (new ones get 503) while the jobs wind
      // down, then stop listening; queued jobs in progress finish or go back
      // to the queue (plugins/drain.ts)
      await Promise.all([
        step(
          'requests',
          app.drain(7000).then(() => app.close()),
        ),
        ...jobs.map((j) => step(j.name, j.stop())),
        step('queue', ctx.queue.stop({ timeoutMs: 8000 })),
      ]);
      metricsServer?.close();
      await step('close', closeContext(ctx));
      if (config.otel) await step('traces', (await import('./telemetry')).stopTelemetry());
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'falha ao encerrar');
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  defineModuleQueues(ctx, modules);
  await app.listen({ host: config.host, port: config.port });
  await ctx.queue.start();
  // every process of a role that runs jobs ticks; one claim per interval wins across processes
  jobs = (config.role === 'web' ? [] : modules).flatMap((m) =>
    (m.jobs ?? []).map((job) => {
      const intervalMs = job.intervalMs(ctx);
      return startPeriodic(
        job.name,
        intervalMs,
        (signal) => job.run(ctx, signal),
        ctx.logger,
        () => claimJobRun(ctx.db, job.name, intervalMs),
      );
    }),
  );
  if (!opts.worker) announce(config);
}

function announce(config: Config) {
  const db = config.databaseUrl ? 'PostgreSQL' : `PGlite em ${config.dataDir}`;
  const processes = config.webConcurrency > 1 ? `, ${config.webConcurrency} processos` : '';
  const role = { all: '', web: ', papel: web', jobs: ', papel: tarefas' }[config.role];
  const metrics = config.metrics
    ? `, métricas em http://${config.metrics.host}:${config.metrics.port}/metrics`
    : '';
  const where =
    config.role === 'jobs'
      ? `Fã Clube (tarefas) pronto; sondas em :${config.port}/readyz`
      : `Fã Clube pronto em ${config.appUrl}`;
  console.log(`\n  ${where}  (banco: ${db}${processes}${role}${metrics})\n`);
}
