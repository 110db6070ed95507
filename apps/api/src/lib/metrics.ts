/**
 * What an operator scrapes (METRICS_PORT, docs/operations.md): prom-client's registry of this
 * process. The counters and histograms are always there (an observation costs a few
 * nanoseconds); the gauges that read the database (queue depth, mail outbox) are read only when
 * Prometheus asks, and nothing is served unless METRICS_PORT is set (server.ts).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  /** Every answered request, by route pattern (never the raw URL) and status. */
  httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  /** Live event streams (GET /events) held by this process. */
  eventStreams: client.Gauge;
  /** From the moment the Pix was paid (the PSP's `horario`) to its settlement here. */
  pixSettlementLag: client.Histogram<'provider'>;
  /** Media processed on arrival or by a job, and how long each took. */
  mediaJobs: client.Counter<'kind' | 'outcome'>;
  mediaSeconds: client.Histogram<'kind'>;
}

/** A value read when scraped: `labels` name the series (one per queue, per state...). */
export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  return {
    registry,
    httpDuration: new client.Histogram({
      name: 'faclube_http_request_duration_seconds',
      help: 'Duração das requisições HTTP, por rota e status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    eventStreams: new client.Gauge({
      name: 'faclube_event_streams',
      help: 'Fluxos de eventos ao vivo (GET /events) abertos neste processo',
      registers: [registry],
    }),
    pixSettlementLag: new client.Histogram({
      name: 'faclube_pix_settlement_lag_seconds',
      help: 'Do pagamento do Pix (horário do PSP) à baixa da cobrança aqui',
      labelNames: ['provider'],
      buckets: [1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
      registers: [registry],
    }),
    mediaJobs: new client.Counter({
      name: 'faclube_media_jobs_total',
      help: 'Mídias processadas, por tipo e resultado',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
    mediaSeconds: new client.Histogram({
      name: 'faclube_media_job_duration_seconds',
      help: 'Tempo de processamento de cada mídia',
      labelNames: ['kind'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
  };
}

/** Times one media job into `mediaJobs` and `mediaSeconds`, whatever its outcome. */
export async function timeMediaJob<T>(
  metrics: Metrics,
  kind: string,
  work: () => Promise<T>,
): Promise<T> {
  const end = metrics.mediaSeconds.startTimer({ kind });
  try {
    const result = await work();
    metrics.mediaJobs.inc({ kind, outcome: 'ok' });
    return result;
  } catch (err) {
    metrics.mediaJobs.inc({ kind, outcome: 'failed' });
    throw err;
  } finally {
    end();
  }
}

/**
 * A gauge read at scrape time. `aggregate`: how the cluster primary (WEB_CONCURRENCY > 1) joins
 * the processes' values — 'sum' for what each process holds, 'first' for what they all read from
 * the same database.
 */
export function addScrapedGauge(
  metrics: Metrics,
  def: {
    name: string;
    help: string;
    labelNames?: string[];
    aggregate: 'sum' | 'first';
    read: () => Promise<GaugeReading[]> | GaugeReading[];
  },
) {
  new client.Gauge({
    name: def.name,
    help: def.help,
    labelNames: def.labelNames ?? [],
    aggregator: def.aggregate,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const r of await def.read()) {
        if (r.labels) this.set(r.labels, r.value);
        else this.set(r.value);
      }
    },
  });
}

/** Node's own: event-loop lag, heap, GC, CPU, open handles (prom-client's defaults). */
export function collectProcessMetrics(metrics: Metrics) {
  client.collectDefaultMetrics({ register: metrics.registry, prefix: 'faclube_' });
}

/**
 * Serves `GET /metrics` in Prometheus text on host:port; `render` answers the text (one process:
 * its registry; the cluster primary: every worker's, summed).
 */
export function serveMetrics(
  host: string,
  port: number,
  render: () => Promise<{ contentType: string; body: string }>,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('não encontrado\n');
      return;
    }
    render().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('falha ao coletar\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** This process's registry as Prometheus text. */
export const renderRegistry = (metrics: Metrics) => async () => ({
  contentType: metrics.registry.contentType,
  body: await metrics.registry.metrics(),
});

/** The cluster primary: every worker's registry, joined (prom-client's AggregatorRegistry). */
export function clusterRenderer() {
  const aggregator = new client.AggregatorRegistry();
  return async () => ({
    contentType: aggregator.contentType,
    body: await aggregator.clusterMetrics(),
  });
}

/** A cluster worker: answers the primary's requests for its registry. */
export function shareWithPrimary(metrics: Metrics) {
  new client.AggregatorRegistry(); // its constructor adds the worker's listener
  client.AggregatorRegistry.setRegistries([metrics.registry]);
}
