import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E, appUrl, harnessUrl, oidcIssuer, pspCaFile, smtpUrl } from './e2e/support/env';

/**
 * Journeys in real Chromium against the BUILT app (`npm run build` first):
 *   npx playwright test -c apps/web/playwright.config.ts
 *
 * Two processes are started, in this order, and stopped after the run:
 *   1. e2e/support/harness.ts — SMTP catcher (+ HTTP API), the local OIDC provider and the
 *      stand-in PSP (API Pix over mutual TLS);
 *   2. the app — e2e/support/app.ts runs `apps/api/src/server.ts` on a fresh temporary DATA_DIR:
 *      on PGlite, or with E2E_DATABASE_URL (a PostgreSQL server) on a scratch database of that
 *      server, dropped after the run (`npm test` runs the journeys both ways when
 *      TEST_DATABASE_URL is set).
 */
const root = path.resolve(import.meta.dirname, '../..');
const DATA_PREFIX = 'fa-clube-e2e-';

// One fresh data directory per run. The config is also loaded by the workers: they inherit
// the variable, so the directory is made once. The harness removes it when the run ends.
if (!process.env.E2E_DATA_DIR) {
  // leftovers of runs that were killed before the harness could clean up
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.slice(DATA_PREFIX.length).split('-')[0]);
    if (!name.startsWith(DATA_PREFIX) || !pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
  }
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), `${DATA_PREFIX}${process.pid}-`));
}
const dataDir = process.env.E2E_DATA_DIR;

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  timeout: 120_000, // a journey that hangs still fails; a slow CI machine does not
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // a forgotten .only never shrinks a run, locally or in CI
  forbidOnly: true,
  retries: 0,
  // a 2-core machine: the app, the harness and the browsers share it
  workers: 2,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: path.join(root, 'playwright-report') }]],
  use: {
    baseURL: appUrl,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /lighthouse\.spec\.ts/ },
    // Lighthouse: a measurement, not a gate of npm test (`npm run lighthouse`, run alone so that
    // nothing else competes for the CPU; its medians go to bench/lighthouse.json)
    { name: 'lighthouse', testMatch: /lighthouse\.spec\.ts/ },
  ],
  webServer: [
    {
      name: 'harness',
      command: 'npx tsx apps/web/e2e/support/harness.ts',
      cwd: root,
      url: `${harnessUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { E2E_DATA_DIR: dataDir },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'app',
      command: 'npx tsx apps/web/e2e/support/app.ts',
      cwd: root,
      url: `${appUrl}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // which database the run uses (LOG_LEVEL=warn keeps the server quiet otherwise)
      stdout: 'pipe',
      env: {
        HOST: E2E.host,
        PORT: String(E2E.appPort),
        APP_URL: appUrl,
        DATA_DIR: dataDir,
        // E2E_WEB_DIST: serve another build (parallel work builds with --outDir elsewhere)
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Fã Clube <nao-responda@faclube.test>',
        LOG_LEVEL: 'warn',
        // every journey signs up and in from 127.0.0.1
        RATE_LIMIT_SIGNIN_IP: '500/60',
        RATE_LIMIT_SIGNUP_IP: '500/3600',
        RATE_LIMIT_RESET_IP: '500/3600',
        // every journey's creator is minutes old: campaigns need no day-old account here (the
        // API tests hold the rule, email-marketing/audience.test.ts)
        EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: '0',
        GOOGLE_CLIENT_ID: E2E.google.clientId,
        GOOGLE_CLIENT_SECRET: E2E.google.clientSecret,
        GOOGLE_ISSUER: oidcIssuer,
        // the stand-in PSP's server certificate chains to the harness's test CA
        PIX_CA_FILE: pspCaFile(dataDir),
        // and it listens on 127.0.0.1, which a real deployment refuses
        PIX_PSP_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      // the server's own stop takes up to 10 s, then the scratch database is dropped
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
