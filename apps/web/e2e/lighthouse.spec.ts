import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { createUser, signInApi, storeSession } from './support/api';
import { appUrl } from './support/env';
import { startHttpsProxy } from './support/https-proxy';
import type { HttpsProxy } from './support/https-proxy';

/**
 * Lighthouse on a phone — its default mobile profile: a mid-range phone's screen, 4× slower CPU
 * and slow 4G, simulated — for the sign-in page, a creator's profile seen by a visitor and the
 * feed of a signed-in fan. A measurement, not a gate of `npm test` (the same build scored 96, 89
 * and 83): `npm run lighthouse` runs it alone and writes the medians to bench/lighthouse.json;
 * it still says which page is under the targets.
 *
 * The pages are served as deployed: HTTPS with HTTP/2 at a reverse proxy in front of the app
 * (support/https-proxy.ts; decision 036). LIGHTHOUSE_DIRECT=1 measures the bare server over plain
 * HTTP/1.1 instead, for comparison.
 *
 * Each page is measured LIGHTHOUSE_RUNS times (5 by default: Lighthouse's documentation advises
 * the median of five) and judged by the median of each category (docs/decisions/036-web-first-load.md).
 * Three were too few on a slower machine: the feed's total blocking time ran 158, 364 and 537 ms
 * in one CI run (performance 96, 89, 83 → median 89) with the same build. A run Lighthouse could not complete (NO_NAVSTART, seen
 * about once in ten on a busy machine) is done again.
 */
const BUDGET = { performance: 0.9, accessibility: 0.95, 'best-practices': 0.95 } as const;
type Category = keyof typeof BUDGET;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const DIRECT = process.env.LIGHTHOUSE_DIRECT === '1';

const REPORT_DIR = path.resolve(import.meta.dirname, '../../../test-results/lighthouse');
const MEDIANS_FILE = path.resolve(import.meta.dirname, '../../../bench/lighthouse.json');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test('login, profile and feed on a phone: performance ≥ 90, accessibility ≥ 95, best practices ≥ 95', async ({
  request,
}) => {
  // three pages, each up to 2 × RUNS runs of about 15 s (30 s on a busy machine)
  test.setTimeout(60_000 + 3 * 2 * RUNS * 30_000);
  const creator = await createUser(request);
  const fan = await createUser(request);
  const fanTokens = await signInApi(request, fan);

  // Lighthouse drives the browser over its debugging port, in the default (persistent) context,
  // where the fan's session is stored before the feed is measured
  const port = await freePort();
  const proxy: HttpsProxy | null = DIRECT ? null : await startHttpsProxy(appUrl);
  const base = proxy?.url ?? appUrl;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      // this run's certificate, and only it (support/https-proxy.ts)
      ...(proxy ? [`--ignore-certificate-errors-spki-list=${proxy.spki}`] : []),
    ],
  });
  mkdirSync(REPORT_DIR, { recursive: true });
  const scores: { page: string; runs: number[]; scores: Record<Category, number> }[] = [];
  const tab = browser.pages()[0] ?? (await browser.newPage());
  const cdp = await browser.newCDPSession(tab);
  try {
    const audit = async (page: string, url: string) => {
      const runs: Record<Category, number>[] = [];
      // a run Lighthouse could not complete is done again, up to RUNS more times
      for (let run = 1; runs.length < RUNS && run <= 2 * RUNS; run++) {
        // a first visit: nothing in the HTTP cache from the run or page measured before (the
        // storage reset that would clear it is off, see below)
        await cdp.send('Network.clearBrowserCache');
        const result = await lighthouse(`${base}${url}`, {
          port,
          logLevel: 'error',
          output: ['html', 'json'],
          onlyCategories: Object.keys(BUDGET),
          // keeps the session stored for the feed
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const [html, json] = result.report as string[];
        writeFileSync(path.join(REPORT_DIR, `${page}-${run}.html`), html!);
        // the details (LCP element, render-blocking requests, layout shifts) for a closer look
        writeFileSync(path.join(REPORT_DIR, `${page}-${run}.json`), json!);
        if (result.lhr.runtimeError) {
          console.log(`${page} run ${run}: ${result.lhr.runtimeError.code}, measured again`);
          continue;
        }
        if (proxy) {
          // the page really came over HTTP/2, as through the production proxy
          const requests = result.lhr.audits['network-requests']?.details as
            { items: { url: string; protocol: string }[] } | undefined;
          expect(requests?.items[0]?.protocol, `${page}: protocol`).toBe('h2');
        }
        runs.push(
          Object.fromEntries(
            (Object.keys(BUDGET) as Category[]).map((c) => [
              c,
              result.lhr.categories[c]?.score ?? 0,
            ]),
          ) as Record<Category, number>,
        );
      }
      expect(runs.length, `${page}: completed runs`).toBe(RUNS);
      scores.push({
        page,
        runs: runs.map((r) => Math.round(r.performance * 100)),
        scores: Object.fromEntries(
          (Object.keys(BUDGET) as Category[]).map((c) => [c, median(runs.map((r) => r[c]))]),
        ) as Record<Category, number>,
      });
    };
    await audit('login', '/login');
    await audit('profile', `/profile/${creator.username}`);
    await tab.goto(`${base}/login`);
    await storeSession(tab, fanTokens);
    await audit('feed', '/dashboard');
  } finally {
    await browser.close();
    await proxy?.close();
    rmSync(profileDir, { recursive: true, force: true });
  }

  const table = scores
    .map(({ page, runs, scores: s }) =>
      [
        page.padEnd(8),
        ...Object.entries(s).map(([c, v]) => `${c} ${Math.round(v * 100)}`),
        `(performance per run: ${runs.join(', ')})`,
      ].join('  '),
    )
    .join('\n');
  console.log(
    `Lighthouse (mobile, ${DIRECT ? 'HTTP/1.1 to the app' : 'HTTPS + HTTP/2 proxy'}), median of ${RUNS} runs, reports in test-results/lighthouse/\n${table}`,
  );
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  writeFileSync(
    MEDIANS_FILE,
    `${JSON.stringify(
      {
        measured_at: new Date().toISOString(),
        commit,
        served: DIRECT ? 'HTTP/1.1 to the app' : 'HTTPS + HTTP/2 proxy',
        runs: RUNS,
        targets: BUDGET,
        pages: Object.fromEntries(
          scores.map(({ page, runs, scores: s }) => [
            page,
            {
              ...Object.fromEntries(Object.entries(s).map(([c, v]) => [c, Math.round(v * 100)])),
              performance_per_run: runs,
            },
          ]),
        ),
      },
      null,
      2,
    )}\n`,
  );
  for (const { page, scores: s } of scores)
    for (const c of Object.keys(BUDGET) as Category[])
      expect(Math.round(s[c] * 100), `${page}: ${c}`).toBeGreaterThanOrEqual(BUDGET[c] * 100);
});
