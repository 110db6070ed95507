import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { confirmEmail, createUser, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

const totpFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

test("'Sair' ends the session on the server: the old access token is refused at once", async ({
  page,
  request,
}) => {
  const user = await createUser(request, { full_name: 'Bruna Alves' });
  await storeSession(page, await signInApi(request, user));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Bruna!' })).toBeVisible();
  const accessToken = await page.evaluate(() => localStorage.getItem('token'));
  expect(accessToken).toBeTruthy();
  const me = () =>
    request.get('/api/v1/me', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect((await me()).status()).toBe(200);

  const logout = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/logout') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  // the login route ends the session once it is on screen (an effect after its first paint)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();

  // the token the browser held is worthless now, not in 15 minutes
  const after = await me();
  expect(after.status()).toBe(401);
  expect((await after.json()).code).toBe('UNAUTHORIZED');
});

test('recovery codes are shown once when 2FA is turned on, and one signs in in place of the app code', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { full_name: 'Caio Prado' });
  await confirmEmail(request, user.email);
  await storeSession(page, await signInApi(request, user));
  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Habilitar 2FA' }).click();
  const dialog = page.getByRole('dialog');
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  await dialog
    .getByRole('textbox', { name: 'Código de 6 dígitos' })
    .pressSequentially(totpFor(secret).generate());

  await expect(
    dialog.getByRole('heading', { name: 'Guarde seus códigos de recuperação' }),
  ).toBeVisible();
  const items = dialog.getByTestId('recovery-codes').getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((c) => c.trim());
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await expect(dialog.getByRole('button', { name: 'Copiar códigos' })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar códigos' }).click();
  expect((await download).suggestedFilename()).toBe('fa-clube-codigos-de-recuperacao.txt');
  await captureScreens(page, 'security-2fa-recovery-codes', { fullPage: false });
  await dialog.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Ativada', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Autenticação 2FA necessária' })).toBeVisible();
  await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await expect(page.getByRole('heading', { name: 'Código de recuperação' })).toBeVisible();
  await page.getByLabel('Código de recuperação').fill(codes[0]!);
  await captureScreens(page, 'login-recovery-code');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Caio!' })).toBeVisible();

  // the code is spent
  const again = await request.post('/api/v1/token', {
    data: { email: user.email, password: user.password, two_factor_code: codes[0] },
  });
  expect(again.status()).toBe(401);
  expect((await again.json()).code).toBe('INVALID_TWO_FACTOR_CODE');
});

test('a forged /login?access_token=… without a Google sign-in started here is refused', async ({
  page,
  request,
}) => {
  // the attacker's own, perfectly valid session
  const attacker = await createUser(request, { full_name: 'Atacante Silva' });
  const tokens = await signInApi(request, attacker);
  const metadata = Buffer.from(JSON.stringify(tokens.metadata), 'utf8').toString('base64');
  await page.goto(
    `/login?access_token=${tokens.access_token}&refresh_token=${tokens.refresh_token}` +
      `&metadata=${encodeURIComponent(metadata)}&state=estado-inventado-123456`,
  );
  await expect(
    page
      .getByText(
        'Este login com o Google não foi iniciado neste navegador. Entre novamente para continuar.',
      )
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  await captureScreens(page, 'login-forged-social-return');

  // the guarded pages still send the visitor to the login
  await page.goto('/subscribers');
  await expect(page).toHaveURL('/login?return_to=%2Fsubscribers');
});
