import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { ClientCertificate } from '../../lib/pix/certificate';
import { WorkerOutOfMemoryError, WorkerPool, WorkerTimeoutError } from '../../lib/worker-pool';

/**
 * The client certificate of a PSP connection is read in a worker thread
 * (lib/worker-pool.ts, as bank files are: decision 043), so a bundle built to
 * be slow never blocks the event loop; one still being read after
 * PIX_CERTIFICATE_TIMEOUT_MS (15 s) has its worker terminated. Iteration counts are
 * bounded in the reading itself (lib/pix/certificate.ts); the deadline catches
 * whatever else is slow. One worker per process: connecting is rare.
 */
export interface CertificateTask {
  input: { certificate: string; private_key?: string; passphrase?: string };
  now: number;
}
export type CertificateReading =
  | { ok: true; certificate: ClientCertificate }
  | { ok: false; field: 'certificate' | 'private_key' | 'passphrase'; message: string };

const WORKER = new URL('./certificate-worker.ts', import.meta.url);
const readers = new WeakMap<AppContext, WorkerPool<CertificateTask, CertificateReading>>();

function reader(ctx: AppContext) {
  let pool = readers.get(ctx);
  if (!pool) {
    const timeoutMs = ctx.config.pix.certificateTimeoutMs;
    pool = new WorkerPool({
      entry: WORKER,
      size: 1,
      timeoutMs,
      // a second upload waits for the first, then 503
      acquireTimeoutMs: 2 * timeoutMs,
      maxHeapMb: 256,
    });
    readers.set(ctx, pool);
  }
  return pool;
}

const invalid = (field: string, message: string) =>
  new AppError('PIX_CERTIFICATE_INVALID', message, { errors: [{ field, message }] });

/** The uploaded certificate, read off the event loop; 400 PIX_CERTIFICATE_INVALID when unusable. */
export async function readCertificateOffThread(
  ctx: AppContext,
  input: CertificateTask['input'],
  now: Date,
): Promise<ClientCertificate> {
  let reading: CertificateReading;
  try {
    reading = await reader(ctx).run({
      input: {
        certificate: input.certificate,
        private_key: input.private_key,
        passphrase: input.passphrase,
      },
      now: now.getTime(),
    });
  } catch (err) {
    if (err instanceof WorkerTimeoutError || err instanceof WorkerOutOfMemoryError)
      throw invalid(
        'certificate',
        'O certificado não pôde ser lido em tempo razoável. Exporte-o de novo com as opções padrão da ferramenta.',
      );
    throw err;
  }
  if (!reading.ok) throw invalid(reading.field, reading.message);
  return reading.certificate;
}

/** Stops the context's certificate worker (the app's onClose). */
export async function closeCertificateReader(ctx: AppContext) {
  await readers.get(ctx)?.close();
  readers.delete(ctx);
}
