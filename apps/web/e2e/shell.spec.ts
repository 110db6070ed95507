import { expect, test } from '@playwright/test';
import { becomeCreator, createUser, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

test.describe('app shell and pages', () => {
  test('sidebar ≥ 768 px, top bar + left panel below, switching live; every page', async ({
    page,
    request,
  }) => {
    // every page at two widths, light and dark, with axe: over a minute on a busy machine
    test.setTimeout(180_000);
    const user = await createUser(request, { full_name: 'Bianca Torres' });
    const tokens = await signInApi(request, user);
    // the creator's shell (a sign-up alone is a fan's, issue 34)
    await becomeCreator(request, tokens);
    await storeSession(page, tokens);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Perfil' })).toHaveAttribute(
      'href',
      `/profile/${user.username}`,
    );

    await page.setViewportSize({ width: 700, height: 900 });
    await expect(page.getByTestId('topbar')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir menu', exact: true }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('link', { name: 'Assinantes' })).toBeVisible();
    await captureScreens(page, 'mobile-menu', { widths: [375], fullPage: false });
    await panel.getByRole('link', { name: 'Assinantes' }).click();
    await expect(page).toHaveURL('/subscribers');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await captureScreens(page, 'subscribers');

    await page.goto(`/profile/${user.username}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bianca Torres' })).toBeVisible();
    await captureScreens(page, 'profile');

    for (const [path, heading, name] of [
      ['/settings/workspace', 'Perfil', 'settings-workspace'],
      ['/settings/plans', 'Planos', 'settings-plans'],
      ['/settings/members', 'Membros da Equipe', 'settings-members'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: 'Navegação principal' })
          .getByRole('link', { name: 'Configurações' }),
      ).toHaveAttribute('aria-current', 'page');
      await captureScreens(page, name);
    }

    await page.goto('/invitation/00000000-0000-4000-8000-000000000000');
    await captureScreens(page, 'invitation');

    // the user menu: name, e-mail, theme, Sair
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
    await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
    await captureScreens(page, 'user-menu', { widths: [1440], fullPage: false });
    await page.getByRole('menuitemradio', { name: 'Escuro' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
    // the app forces light on start
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
  });

  test('the security table lists the sign-ins', async ({ page, request }) => {
    const user = await createUser(request);
    await signInApi(request, user); // one sign-in from the API (desktop)
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login?return_to=%2Fsettings%2Fsecurity');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL('/settings/security');

    const table = page.getByRole('table', { name: 'Registro de Atividades de Acesso' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Localização',
      'Dispositivo',
      'Endereço IP',
      'Data',
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Sem Localização');
    await expect(rows.first()).toContainText('Notebook'); // 1440 px → notebook
    await expect(rows.nth(1)).toContainText('Computador'); // the API call said desktop
    await expect(rows.first()).toContainText('127.0.0.1');
    await expect(rows.first().getByRole('cell').nth(3)).toHaveText(
      /^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/,
    );
    const scroller = page.getByTestId('login-activity-scroll');
    const height = await scroller.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(230);
    expect(height).toBeLessThan(250); // about 15rem
  });
});
