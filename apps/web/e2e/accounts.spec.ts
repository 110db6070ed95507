import { expect, test } from '@playwright/test';
import { createUser, extractLink, latestEmail, newUser } from './support/api';
import { captureScreens } from './support/screens';

test.describe('accounts', () => {
  test('sign-up → login with the e-mail prefilled → dashboard', async ({ page }) => {
    const user = newUser({ full_name: 'Joana Prado' });
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible();
    await captureScreens(page, 'signup');

    const submit = page.getByRole('button', { name: 'Criar conta' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Nome completo').fill(user.full_name);
    await page.getByLabel('Nome de usuário').fill(user.username);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByLabel('Confirmar senha').fill(`${user.password}x`);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('As senhas não coincidem').first()).toBeVisible();

    await page.getByLabel('Confirmar senha').fill(user.password);
    await submit.click();

    await expect(page).toHaveURL(`/login?email=${encodeURIComponent(user.email)}`);
    // the address changes first; the sign-up form (with the same labels) stays until the login
    // page's code is in (a navigation is a transition)
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Olá, Joana!' })).toBeVisible();
    const storage = await page.evaluate(() => ({ ...localStorage }));
    expect(storage.token).toBeTruthy();
    expect(storage.refresh_token).toBeTruthy();
    expect(JSON.parse(storage.metadata!)).toMatchObject({ username: user.username });
    expect(JSON.parse(storage.workspace!)).toMatchObject({
      username: user.username,
      is_owner: true,
    });
    expect(storage.deviceID).toMatch(/^[0-9a-f]{16,}$/);
    await captureScreens(page, 'dashboard');
  });

  test('a guarded route while signed out → /login?return_to → back after sign-in', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await page.goto('/settings/plans');
    await expect(page).toHaveURL('/login?return_to=%2Fsettings%2Fplans');
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await captureScreens(page, 'login');

    // Entrar is enabled only for a valid e-mail and 5+ characters
    const submit = page.getByRole('button', { name: 'Entrar', exact: true });
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill('1234');
    await expect(submit).toBeDisabled();

    // wrong password: 'Erro' toast and red fields
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await submit.click();
    await expect(page.getByText('Erro', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('E-mail ou senha incorretos.').first()).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await captureScreens(page, 'login-error', { fullPage: false });

    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await submit.click();
    await expect(page).toHaveURL('/settings/plans');
    await expect(page.getByRole('heading', { name: 'Planos', level: 2 })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Navegação principal' })
        .getByRole('link', { name: 'Configurações' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('reset the password through the link in the e-mail', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL('/reset-password');
    // the URL changes before the lazy screen replaces the login form (which has an 'E-mail' too)
    await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
    await captureScreens(page, 'reset-request');

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('status').filter({ hasText: user.email })).toBeVisible();
    await captureScreens(page, 'reset-sent');

    const mail = await latestEmail(user.email);
    const link = extractLink(mail, '/reset-password');
    expect(new URL(link).searchParams.get('token')).toBeTruthy();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Crie uma nova senha' })).toBeVisible();
    await captureScreens(page, 'reset-password');

    const newPassword = 'nova-senha-segura-456';
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Redefinir Senha' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Sucesso').first()).toBeVisible();

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('public pages: terms, privacy policy, not found, signed-out dashboard', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: 'Termos de Uso', level: 1 })).toBeVisible();
    await captureScreens(page, 'terms', { fullPage: false });
    await page.goto('/privacy-policy');
    await expect(
      page.getByRole('heading', { name: 'Política de Privacidade', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('LGPD').first()).toBeVisible();
    await captureScreens(page, 'privacy-policy', { fullPage: false });
    await page.goto('/nao-existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await captureScreens(page, 'not-found');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Bem-vindo ao Fã Clube' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
    await captureScreens(page, 'dashboard-signed-out');
  });
});
