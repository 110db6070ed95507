import { expect, test } from '@playwright/test';
import { newUser } from './support/api';
import { closeToast, createAccount, createPost, setUpPlans } from './support/content';
import { captureScreens } from './support/screens';

/**
 * Issue 34: a person who signs up is a fan first — a home with the feed, 'Minhas assinaturas' and
 * messages, a menu without the creator's places — finds a creator by name on a phone, subscribes,
 * and later chooses 'Quero ser criador', which is kept on the server and opens the creator's
 * home and menu.
 */
test('a new fan finds a creator by name, subscribes, then chooses to be a creator', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const creator = await createAccount(request, { full_name: 'Carla Mendes' });
  await setUpPlans(request, creator);
  await createPost(request, creator, { text: 'Bastidores da sessão de fotos de hoje' });

  // a new person signs up on a phone
  const fan = newUser({ full_name: 'Joana Prado' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/signup');
  await page.getByLabel('Nome completo').fill(fan.full_name);
  await page.getByLabel('Nome de usuário').fill(fan.username);
  await page.getByLabel('E-mail').fill(fan.email);
  await page.getByLabel('Senha', { exact: true }).fill(fan.password);
  await page.getByLabel('Confirmar senha').fill(fan.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Senha', { exact: true }).fill(fan.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');

  // the fan-first home: no composer, no creator's next steps
  const shortcuts = page.getByRole('navigation', { name: 'Atalhos' });
  await expect(shortcuts.getByRole('heading', { name: 'Olá, Joana!' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(shortcuts.getByRole('link', { name: /Minhas assinaturas/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quero ser criador' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Nova publicação' })).toHaveCount(0);
  await expect(page.getByText(/Seu espaço está pronto/)).toHaveCount(0);
  await expect(page.getByText('Seu feed está vazio')).toBeVisible();
  await captureScreens(page, 'fan-home');

  // the phone's menu: the fan's places, none of the creator's
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Abrir menu', exact: true }).click();
  const panel = page.getByRole('dialog');
  const menu = panel.getByRole('navigation', { name: 'Navegação principal' });
  await expect(menu.getByRole('link')).toHaveText([
    'Overview',
    'Encontrar criadores',
    'Mensagens',
    'Minhas assinaturas',
    'Perfil',
    'Configurações',
  ]);
  await captureScreens(page, 'fan-menu', { widths: [375], fullPage: false });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the search, one tap away in the top bar
  await page.getByRole('link', { name: 'Buscar criadores' }).click();
  await expect(page).toHaveURL('/explore');
  await expect(page.getByTestId('explore-recommended')).toContainText('Carla Mendes');
  await page.getByRole('searchbox', { name: 'Buscar criadores' }).fill('carla men');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL('/explore?q=carla+men');
  const results = page.getByTestId('search-results');
  await expect(results).toContainText('Carla Mendes');
  await expect(results).toContainText(`@${creator.user.username}`);
  await captureScreens(page, 'explore-search');
  // by @ as well
  await page.getByRole('searchbox', { name: 'Buscar criadores' }).fill(`@${creator.user.username}`);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(results).toContainText('Carla Mendes');

  // subscribe: the profile's plan, the Pix, the creator confirms it
  await page.setViewportSize({ width: 375, height: 800 });
  await results.getByRole('link', { name: 'Assinar Carla Mendes' }).click();
  await expect(page).toHaveURL(`/profile/${creator.user.username}`);
  await page
    .getByTestId('profile-plans')
    .getByRole('button', { name: 'Assinar o plano Mensal' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Pix copia e cola')).toBeVisible({ timeout: 20_000 });
  const creatorAuth = { Authorization: `Bearer ${creator.tokens.access_token}` };
  const pending = await request.get(
    `/api/v1/charges/${creator.workspaceId}?status=pending&kind=subscription`,
    { headers: creatorAuth },
  );
  expect(pending.ok(), await pending.text()).toBe(true);
  const { charges } = (await pending.json()) as { charges: { id: string }[] };
  expect(charges).toHaveLength(1);
  const confirm = await request.post(
    `/api/v1/charges/${creator.workspaceId}/${charges[0]!.id}/confirm`,
    { headers: creatorAuth },
  );
  expect(confirm.ok(), await confirm.text()).toBe(true);
  await page.keyboard.press('Escape');
  await page.goto('/subscriptions');
  await expect(page.getByRole('main')).toContainText('Carla Mendes', { timeout: 20_000 });
  // the creator's post is now in the fan's feed
  await page.goto('/dashboard');
  await expect(page.getByText('Bastidores da sessão de fotos de hoje')).toBeVisible({
    timeout: 20_000,
  });

  // 'Quero ser criador': kept on the server, the creator's home and menu
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Quero ser criador' }).click();
  await expect(page.getByTestId('getting-started')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('form', { name: 'Nova publicação' })).toBeVisible();
  await expect(page.getByTestId('fan-shortcuts')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Assinantes', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Finanças' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Arquivos' })).toBeVisible();
  // kept on the server, not only in this browser
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const list = await request.get('/api/v1/workspaces', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { workspaces } = (await list.json()) as {
    workspaces: { username: string; is_creator: boolean }[];
  };
  expect(workspaces.find((w) => w.username === fan.username)?.is_creator).toBe(true);
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Assinantes', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('getting-started')).toBeVisible();
  await closeToast(page);
  await captureScreens(page, 'creator-home-after-choice', { fullPage: false });
});
