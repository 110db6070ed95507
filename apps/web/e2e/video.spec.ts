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
      await expect(video).toBeVisible();
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
});
