import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

// evaluated through the DevTools protocol, which the page's CSP does not block
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Where the README says screenshots are: <repo>/artifacts/screenshots/. */
export const SCREENSHOT_DIR = path.resolve(
  import.meta.dirname,
  '../../../../artifacts/screenshots',
);

export const SCREEN_WIDTHS = [375, 1440] as const;
export const SCREEN_THEMES = ['light', 'dark'] as const;

export interface CaptureOptions {
  /** Only these widths (default 375 and 1440). */
  widths?: readonly number[];
  /** Full-page screenshot (default true). */
  fullPage?: boolean;
  /** Height of the viewport (default 900). */
  height?: number;
  /** Do not fail when the page is wider than the viewport (it fails by default). */
  allowHorizontalOverflow?: boolean;
  /** Called after each resize/theme switch, e.g. to open a dialog again. */
  prepare?: (page: Page) => Promise<void>;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page as it is and fails on serious or critical violations, naming
 * each rule and the elements it found.
 */
export async function expectAccessible(page: Page, label: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const detail = serious
      .map(
        (v) =>
          `- ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => JSON.stringify(n.target)).join('\n    ')}`,
      )
      .join('\n');
    throw new Error(
      `axe: ${label} has ${serious.length} serious/critical violation(s):\n${detail}`,
    );
  }
}

/**
 * Switches the theme class on <html> with CSS transitions held off for that one style change
 * (the way theme libraries do it): the colours are final at once, so axe never measures a
 * button's contrast halfway through a fade (CI once caught `.bg-destructive` mid-fade).
 */
async function switchTheme(page: Page, theme: string) {
  await page.evaluate(async (t) => {
    const hold = document.createElement('style');
    hold.textContent = '*,*::before,*::after{transition:none!important}';
    document.head.appendChild(hold);
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(t);
    // apply the new colours while transitions are off, then let them back on
    void getComputedStyle(document.body).backgroundColor;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    hold.remove();
  }, theme);
}

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map((img) => new Promise((r) => img.addEventListener('load', r, { once: true }))),
    );
  });
  // let the layout switch (sidebar / top bar) render: media-query listeners run in the next
  // frame and React renders right after; two frames, each followed by a task, cover both
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++)
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
  // also wait for the finite CSS transitions and animations still running (a dialog that
  // `prepare` opened fades and zooms in; axe must not measure contrast mid-animation)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

/**
 * Saves artifacts/screenshots/<name>-<375|1440>-<light|dark>.png: sets each viewport width,
 * switches the theme class on <html>, waits for fonts and images, and shoots. The page keeps
 * its state (no reload), so call it on the screen you want, then carry on with the journey.
 * The original viewport and theme are restored at the end. Fails when the page overflows the
 * viewport horizontally, or when axe-core finds a serious or critical violation.
 * `E2E_SCREENS=off` skips it: `npm test`'s second run of the journeys (on PostgreSQL) proves
 * their behaviour on that database; the screens of the same build are checked in the first.
 */
export async function captureScreens(page: Page, name: string, options: CaptureOptions = {}) {
  if (process.env.E2E_SCREENS === 'off') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const originalTheme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  for (const width of options.widths ?? SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: options.height ?? 900 });
    for (const theme of SCREEN_THEMES) {
      await switchTheme(page, theme);
      if (options.prepare) await options.prepare(page);
      await settle(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0 && !options.allowHorizontalOverflow) {
        throw new Error(
          `${name} at ${width} px (${theme}) overflows horizontally by ${overflow} px`,
        );
      }
      await expectAccessible(page, `${name} at ${width} px (${theme})`);
      const height = options.height ?? 900;
      if (options.fullPage ?? true) {
        // Grow the viewport to the whole page instead of Playwright's scrolling full-page mode,
        // which stamps fixed elements (sidebar, top bar) at a scroll offset mid-page.
        const full = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width, height: Math.min(Math.max(height, full), 8000) });
        await settle(page);
      }
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}.png`),
        animations: 'disabled',
      });
      await page.setViewportSize({ width, height });
    }
  }
  await switchTheme(page, originalTheme);
  if (original) await page.setViewportSize(original);
}
