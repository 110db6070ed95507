import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { confirmEmail, createUser, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

const totpFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** A six-digit code that is valid in no step near now. */
function wrongCode(totp: TOTP): string {
  const valid = new Set(
    [-1, 0, 1, 2].map((s) => totp.generate({ timestamp: Date.now() + s * 30_000 })),
  );
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

const otpBoxes = (page: Page) => page.locator('[data-slot="otp-slot"]');

test('enable 2FA, sign out, and sign in with the code (a wrong code turns the boxes red first)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // two sign-ins, a 2FA set-up and the screenshots of each step
  const user = await createUser(request, { full_name: 'Rafael Souza' });
  await confirmEmail(request, user.email);
  await storeSession(page, await signInApi(request, user));
  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: 'Segurança', level: 2 })).toBeVisible();
  await expect(page.getByText('Desativada', { exact: true })).toBeVisible();
  await captureScreens(page, 'settings-security');

  // the dialog shows the QR code and the secret for manual entry
  await page.getByRole('button', { name: 'Habilitar 2FA' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('two-factor-qr')).toBeVisible();
  await captureScreens(page, 'security-2fa-enable', { fullPage: false });
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const totp = totpFor(secret);

  // six digits submit by themselves
  const enableCode = totp.generate();
  await dialog.getByRole('textbox', { name: 'Código de 6 dígitos' }).pressSequentially(enableCode);
  // the recovery codes, shown once (sessions.spec.ts uses one)
  await expect(dialog.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Ativada', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desabilitar 2FA' })).toBeVisible();

  // sign out from the user menu
  await page.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/login');
  // the login route ends the session once it is on screen (an effect after its first paint)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // sign in: the server asks for the code
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Autenticação 2FA necessária' })).toBeVisible();
  await expect(page.getByText('Erro', { exact: true })).toHaveCount(0);
  await captureScreens(page, 'login-2fa');

  const code = page.getByRole('textbox', { name: 'Código de verificação' });
  await code.pressSequentially(wrongCode(totp));
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(otpBoxes(page)).toHaveCount(6);
  for (const box of await otpBoxes(page).all())
    await expect(box).toHaveAttribute('data-invalid', 'true');
  await captureScreens(page, 'login-2fa-invalid');

  // the enabling code is spent: use the next step's code (the server accepts ±1 step)
  // the red digits are selected: typing the next code replaces them
  await code.pressSequentially(totp.generate({ timestamp: Date.now() + 30_000 }));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Rafael!' })).toBeVisible();
});
