import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { storeSession } from './support/api';
import { closeToast, createAccount, makeMp4, makePng, scrollToTop } from './support/content';
import { captureScreens } from './support/screens';

/** Holds every PUT to the storage for `ms`, so the upload progress can be seen. */
async function slowUploads(page: Page, ms: number) {
  await page.route('**/storage/**', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test.describe('posting and viewing content', () => {
  test('the owner posts an image and a video, sees them on the profile and in Mídias, steps through the viewer and deletes a post', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const png = await makePng(1200, 900, 265);
    const mp4 = await makeMp4(browser);

    await storeSession(page, creator.tokens);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Carla Mendes' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(`@${creator.user.username}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Editar perfil' })).toHaveAttribute(
      'href',
      '/settings/workspace',
    );
    // no posts yet: no tabs, a friendly empty state
    await expect(page.getByText('Sua primeira publicação começa aqui')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Postagens' })).toHaveCount(0);

    const composer = page.getByRole('form', { name: 'Nova publicação' });
    const text = composer.getByRole('textbox', { name: 'Nova publicação' });
    const send = composer.getByRole('button', { name: 'Publicar' });
    await expect(send).toBeDisabled();
    await text.fill('oi');
    await expect(send).toBeDisabled();

    // ---- an image, with the upload progress on screen
    await slowUploads(page, 800);
    await text.fill('Bastidores do ensaio de hoje');
    await composer.getByTestId('composer-file').setInputFiles({
      name: 'ensaio.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await expect(
      composer.getByRole('img', { name: 'Pré-visualização da imagem anexada' }),
    ).toBeVisible();
    await send.click();
    await expect(
      composer.getByRole('progressbar', { name: 'Progresso do envio do anexo' }),
    ).toBeVisible();
    await expect(
      page.getByText('Sua publicação foi postada com sucesso.', { exact: true }),
    ).toBeVisible();
    const posts = page.getByTestId('post');
    await expect(posts).toHaveCount(1);
    await expect(posts.first()).toContainText('Bastidores do ensaio de hoje');
    const image = posts.first().getByRole('img', { name: 'Imagem publicada por Carla Mendes' });
    await expect(image).toBeVisible();
    // re-encoded on arrival: its size reserves the box, its widths make the srcset
    await expect(image).toHaveAttribute('width', '1200');
    await expect(image).toHaveAttribute('height', '900');
    await expect(image).toHaveAttribute('srcset', / 480w, .+ 960w, .+ 1200w$/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(text).toHaveValue('');

    // ---- a video: its poster is captured in the browser and uploaded too
    await text.fill('Um pedacinho do vídeo novo');
    await composer.getByTestId('composer-file').setInputFiles({
      name: 'clipe.mp4',
      mimeType: 'video/mp4',
      buffer: mp4,
    });
    await expect(composer.getByLabel('Pré-visualização do vídeo anexado')).toBeVisible();
    await send.click();
    await expect(composer.getByRole('progressbar')).toBeVisible();
    await expect(posts).toHaveCount(2);
    const video = posts.first().getByLabel('Vídeo publicado por Carla Mendes');
    // the server makes the MP4 in its job queue ('Processando vídeo…'); the list asks again
    await expect(video).toBeVisible({ timeout: 30_000 });
    await expect(posts.first()).toContainText('Um pedacinho do vídeo novo');
    await expect(video).toHaveAttribute('poster', /.+/);
    await expect(video).toHaveAttribute('preload', 'metadata');

    // ---- a text-only post
    await text.fill('Obrigada por todo o carinho, gente!');
    await send.click();
    await expect(posts).toHaveCount(3);
    await expect(main.getByText('3 publicações')).toBeVisible();
    await expect(posts.first()).toContainText('agora mesmo');

    await page.unroute('**/storage/**');
    await closeToast(page);
    await captureScreens(page, 'profile-owner', { prepare: scrollToTop });

    // ---- 'Mídias': two tiles, the video with a play badge
    await page.getByRole('tab', { name: 'Mídias' }).click();
    const tiles = page.getByTestId('media-tile');
    await expect(tiles).toHaveCount(2);
    await expect(tiles.nth(0)).toHaveAttribute('data-kind', 'video');
    await expect(tiles.nth(0).getByTestId('play-badge')).toBeVisible();
    await expect(tiles.nth(1)).toHaveAttribute('data-kind', 'image');

    // ---- the viewer: wheel steps one item per second, wrapping at both ends
    await tiles.nth(1).click();
    const viewer = page.getByTestId('media-viewer');
    const counter = viewer.getByTestId('viewer-counter');
    await expect(counter).toHaveText('2/2');
    await expect(
      viewer.getByRole('img', { name: 'Imagem publicada por Carla Mendes' }),
    ).toBeVisible();
    await page.mouse.move(700, 450);
    // two wheel events in one task: the first wraps past the end, the second (within the
    // second, however slow the machine) is ignored
    await viewer.evaluate((el) => {
      for (let i = 0; i < 2; i++) {
        el.dispatchEvent(new WheelEvent('wheel', { deltaY: 120, bubbles: true, cancelable: true }));
      }
    });
    await expect(counter).toHaveText('1/2');
    await page.waitForTimeout(1100);
    await page.mouse.wheel(0, -120);
    await expect(counter).toHaveText('2/2'); // wrapped past the start
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('1/2');
    await expect(viewer.getByLabel('Vídeo publicado por Carla Mendes')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('2/2');

    // the like button of the viewer
    const like = viewer.getByRole('button', { name: /^Curtir/ });
    await like.click();
    await expect(viewer.getByRole('button', { name: /^Descurtir/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await captureScreens(page, 'viewer', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    // ---- the owner deletes the text post
    await page.getByRole('tab', { name: 'Postagens' }).click();
    const textPost = posts.filter({ hasText: 'Obrigada por todo o carinho' });
    await textPost.getByRole('button', { name: 'Opções da publicação' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir publicação?' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Publicação excluída.', { exact: true })).toBeVisible();
    await expect(posts).toHaveCount(2);
    await expect(page.getByText('Obrigada por todo o carinho')).toHaveCount(0);
  });
});
