/**
 * The app for the journeys, started by playwright.config.ts: `apps/api/src/server.ts` as a child
 * process, on PGlite in DATA_DIR — or, when E2E_DATABASE_URL names a PostgreSQL server (a URL
 * that may create databases), on a fresh scratch database of that server, migrated by the server
 * as it starts and dropped once it has stopped. The scratch database is `fa_e2e_<pid>_<random>`:
 * one that a killed run left behind is dropped by the next run.
 *
 *   E2E_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/web/e2e/support/app.ts
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createPostgresDatabase, dropOrphanDatabases } from '../../../api/test/support/database';

const root = path.resolve(import.meta.dirname, '../../../..');
const adminUrl = process.env.E2E_DATABASE_URL;
const PREFIX = 'fa_e2e';

let scratch: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
if (adminUrl) {
  const orphans = await dropOrphanDatabases(adminUrl, PREFIX);
  if (orphans.length) console.log(`app: dropped ${orphans.join(', ')} (left by killed runs)`);
  scratch = await createPostgresDatabase(adminUrl, `${PREFIX}_${process.pid}`);
  console.log(`app: PostgreSQL, database ${new URL(scratch.url).pathname.slice(1)}`);
}

// node itself (not npx): the signal Playwright sends the process group reaches the server, which
// drains and closes; this process waits for it, then drops the database
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    // the process group got it too; relayed for a signal sent to this process alone
    if (server.exitCode === null) server.kill(signal);
  });
const code = await new Promise<number>((resolve) =>
  server.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);
if (scratch)
  await scratch.drop().catch((err: unknown) => {
    console.error(`app: could not drop the scratch database: ${String(err)}`);
  });
process.exit(code);
