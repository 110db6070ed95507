import { expect, test } from '@playwright/test';
import { E2E } from './support/env';

test('sign in with Google through the local OpenID Connect provider', async ({ page }) => {
  await page.goto('/subscribers');
  await expect(page).toHaveURL('/login?return_to=%2Fsubscribers');
  await page.getByRole('button', { name: 'Entrar com o Google' }).click();

  // API → provider (auto-consent for the first account) → API callback → /login?access_token=…
  await expect(page).toHaveURL('/subscribers', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Assinantes' })).toBeVisible();
  const storage = await page.evaluate(() => ({ ...localStorage }));
  expect(storage.token).toBeTruthy();
  expect(storage.refresh_token).toBeTruthy();
  expect(JSON.parse(storage.metadata!)).toMatchObject({ full_name: E2E.google.account.name });
  expect(JSON.parse(storage.workspace!).username).toBeTruthy();

  // the session works against the API (GET /me through the user menu)
  await page.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
  await expect(page.getByRole('menu').getByText(E2E.google.account.email)).toBeVisible();
});
