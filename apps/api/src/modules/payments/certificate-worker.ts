// A worker thread of the PSP connection (certificate-reader.ts): reads the client
// certificate an owner uploads, off the event loop, within the pool's deadline.
// A certificate that cannot be used is an answer, not a failure: its field and
// pt-BR message cross the thread as data (an Error would lose them).
import { serveTasks } from '../../lib/worker-pool';
import { CertificateError, readClientCertificate } from '../../lib/pix/certificate';
import type { CertificateReading, CertificateTask } from './certificate-reader';

serveTasks<CertificateTask, CertificateReading>(({ input, now }) => {
  try {
    return { ok: true, certificate: readClientCertificate(input, new Date(now)) };
  } catch (err) {
    if (!(err instanceof CertificateError)) throw err;
    return { ok: false, field: err.field, message: err.message };
  }
});
