import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

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

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map((img) => new Promise((r) => img.addEventListener('load', r, { once: true }))),
    );
  });
  // let transitions and the layout switch (sidebar / top bar) finish
  await page.waitForTimeout(350);
}

/**
 * Saves artifacts/screenshots/<name>-<375|1440>-<light|dark>.png: sets each viewport width,
 * switches the theme class on <html>, waits for fonts and images, and shoots. The page keeps
 * its state (no reload), so call it on the screen you want, then carry on with the journey.
 * The original viewport and theme are restored at the end. Fails when the page overflows the
 * viewport horizontally.
 */
export async function captureScreens(page: Page, name: string, options: CaptureOptions = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const originalTheme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  for (const width of options.widths ?? SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: options.height ?? 900 });
    for (const theme of SCREEN_THEMES) {
      await page.evaluate((t) => {
        const root = document.documentElement;
        root.classList.remove('light', 'dark');
        root.classList.add(t);
      }, theme);
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
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(t);
  }, originalTheme);
  if (original) await page.setViewportSize(original);
}
