#!/usr/bin/env node
// `npm test` / `npm run validate`: format, lint, API module boundaries and cycles, unused code and
// dependencies (knip), types, schema vs migrations,
// unit + integration tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL
// is set), a fast subset of the fault suite (with TEST_DATABASE_URL too: it needs PostgreSQL), the web build and its first-load budget (290 KB gzip per page, decision 098), then the
// Playwright journeys in Chromium (axe in every journey). Lighthouse is a measurement, not a
// gate: `npm run lighthouse`.
// Every step runs (the read-only checks side by side, one per core); the summary lists each and
// the exit code is 1 if any failed.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const pgUrl = process.env.TEST_DATABASE_URL;
const playwright = (...args) => [
  'npx',
  'playwright',
  'test',
  '-c',
  'apps/web/playwright.config.ts',
  ...args,
];
/** The scenarios of the fault step (npm run faults -- <name>...). */
const FAST_FAULTS = ['kill9-pglite', 'pix-webhooks-pglite', 'smtp-down'];
const envWithout = (...keys) =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !keys.includes(k)));

const steps = [
  { check: true, name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  { check: true, name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  {
    check: true,
    name: 'boundaries',
    label: 'API module boundaries',
    cmd: ['npx', 'tsx', 'apps/api/scripts/api-boundaries.ts'],
  },
  { check: true, name: 'unused', label: 'unused code (knip)', cmd: ['npx', 'knip'] },
  { check: true, name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { check: true, name: 'db', cmd: ['npm', 'run', '--silent', 'db:check'] },
  {
    name: 'unit',
    label: 'tests (PGlite)',
    cmd: ['npx', 'vitest', 'run'],
    env: envWithout('TEST_DATABASE_URL'),
  },
  ...(pgUrl
    ? [
        {
          name: 'pg',
          label: 'tests (PostgreSQL)',
          cmd: ['npx', 'vitest', 'run', '--project', 'api'],
          env: { ...process.env, TEST_DATABASE_URL: pgUrl },
        },
      ]
    : []),
  ...(pgUrl
    ? [
        {
          // issue 37: a quick form of the fault suite (FAULTS_FAST=1, faults/lib/fast.ts) — a
          // kill -9 mid-load, the PSP's webhooks (forged, repeated, out of order, wrong amount)
          // and SMTP down — so that a scenario cannot rot unnoticed. Needs PostgreSQL's binaries
          // (a throwaway cluster) and Redis, as CI has; about 3 minutes on 2 cores. The whole
          // suite with the round's figures: `npm run faults` (docs/reliability.md)
          name: 'faults',
          label: 'fault suite, fast subset',
          cmd: ['npm', 'run', '--silent', 'faults', '--', ...FAST_FAULTS],
          env: { ...process.env, FAULTS_FAST: '1' },
        },
      ]
    : []),
  { name: 'build', label: 'web build', cmd: ['npm', 'run', '--silent', 'build'] },
  {
    // each page's first load ≤ 290 KB of gzip JavaScript (decision 098)
    name: 'bundle',
    label: 'bundle budget (290 KB gzip per route)',
    cmd: ['node', 'scripts/bundle-budget.mjs'],
    needs: 'build',
  },
  ...(pgUrl
    ? [
        {
          // issue 27: the journeys on PostgreSQL too, the app on a scratch database of
          // TEST_DATABASE_URL's server (apps/web/e2e/support/app.ts). The screens (axe,
          // overflow, screenshots at 375/1440, light/dark) do not depend on the database: they
          // are checked once, in the run on PGlite of the same build (decision 047)
          name: 'e2e-pg',
          label: 'journeys (Chromium, PostgreSQL)',
          cmd: playwright('--project', 'chromium'),
          env: { ...process.env, E2E_DATABASE_URL: pgUrl, E2E_SCREENS: 'off' },
          needs: 'build',
        },
      ]
    : []),
  {
    name: 'e2e',
    label: 'journeys (Chromium)',
    cmd: playwright('--project', 'chromium'),
    env: envWithout('E2E_DATABASE_URL', 'E2E_SCREENS'),
    needs: 'build',
  },
];

const results = [];
const selected = steps.filter((step) => !only.length || only.includes(step.name));

/** Runs one step with its output kept, for the checks that run side by side. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd[0], step.cmd.slice(1), { env: step.env ?? process.env });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) =>
      resolve({
        ...step,
        ok: code === 0,
        output: Buffer.concat(out).toString(),
        seconds: Math.round((Date.now() - started) / 1000),
      }),
    );
  });
}

// The checks (format, lint, boundaries, knip, types, migrations) read the tree and nothing
// else: they run side by side, one per core, each printed whole when done.
const checks = selected.filter((step) => step.check);
const pending = [...checks];
const lanes = Array.from({ length: Math.min(availableParallelism(), checks.length) }, async () => {
  const done = [];
  for (let step = pending.shift(); step; step = pending.shift()) {
    const r = await runCaptured(step);
    console.log(`\n\u25b6 ${r.label ?? r.name}: ${r.cmd.join(' ')} (${r.seconds}s)`);
    if (r.output.trim()) process.stdout.write(r.output);
    done.push(r);
  }
  return done;
});
const checked = (await Promise.all(lanes)).flat();
for (const step of checks) results.push(checked.find((r) => r.name === step.name));

for (const step of selected.filter((s) => !s.check)) {
  if (step.needs && results.some((r) => r.name === step.needs && !r.ok)) {
    results.push({ ...step, ok: false, skipped: true, seconds: 0 });
    continue;
  }
  const label = step.label ?? step.name;
  console.log(`\n\u25b6 ${label}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    env: step.env ?? process.env,
  });
  results.push({ ...step, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\nResumo:');
for (const r of results) {
  const mark = r.skipped ? 'SKIP' : r.ok ? ' OK ' : 'FAIL';
  console.log(`  [${mark}] ${(r.label ?? r.name).padEnd(22)} ${r.seconds}s`);
}
const failed = results.filter((r) => !r.ok);
if (!pgUrl && !only.length)
  console.log('  (TEST_DATABASE_URL not set: the PostgreSQL run was not made)');
process.exit(failed.length ? 1 : 0);
