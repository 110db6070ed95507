import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createUser, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

/** A real image file: a colour gradient with some noise, so it is not trivially small. */
async function makeImage(
  path: string,
  { width, height, format }: { width: number; height: number; format: 'png' | 'jpeg' },
) {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const noise = (x * 7919 + y * 104729) % 23;
      pixels[i] = Math.round((x / width) * 180) + 60 + noise;
      pixels[i + 1] = Math.round((y / height) * 90) + 40 + noise;
      pixels[i + 2] = 200 - Math.round((x / width) * 80) + noise;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels } });
  await (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toFile(path);
  return path;
}

/** Holds each pre-signed PUT for a moment so the progress bar can be seen. */
async function slowUploads(page: Page) {
  await page.route('**/api/v1/storage/upload?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

/** Picks `file` through the picker that the button opens. */
async function chooseFile(page: Page, button: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test.describe('workspace settings (Perfil)', () => {
  test('the owner uploads a cover and an avatar, edits name, username and description', async ({
    page,
    request,
  }, testInfo) => {
    const user = await createUser(request, { full_name: 'Helena Prado' });
    await storeSession(page, await signInApi(request, user));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/workspace');
    await expect(page.getByRole('heading', { name: 'Perfil', level: 2 })).toBeVisible();
    const nameInput = page.getByLabel('Nome do espaço de trabalho');
    await expect(nameInput).toHaveValue('Helena Prado');

    const cover = await makeImage(testInfo.outputPath('capa.png'), {
      width: 1800,
      height: 600,
      format: 'png',
    });
    const avatar = await makeImage(testInfo.outputPath('avatar.jpg'), {
      width: 700,
      height: 700,
      format: 'jpeg',
    });
    await slowUploads(page);

    // cover: local preview and progress at once, then the processed image from the server
    await chooseFile(page, 'Alterar capa', cover);
    await expect(page.getByRole('img', { name: 'Prévia da nova imagem de capa' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Enviando imagem de capa' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('cover-uploading.png') });
    await expect(page.getByText('Imagem de capa atualizada com sucesso.').first()).toBeVisible();
    const coverImg = page.getByRole('img', { name: 'Imagem de capa', exact: true });
    await expect(coverImg).toHaveAttribute('src', /\/api\/v1\/public\/images\/.+cover-.+\.webp$/);
    await expect
      .poll(() => coverImg.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: 'Prévia da nova imagem de capa' })).toHaveCount(0);
    await expect(page.getByRole('progressbar', { name: 'Enviando imagem de capa' })).toHaveCount(0);

    // avatar, the same way
    await chooseFile(page, 'Alterar foto', avatar);
    await expect(page.getByRole('img', { name: 'Prévia da nova foto de perfil' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Enviando foto de perfil' })).toBeVisible();
    await expect(page.getByText('Foto de perfil atualizada com sucesso.').first()).toBeVisible();
    const avatarImg = page.getByRole('img', { name: 'Foto de perfil', exact: true });
    await expect(avatarImg).toHaveAttribute('src', /\/api\/v1\/public\/images\/.+avatar-.+\.webp$/);
    await expect
      .poll(() => avatarImg.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(512);
    await page.unroute('**/api/v1/storage/upload?**');

    // name: Save only once it differs
    const nameForm = page.getByRole('form', { name: 'Nome', exact: true });
    await expect(nameForm.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await nameInput.fill('Helena Doces');
    await nameForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      page.getByText('O nome do espaço de trabalho foi alterado com sucesso.').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Trocar espaço de trabalho' }).getByText('Helena Doces'),
    ).toBeVisible();

    // username: the shell's 'Perfil' link follows
    const newUsername = `${user.username.slice(0, 24)}.doces`;
    const usernameForm = page.getByRole('form', { name: 'Nome de usuário' });
    await usernameForm.getByLabel('Nome de usuário').fill('com espaço');
    await expect(usernameForm.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await usernameForm.getByLabel('Nome de usuário').fill(newUsername);
    await usernameForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      page.getByText('O nome de usuário foi alterado com sucesso.').first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Navegação principal' })
        .getByRole('link', { name: 'Perfil' }),
    ).toHaveAttribute('href', `/profile/${newUsername}`);
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('workspace')))!),
    ).toMatchObject({ username: newUsername, label: 'Helena Doces' });

    // description: 260 typed, 250 kept
    const descriptionForm = page.getByRole('form', { name: 'Descrição' });
    const description = descriptionForm.getByLabel('Descrição');
    await expect(descriptionForm.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    const text = 'Doces artesanais e receitas novas toda semana. '.repeat(6).slice(0, 260);
    // the first 240 filled at once, the last 20 typed key by key across the limit
    await description.fill(text.slice(0, 240));
    await description.pressSequentially(text.slice(240));
    await expect(description).toHaveValue(text.slice(0, 250));
    await expect(descriptionForm.getByText('250/250 caracteres')).toBeVisible();
    await descriptionForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('A descrição foi alterada com sucesso.').first()).toBeVisible();

    // everything is on the server
    await page.reload();
    await expect(nameInput).toHaveValue('Helena Doces');
    await expect(usernameForm.getByLabel('Nome de usuário')).toHaveValue(newUsername);
    await expect(description).toHaveValue(text.slice(0, 250).trim());
    await expect(page.getByRole('img', { name: 'Imagem de capa', exact: true })).toBeVisible();

    // appearance: Escuro / Claro through the theme provider
    const appearance = page.getByRole('group', { name: 'Aparência' });
    await appearance.getByText('Escuro', { exact: true }).click();
    await expect(appearance.getByRole('radio', { name: 'Escuro' })).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await appearance.getByText('Claro', { exact: true }).click();
    await expect(page.locator('html')).toHaveClass(/light/);

    await captureScreens(page, 'workspace-settings');
  });
});
