/**
 * The server's entry (`npm start`, `tsx apps/api/src/server.ts`): reads the configuration, starts
 * the traces when OTEL_EXPORTER_OTLP_ENDPOINT is set — before anything they instrument is
 * imported — and then runs main.ts.
 */
import { ConfigError, loadConfig } from './config';

async function start() {
  const config = loadConfig();
  if (config.otel) await (await import('./telemetry')).startTelemetry(config.otel);
  const { main } = await import('./main');
  await main(config);
}

start().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Falha ao iniciar o Fã Clube:', err instanceof Error ? err.message : err);
    if (!(err instanceof Error && err.message.includes('em uso'))) console.error(err);
  }
  process.exit(1);
});
