import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { confirmEmail, createUser, signInApi, storeSession } from './support/api';
import { E2E, oidcIssuer } from './support/env';
import { captureScreens } from './support/screens';

/**
 * The stand-in provider signs in the account named by `login_hint`: every authorization
 * request of this journey asks for the account it links, whatever the app sent.
 */
async function pickGoogleAccount(page: Page, sub: string) {
  await page.route(
    (url) => url.href.startsWith(oidcIssuer) && url.searchParams.has('redirect_uri'),
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('login_hint', sub);
      return route.continue({ url: url.href });
    },
  );
}

test('link Google from Segurança, then sign in with Google into the same account', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { full_name: 'Carla Vinculada' });
  await confirmEmail(request, user.email);
  await storeSession(page, await signInApi(request, user));
  await pickGoogleAccount(page, E2E.google.linkAccount.id);

  await page.goto('/settings/security');
  const card = page.getByTestId('google-card');
  await expect(card.getByText('Não vinculada')).toBeVisible();
  await captureScreens(page, 'security-google-unlinked');

  // signed in a moment ago: no password asked, straight to the provider and back
  await card.getByRole('button', { name: 'Vincular conta Google' }).click();
  await expect(page.getByText('Conta Google vinculada.', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL('/settings/security');
  await expect(card.getByText('Vinculada', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Desvincular' })).toBeVisible();
  await captureScreens(page, 'security-google-linked');

  // sign out, then "Entrar com o Google" lands in the same account (not a new one)
  await page.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Entrar com o Google' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  const storage = await page.evaluate(() => ({ ...localStorage }));
  expect(JSON.parse(storage.metadata!)).toMatchObject({
    full_name: 'Carla Vinculada',
    username: user.username,
  });
  await page.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
  await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
});

test('a Google account linked elsewhere is refused on return, with a coded message', async ({
  page,
  request,
}) => {
  // the Google account of the first journey ('Ana Google') signs in once: it has its own account
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar com o Google' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });

  const user = await createUser(request);
  await confirmEmail(request, user.email);
  await storeSession(page, await signInApi(request, user));
  await pickGoogleAccount(page, E2E.google.account.id);
  await page.goto('/settings/security');
  await page
    .getByTestId('google-card')
    .getByRole('button', { name: 'Vincular conta Google' })
    .click();
  await expect(
    page.getByText(
      'Esta conta Google já está vinculada a outra conta do Fã Clube. Desvincule-a lá antes.',
      { exact: true },
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('google-card').getByText('Não vinculada')).toBeVisible();
});
