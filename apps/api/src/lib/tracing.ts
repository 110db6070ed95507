/**
 * Spans of our own work (a job, a periodic task), through OpenTelemetry's API: without
 * OTEL_EXPORTER_OTLP_ENDPOINT no tracer is registered and these cost a no-op call (telemetry.ts
 * registers one when it is set).
 */
import { SpanStatusCode, trace } from '@opentelemetry/api';

const tracer = trace.getTracer('fa-clube');

/** Runs `work` inside a span named `name`; a throw marks the span failed and goes on. */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  work: () => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: err instanceof Error ? err.message : String(err),
      });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Names the request's server span after its route pattern (never the raw URL). */
export function nameRequestSpan(method: string, route: string) {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
}
