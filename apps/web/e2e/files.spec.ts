import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { storeSession } from './support/api';
import { closeToast, createAccount, makeJpeg, makePng, uploadObject } from './support/content';
import { captureScreens } from './support/screens';

/** Holds every PUT to the storage for `ms`, so the upload progress can be seen. */
async function slowUploads(page: Page, ms: number) {
  await page.route('**/storage/**', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test.describe('Arquivos', () => {
  test('the creator creates a folder, uploads two files into it with progress, previews one and deletes another', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const png = await makePng(1200, 900, 200);
    const jpeg = await makeJpeg(900, 1200, 30);
    // one file already at the root, uploaded by the API
    await uploadObject(request, creator, await makePng(400, 300, 120), 'png');

    await storeSession(page, creator.tokens);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Arquivos' })
      .click();
    await expect(page.getByRole('heading', { name: 'Arquivos', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Arquivos' })
        .getByRole('link', { name: 'uploads', exact: true }),
    ).toBeVisible();
    await captureScreens(page, 'files-root');

    // a new folder, opened at once: empty
    await page.getByRole('button', { name: 'Nova pasta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova pasta' });
    await dialog.getByLabel('Nome da pasta').fill('Ensaio praia');
    await dialog.getByRole('button', { name: 'Criar pasta' }).click();
    await expect(dialog).toBeHidden();
    await closeToast(page);
    const crumbs = page.getByRole('navigation', { name: 'Pastas' });
    await expect(crumbs.getByText('Ensaio praia')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Esta pasta está vazia')).toBeVisible();
    await captureScreens(page, 'files-empty');

    // two files at once, with progress
    await slowUploads(page, 1200);
    await page.getByLabel('Escolher arquivos para enviar').setInputFiles([
      { name: 'Pôr do sol.png', mimeType: 'image/png', buffer: png },
      { name: 'retrato.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    ]);
    await expect(
      page.getByRole('progressbar', { name: 'Progresso do envio de Pôr do sol.png' }),
    ).toBeVisible();
    await expect(page.getByText('2 arquivos enviados.', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await closeToast(page);
    const list = page.getByRole('list', { name: 'Arquivos' });
    await expect(list.getByTestId('file-row')).toHaveCount(2);
    await expect(list.getByText('Pôr do sol.png')).toBeVisible();
    await captureScreens(page, 'files-folder');

    // preview from a signed URL: the image really loads
    await list.getByRole('button', { name: /^retrato\.jpg/ }).click();
    const preview = page.getByRole('dialog', { name: 'retrato.jpg' });
    const img = preview.getByRole('img', { name: 'retrato.jpg' });
    await expect(img).toBeVisible();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(900);
    await expect(preview.getByRole('link', { name: 'Baixar' })).toBeVisible();
    await captureScreens(page, 'files-preview', {
      prepare: async (p) => {
        if (!(await p.getByRole('dialog', { name: 'retrato.jpg' }).isVisible()))
          await p
            .getByRole('list', { name: 'Arquivos' })
            .getByRole('button', { name: /^retrato\.jpg/ })
            .click();
        await expect(p.getByRole('img', { name: 'retrato.jpg' })).toBeVisible();
      },
    });
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // delete one, confirmed
    await list.getByRole('button', { name: 'Ações do arquivo Pôr do sol.png' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('O arquivo “Pôr do sol.png” será excluído para sempre.');
    await captureScreens(page, 'files-delete', { fullPage: false });
    await confirm.getByRole('button', { name: 'Excluir arquivo' }).click();
    await expect(page.getByText('Arquivo excluído.', { exact: true })).toBeVisible();
    await expect(list.getByTestId('file-row')).toHaveCount(1);
    await expect(list.getByText('Pôr do sol.png')).toHaveCount(0);

    // the API agrees: only retrato.jpg is left in the folder
    const res = await request.get(
      `/api/v1/workspaces/objects/${creator.workspaceId}/files?prefix=${encodeURIComponent('Ensaio praia/')}`,
      { headers: { Authorization: `Bearer ${creator.tokens.access_token}` } },
    );
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { files: { path: string }[] };
    expect(body.files.map((f) => f.path)).toEqual(['Ensaio praia/retrato.jpg']);

    // back to the root through the breadcrumbs
    await crumbs.getByRole('link', { name: 'Arquivos' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Arquivos' })
        .getByRole('link', { name: 'Ensaio praia', exact: true }),
    ).toBeVisible();
  });
});
