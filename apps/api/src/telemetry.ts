/**
 * OTEL_EXPORTER_OTLP_ENDPOINT (docs/operations.md): OpenTelemetry traces of requests (HTTP),
 * PostgreSQL queries (pg) and jobs (lib/tracing.ts), sent over OTLP/HTTP in batches. Started by
 * server.ts before the rest of the server is imported, so that the instrumentations hook the
 * modules as they load (import-in-the-middle for ES modules). Nothing here is imported when the
 * variable is unset: no hook, no tracer, no cost.
 */
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';

let stop: (() => Promise<void>) | undefined;

export async function startTelemetry(otel: { endpoint: string; serviceName: string }) {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources, inst] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
    ]);
  const [{ HttpInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': otel.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${otel.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  provider.register();
  inst.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // the probes every few seconds are noise; our own calls out (the PSP, SMTP) are kept
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz)\b/.test(req.url ?? ''),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  stop = () => provider.shutdown();
}

/** Sends the spans still buffered (the graceful stop, before exiting). */
export async function stopTelemetry() {
  await stop?.().catch(() => {});
}
