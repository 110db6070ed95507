// The first module of every worker thread of lib/worker-pool.ts: it loads the
// worker's TypeScript entry (`workerData.entry`). The API runs TypeScript
// through tsx (docs/decisions/005-runtime-tsx.md), but Node 20 does not run the
// parent's `--import` hooks in a worker thread, and neither does Vitest's
// runner: when the entry cannot be loaded as it is, tsx is registered in this
// thread and the entry loaded again (under another URL: Node keeps the failed
// attempt for the first one). Plain JavaScript, so that it loads anywhere.
import { workerData } from 'node:worker_threads';

try {
  await import(workerData.entry);
} catch (err) {
  if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  const { register } = await import('tsx/esm/api');
  register();
  await import(`${workerData.entry}?tsx`);
}
