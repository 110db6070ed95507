import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { extractLink, latestEmail, signInApi, storeSession } from './support/api';
import {
  closeToast,
  createAccount,
  makePng,
  scrollToTop,
  setUpPlans,
  subscribeAndPay,
} from './support/content';
import type { Account } from './support/content';
import { captureScreens } from './support/screens';

const auth = (a: Account) => ({ Authorization: `Bearer ${a.tokens.access_token}` });

/** 'dd/mm/aaaa' as the page formats it (the browser's time zone). */
const shownDate = (page: Page, iso: string) =>
  page.evaluate(
    (d) =>
      new Intl.DateTimeFormat('pt-BR', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(d)),
    iso,
  );

async function periodEnd(request: APIRequestContext, fan: Account): Promise<string> {
  const res = await request.get('/api/v1/subscriptions', { headers: auth(fan) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { subscriptions: { current_period_end: string }[] })
    .subscriptions[0]!.current_period_end;
}

test.describe("the person's side", () => {
  test('a fan renews from Minhas assinaturas; the creator confirms and the period grows', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const fan = await createAccount(request, { full_name: 'Bruno Lima' });
    await setUpPlans(request, creator);

    // empty first: a way to the recommendations
    await page.setViewportSize({ width: 1440, height: 900 });
    await storeSession(page, fan.tokens);
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /Abrir menu do usuário/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Minhas assinaturas' }).click();
    await expect(page).toHaveURL('/subscriptions');
    await expect(page.getByRole('heading', { name: 'Minhas assinaturas', level: 1 })).toBeVisible();
    await expect(page.getByText('Você ainda não assina nenhum perfil')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver recomendados' })).toBeVisible();
    await captureScreens(page, 'me-subscriptions-empty');

    await subscribeAndPay(request, creator, fan);
    const before = await periodEnd(request, fan);
    await page.reload();
    const card = page.getByTestId('my-subscription');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Carla Mendes');
    await expect(card).toContainText(`@${creator.user.username}`);
    await expect(card).toContainText('Mensal');
    await expect(card).toContainText('Ativa');
    await expect(card.getByTestId('period-end')).toHaveText(
      `Válida até ${await shownDate(page, before)}`,
    );
    await expect(card.getByRole('link').first()).toHaveAttribute(
      'href',
      `/profile/${creator.user.username}`,
    );
    const history = page.getByTestId('payment-history').getByRole('listitem');
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText('19,90');

    // 'Renovar' opens the profile's Pix dialog (POST /subscriptions/charge { plan })
    const charged = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/subscriptions/charge') && r.method() === 'POST',
    );
    await card.getByRole('button', { name: `Renovar: @${creator.user.username}` }).click();
    expect((await charged).postDataJSON()).toEqual({ plan: expect.any(String) });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Carla Mendes' })).toBeVisible();
    await expect(dialog.getByText('Formas de pagamento')).toBeVisible();
    await expect(dialog.getByLabel('Pix copia e cola')).toHaveValue(/^000201/);
    await captureScreens(page, 'me-renew-dialog', { fullPage: false });

    // the creator confirms the new charge
    const pending = await request.get(`/api/v1/charges/${creator.workspaceId}?status=pending`, {
      headers: auth(creator),
    });
    const { charges } = (await pending.json()) as { charges: { id: string }[] };
    expect(charges).toHaveLength(1);
    const confirm = await request.post(
      `/api/v1/charges/${creator.workspaceId}/${charges[0]!.id}/confirm`,
      { headers: auth(creator) },
    );
    expect(confirm.ok(), await confirm.text()).toBe(true);

    await expect(dialog.getByText('Assinatura ativa!')).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Ver conteúdo' }).click();
    await expect(dialog).toHaveCount(0);
    const after = await periodEnd(request, fan);
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before) + 27 * 86_400_000);
    await expect(card.getByTestId('period-end')).toHaveText(
      `Válida até ${await shownDate(page, after)}`,
    );
    await expect(history).toHaveCount(2);
    await closeToast(page);
    await captureScreens(page, 'me-subscriptions', { prepare: scrollToTop });
  });

  test('a person changes avatar and password, downloads the data, deletes the account', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const person = await createAccount(request, { full_name: 'Joana Prado' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await storeSession(page, person.tokens);
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /Abrir menu do usuário/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sessions').getByText('Este dispositivo')).toBeVisible();

    // avatar: preview, progress, then the processed image
    await page.getByLabel('Escolher a foto de perfil').setInputFiles({
      name: 'eu.png',
      mimeType: 'image/png',
      buffer: await makePng(600, 600, 150),
    });
    await expect(
      page.getByText('Foto de perfil atualizada com sucesso.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('account-avatar').locator('img')).toHaveAttribute(
      'src',
      /\/api\/v1\/public\/images\//,
    );
    const me = await request.get('/api/v1/me', { headers: auth(person) });
    expect(((await me.json()) as { avatar_url: string | null }).avatar_url).toMatch(
      /public\/images/,
    );

    // password: the current one first; the other sessions end (here: a second device)
    const otherDevice = await signInApi(request, person.user);
    const passwords = page.getByRole('form', { name: 'Senha' });
    await passwords.getByLabel('Senha atual').fill('errada-123');
    await passwords.getByLabel('Nova senha', { exact: true }).fill('outra-senha-456');
    await passwords.getByLabel('Confirme a nova senha').fill('outra-senha-456');
    await passwords.getByRole('button', { name: 'Trocar senha' }).click();
    await expect(passwords.getByText('Senha atual incorreta.')).toBeVisible();
    await passwords.getByLabel('Senha atual').fill(person.user.password);
    await passwords.getByRole('button', { name: 'Trocar senha' }).click();
    await expect(
      page.getByText('Senha alterada. As outras sessões foram encerradas.', { exact: true }),
    ).toBeVisible();
    const stale = await request.post('/api/v1/refresh-token', {
      data: { refresh_token: otherDevice.refresh_token },
    });
    expect(stale.status()).toBe(401);
    await expect(page.getByTestId('sessions').getByRole('listitem')).toHaveCount(1);
    await closeToast(page);
    await captureScreens(page, 'me-account', { prepare: scrollToTop });

    // the data, as a JSON download
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fa-clube-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ email: person.user.email, full_name: 'Joana Prado' });
    expect(data.workspaces).toEqual([expect.objectContaining({ role: 'owner' })]);

    // deletion: the password, then signed out; the old credentials no longer work
    await closeToast(page);
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Excluir a sua conta?')).toBeVisible();
    await captureScreens(page, 'me-delete-dialog', {
      fullPage: false,
      prepare: async (p) => {
        if ((await p.getByRole('alertdialog').count()) === 0)
          await p.getByRole('button', { name: 'Excluir minha conta' }).click();
      },
    });
    await confirm.getByLabel('Senha', { exact: true }).fill('outra-senha-456');
    await confirm.getByRole('button', { name: 'Excluir conta' }).click();
    await expect(page).toHaveURL(/\/login/);
    // the account page stays until the login page's code is in (a navigation is a transition)
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await page.getByLabel('E-mail').fill(person.user.email);
    await page.getByLabel('Senha', { exact: true }).fill('outra-senha-456');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('E-mail ou senha incorretos.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a second workspace from the switcher, then working in it', async ({ page, request }) => {
    const person = await createAccount(request, { full_name: 'Rita Campos' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await storeSession(page, person.tokens);
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /Trocar espaço de trabalho/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Criar espaço' }).click();
    await expect(page).toHaveURL('/workspaces/new');
    const form = page.getByRole('form', { name: 'Criar espaço' });
    await form.getByLabel('Nome do espaço').fill('Rita Podcasts');
    await form.getByLabel('Nome de usuário').fill('Nome Inválido');
    await form.getByLabel('Nome do espaço').click();
    await expect(form.getByText(/O nome de usuário deve ter de 3 a 30 caracteres/)).toBeVisible();
    await form.getByLabel('Nome de usuário').fill(person.user.username);
    await form.getByRole('button', { name: 'Criar espaço' }).click();
    await expect(form.getByText('Este nome de usuário já está em uso.')).toBeVisible();
    const handle = `${person.user.username.slice(0, 24)}_pod`;
    await form.getByLabel('Nome de usuário').fill(handle);
    await closeToast(page);
    await captureScreens(page, 'me-create-workspace');
    await form.getByRole('button', { name: 'Criar espaço' }).click();
    await expect(page).toHaveURL('/settings/workspace');
    await expect(page.getByText(`@${handle}`).first()).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('workspace') ?? '{}'));
    expect(stored).toMatchObject({ username: handle, label: 'Rita Podcasts' });
  });

  test('a person changes the e-mail through the link sent to the new address', async ({
    page,
    request,
  }) => {
    const person = await createAccount(request, { full_name: 'Lia Souza' });
    const next = `novo.${person.user.username}@example.com`;
    await page.setViewportSize({ width: 375, height: 900 });
    await storeSession(page, person.tokens);
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'E-mail' });
    await form.getByLabel('Novo e-mail').fill(next);
    await form.getByLabel('Senha atual').fill(person.user.password);
    await form.getByRole('button', { name: 'Enviar link' }).click();
    await expect(
      page.getByText(`Enviamos um link de confirmação para ${next}.`, { exact: true }),
    ).toBeVisible();
    const notice = await latestEmail(person.user.email);
    expect(notice.text).toContain(next);
    const link = extractLink(await latestEmail(next), '/account/email');
    await page.goto(link);
    await expect(page.getByText(`Pronto! A sua conta agora usa ${next}.`)).toBeVisible();
    await captureScreens(page, 'me-email-confirmed');
    await page.getByRole('link', { name: 'Ir para Minha conta' }).click();
    await expect(page.getByText(`Hoje: ${next}.`, { exact: false })).toBeVisible();
  });
});
