import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import {
  closeToast,
  createAccount,
  scrollToTop,
  setUpPlans,
  subscribeAndPay,
} from './support/content';
import { captureScreens } from './support/screens';

/** An iPhone-like clip: HEVC in a QuickTime file, with sound, made by Debian's ffmpeg. */
function makeHevcMov(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'fa-clube-e2e-mov-'));
  const file = path.join(dir, 'iphone.mov');
  try {
    execFileSync('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=6'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none'],
      ...['-tag:v', 'hvc1', '-c:a', 'aac', '-metadata', 'location=-23.5505-046.6333/'],
      ...['-shortest', '-f', 'mov', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 61 s clip (over a minute: it gets an HLS ladder), tiny: 480×360 at 2 frames a second. */
function makeLongMp4(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'fa-clube-e2e-long-'));
  const file = path.join(dir, 'long.mp4');
  try {
    execFileSync('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=480x360:rate=2:duration=61'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=61'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '32k', '-shortest', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe('a phone video', () => {
  test('the creator posts an HEVC .mov, sees it processing, and the fan plays the MP4 the server made', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    await setUpPlans(request, creator);
    const fan = await createAccount(request, { full_name: 'Ana Souza' });
    await subscribeAndPay(request, creator, fan);
    const mov = makeHevcMov();

    await storeSession(page, creator.tokens);
    await page.goto('/profile');
    const composer = page.getByRole('form', { name: 'Nova publicação' });
    // the composer is its own chunk: a loaded machine takes a while to bring it
    await expect(composer.getByRole('textbox', { name: 'Nova publicação' })).toBeEditable({
      timeout: 30_000,
    });
    await composer
      .getByRole('textbox', { name: 'Nova publicação' })
      .fill('Gravado no celular agora');
    await composer.getByTestId('composer-file').setInputFiles({
      name: 'IMG_0042.MOV',
      mimeType: 'video/quicktime',
      buffer: mov,
    });
    await composer.getByRole('button', { name: 'Publicar' }).click();

    // the owner sees it being processed, with its progress
    const post = page.getByTestId('post').first();
    await expect(post.getByText(/^Processando vídeo… \d+ %$/)).toBeVisible({ timeout: 20_000 });
    await expect(post.getByRole('progressbar')).toBeVisible();
    await expect(post).toContainText(
      'Seus assinantes verão a publicação quando o vídeo estiver pronto.',
    );

    // ready: a video with the poster the server took from it
    const ownerVideo = post.getByLabel('Vídeo publicado por Carla Mendes');
    await expect(ownerVideo).toBeVisible({ timeout: 60_000 });
    await expect(ownerVideo).toHaveAttribute('poster', /.+/);

    // the fan plays it: H.264 in MP4, which this Chromium (no HEVC) decodes
    const fanContext = await browser.newContext();
    const fanPage = await fanContext.newPage();
    try {
      await storeSession(fanPage, fan.tokens);
      await fanPage.goto(`/profile/${creator.user.username}`);
      const video = fanPage
        .getByTestId('post')
        .first()
        .getByLabel('Vídeo publicado por Carla Mendes');
      await expect(video).toBeVisible({ timeout: 30_000 });
      await expect(video).toHaveAttribute('poster', /.+/);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
        .toBeGreaterThan(0.3);
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      await closeToast(fanPage);
      await captureScreens(fanPage, 'video-fan', { prepare: scrollToTop });
    } finally {
      await fanContext.close();
    }
  });

  test('a video over a minute plays to the fan through its signed HLS playlist', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    await setUpPlans(request, creator);
    const fan = await createAccount(request, { full_name: 'Ana Souza' });
    await subscribeAndPay(request, creator, fan);

    await storeSession(page, creator.tokens);
    await page.goto('/profile');
    const composer = page.getByRole('form', { name: 'Nova publicação' });
    // the composer is its own chunk: a loaded machine takes a while to bring it
    await expect(composer.getByRole('textbox', { name: 'Nova publicação' })).toBeEditable({
      timeout: 30_000,
    });
    await composer.getByRole('textbox', { name: 'Nova publicação' }).fill('Um minuto e pouco');
    await composer.getByTestId('composer-file').setInputFiles({
      name: 'longo.mp4',
      mimeType: 'video/mp4',
      buffer: makeLongMp4(),
    });
    await composer.getByRole('button', { name: 'Publicar' }).click();
    const ownerVideo = page
      .getByTestId('post')
      .first()
      .getByLabel('Vídeo publicado por Carla Mendes');
    await expect(ownerVideo).toBeVisible({ timeout: 120_000 });
    await expect(ownerVideo).toHaveAttribute('data-hls', 'true');

    const fanContext = await browser.newContext();
    const fanPage = await fanContext.newPage();
    try {
      const fetched: string[] = [];
      fanPage.on('response', (r) => {
        if (r.ok()) fetched.push(decodeURIComponent(r.url()));
      });
      await storeSession(fanPage, fan.tokens);
      await fanPage.goto(`/profile/${creator.user.username}`);
      const video = fanPage
        .getByTestId('post')
        .first()
        .getByLabel('Vídeo publicado por Carla Mendes');
      await expect(video).toHaveAttribute('data-hls', 'true', { timeout: 30_000 });
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
        .toBeGreaterThan(0.3);
      // played from the ladder: the signed playlists, then a segment, never the MP4
      expect(
        fetched.some((u) => u.includes('/api/v1/media/hls?key=') && u.includes('master.m3u8')),
      ).toBe(true);
      expect(
        fetched.some((u) => u.includes('/api/v1/media/hls?key=') && u.includes('360p.m3u8')),
      ).toBe(true);
      expect(fetched.some((u) => /\/storage\/object\?key=.*360p_\d+\.ts/.test(u))).toBe(true);
      expect(fetched.some((u) => u.includes('video.mp4'))).toBe(false);
      await video.evaluate((v: HTMLVideoElement) => v.pause());
    } finally {
      await fanContext.close();
    }
  });
});
