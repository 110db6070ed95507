/**
 * METRICS_PORT (docs/operations.md): this process's metrics — Node's own, the database pool, the
 * job queues' backlog and each module's gauges — served as Prometheus text on METRICS_HOST
 * (127.0.0.1 by default). With WEB_CONCURRENCY > 1 the primary serves every worker's, joined;
 * a worker only answers the primary.
 */
import type { Server } from 'node:http';
import type { AppContext } from './lib/context';
import {
  addScrapedGauge,
  clusterRenderer,
  collectProcessMetrics,
  renderRegistry,
  serveMetrics,
  shareWithPrimary,
} from './lib/metrics';
import type { QueueStats } from './lib/queue/types';
import type { ApiModule } from './lib/module';

export async function startMetrics(
  ctx: AppContext,
  modules: readonly ApiModule[],
  opts: { worker: boolean },
): Promise<Server | undefined> {
  const where = ctx.config.metrics;
  if (!where) return undefined;
  const { metrics } = ctx;
  collectProcessMetrics(metrics);
  addScrapedGauge(metrics, {
    name: 'faclube_db_pool_connections',
    help: 'Conexões do pool do PostgreSQL: abertas, ociosas e pedidos à espera',
    labelNames: ['state'],
    aggregate: 'sum',
    read: () => {
      const s = ctx.database.poolStats?.();
      return s ? Object.entries(s).map(([state, value]) => ({ labels: { state }, value })) : [];
    },
  });
  // one read of the queues per scrape, shared by their four gauges
  let stats: { at: number; rows: Promise<QueueStats[]> } | undefined;
  const queueStats = () => {
    if (!stats || Date.now() - stats.at > 1000)
      stats = { at: Date.now(), rows: ctx.queue.stats().catch(() => []) };
    return stats.rows;
  };
  const queueGauge = (name: string, help: string, pick: (s: QueueStats) => number) =>
    addScrapedGauge(metrics, {
      name,
      help,
      labelNames: ['queue'],
      aggregate: 'first',
      read: async () =>
        (await queueStats()).map((s) => ({ labels: { queue: s.queue }, value: pick(s) })),
    });
  queueGauge('faclube_job_queue_due', 'Tarefas prontas à espera de um processo', (s) => s.due);
  queueGauge(
    'faclube_job_queue_waiting',
    'Tarefas à espera (prontas ou agendadas)',
    (s) => s.waiting,
  );
  queueGauge('faclube_job_queue_active', 'Tarefas em execução', (s) => s.active);
  queueGauge(
    'faclube_job_queue_oldest_due_seconds',
    'Idade da tarefa pronta mais antiga',
    (s) => s.oldestDueSeconds,
  );
  for (const module of modules)
    for (const gauge of module.gauges ?? [])
      addScrapedGauge(metrics, {
        name: gauge.name,
        help: gauge.help,
        labelNames: gauge.labelNames,
        aggregate: 'first',
        read: () => gauge.read(ctx).catch(() => []),
      });
  if (opts.worker) {
    shareWithPrimary(metrics);
    return undefined;
  }
  return serveMetrics(where.host, where.port, renderRegistry(metrics));
}

/** The cluster primary's METRICS_PORT: every worker's metrics, joined. */
export function startClusterMetrics(where: { host: string; port: number } | undefined) {
  return where ? serveMetrics(where.host, where.port, clusterRenderer()) : undefined;
}
