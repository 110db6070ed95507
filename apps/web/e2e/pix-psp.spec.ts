import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, signInApi, storeSession } from './support/api';
import type { UserData } from './support/api';
import { harnessUrl } from './support/env';
import { psp } from './support/psp';
import { captureScreens } from './support/screens';

/**
 * Issue 23 from the browser: the creator connects their own PSP (the harness's stand-in, API Pix
 * over mutual TLS, every request checked against Banco Central's openapi.yaml), a fan subscribes
 * with 'Renovação automática' (Pix Automático), the PSP's webhooks arrive, the fan cancels the
 * renewal; the creator sees the automatic badge, refunds a second Pix and reads a Pix that
 * matched no charge.
 */

const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');
async function pspAction(action: string, body: Record<string, string>) {
  const res = await fetch(`${harnessUrl}/psp/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  // the app answered the PSP's webhook
  expect(answer.webhook).toBe(200);
  return answer;
}

/** EMV TLV ids at the top level of a BR Code. */
function topLevelIds(code: string): string[] {
  const ids: string[] = [];
  for (let i = 0; i < code.length;) {
    const length = Number(code.slice(i + 2, i + 4));
    ids.push(code.slice(i, i + 2));
    i += 4 + length;
  }
  return ids;
}

/** Pix data (a random key) and a monthly plan through the API: this journey is about the PSP. */
async function creatorWithPlan(request: APIRequestContext, creator: UserData) {
  const tokens = await signInApi(request, creator);
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const ws = (await (await request.get('/api/v1/workspaces', { headers })).json()).workspaces[0]
    .id as string;
  const pix = await request.put(`/api/v1/workspaces/${ws}/pix`, {
    headers,
    data: {
      key_type: 'random',
      key: crypto.randomUUID(),
      name: 'Carla Mendes',
      city: 'Sao Paulo',
    },
  });
  expect(pix.status(), await pix.text()).toBe(200);
  const plan = await request.post(`/api/v1/workspaces/${ws}/plan`, {
    headers,
    data: { plan_type: 'monthly', value: 29.9, discount: 0 },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  return tokens;
}

const file = (name: string, content: string | Buffer, mimeType = 'application/x-pem-file') => ({
  name,
  mimeType,
  buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
});

/** The form's field rows from the top, without a focus ring. */
const blur = async (p: Page) =>
  p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test.describe('Pix through the creator’s own PSP', () => {
  test('connect the PSP, subscribe with Pix Automático, cancel it; refund and unmatched Pix', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const access = await psp();
    const creator = await createUser(request, { full_name: 'Carla Mendes' });
    const fan = await createUser(request, { full_name: 'Bruno Lima' });
    const creatorTokens = await creatorWithPlan(request, creator);

    // ---- the creator connects the PSP on Configurações › Planos
    const creatorContext = await browser.newContext();
    await creatorContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await creatorContext.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await storeSession(page, creatorTokens);
    await page.goto('/settings/plans');
    const card = page.getByTestId('pix-connection');
    await expect(
      card.getByRole('heading', { name: 'Conectar conta Pix (API do banco)' }),
    ).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await captureScreens(page, 'pix-connection-offer', { widths: [375] });
    await card.getByRole('button', { name: 'Conectar conta Pix' }).click();

    const form = page.getByRole('form', { name: 'Conectar conta Pix (API do banco)' });
    await form.getByLabel('URL da API Pix').fill(access.api_url);
    await form.getByLabel('URL do token (opcional)').fill(access.token_url);
    await form.getByLabel('Client ID').fill(access.client_id);
    // a wrong secret first: the server tries the PSP and names the step that failed
    await form.getByLabel('Client secret').fill('segredo-errado');
    // a PEM certificate without its key: the key is asked for
    await form.getByLabel('Certificado').setInputFiles(file('cliente.crt', access.certificate_pem));
    await expect(form.getByText('PEM', { exact: true })).toBeVisible();
    await form
      .getByLabel('Chave privada')
      .setInputFiles(file('cliente.key', access.private_key_pem));
    await form.getByLabel('Agência').fill('0001');
    await form.getByLabel('Conta', { exact: true }).fill('123456-7');
    await form.getByRole('button', { name: 'Testar e conectar' }).click();
    const failure = form.getByRole('alert');
    await expect(failure).toContainText('Não foi possível conectar');
    await expect(failure).toContainText('Credenciais recusadas pelo PSP');
    await blur(page);
    await captureScreens(page, 'pix-connection-failed');

    // the real secret and the PKCS#12 bundle the PSP issued, with its password
    await form.getByLabel('Client secret').fill(access.client_secret);
    await form
      .getByLabel('Certificado')
      .setInputFiles(
        file(
          'certificado.p12',
          Buffer.from(access.pkcs12_base64, 'base64'),
          'application/x-pkcs12',
        ),
      );
    await expect(form.getByText('PKCS#12', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Chave privada')).toHaveCount(0);
    await form.getByLabel('Senha do certificado').fill(access.passphrase);
    await form.getByRole('button', { name: 'Testar e conectar' }).click();
    await expect(page.getByText('Testando a conexão com o PSP…')).toBeVisible();
    await expect(page.getByText('Conta Pix conectada.', { exact: true })).toBeVisible({
      timeout: 20_000,
    });

    await expect(card.getByRole('heading', { name: 'Conta Pix (API do banco)' })).toBeVisible();
    await expect(card.getByText('Conectada', { exact: true })).toBeVisible();
    // the test certificate lasts 400 days
    const expiry = new Date(Date.now() + 400 * 86_400_000).toLocaleDateString('pt-BR', {
      timeZone: 'America/Sao_Paulo',
    });
    await expect(card.getByTestId('certificate-expiry')).toHaveText(expiry);
    await expect(card.getByTestId('pix-automatic')).toContainText('Disponível');
    const webhook = card.getByLabel('URL do webhook');
    await expect(webhook).toHaveValue(
      /\/api\/v1\/webhooks\/pix\/c\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/,
    );
    await card.getByRole('button', { name: 'Copiar URL' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await webhook.inputValue(),
    );
    await blur(page);
    await captureScreens(page, 'pix-connection-connected');

    // ---- the fan subscribes with 'Renovação automática'
    const fanContext = await browser.newContext();
    const fanPage = await fanContext.newPage();
    await fanPage.setViewportSize({ width: 1440, height: 900 });
    await storeSession(fanPage, await signInApi(request, fan));
    await fanPage.goto(`/profile/${creator.username}`);
    await fanPage
      .getByTestId('profile-plans')
      .getByRole('button', { name: 'Assinar o plano Mensal' })
      .click();
    const dialog = fanPage.getByRole('dialog');
    // the plain Pix is opened first (as always); the fan switches
    await expect(dialog.getByLabel('Pix copia e cola')).toHaveValue(/^000201/);
    await dialog.getByRole('radio', { name: /Renovação automática/ }).check();
    await dialog.getByLabel('CPF').pressSequentially('52998224724');
    await dialog.getByLabel('Nome completo').fill('Bruno Lima');
    await dialog.getByLabel('Nome completo').blur();
    await expect(dialog.getByText('CPF inválido: confira os dígitos.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Gerar QR code' })).toBeDisabled();
    await dialog.getByLabel('CPF').fill('');
    await dialog.getByLabel('CPF').pressSequentially('52998224725');
    await expect(dialog.getByLabel('CPF')).toHaveValue('529.982.247-25');
    await captureScreens(fanPage, 'subscribe-automatic-payer', {
      fullPage: false,
      prepare: async (p) => {
        await blur(p);
        await p.getByTestId('subscribe-dialog').evaluate((el) => el.scrollTo(0, 0));
      },
    });
    await dialog.getByRole('button', { name: 'Gerar QR code' }).click();

    // the composite code: one scan pays the first period and authorizes the recurrence (field 80)
    const codeBox = dialog.getByLabel('Pix copia e cola');
    await expect(codeBox).toHaveValue(/^000201/);
    const code = await codeBox.inputValue();
    expect(topLevelIds(code)).toContain('80');
    await expect(dialog.getByTestId('pix-qr')).toBeVisible();
    await expect(dialog.getByText('Como funciona a renovação automática')).toBeVisible();
    expect(nbsp(await dialog.textContent())).toContain('R$ 29,90 por mês são debitados');
    await captureScreens(fanPage, 'subscribe-automatic-code', {
      fullPage: false,
      prepare: async (p) => {
        await blur(p);
        await p.getByTestId('subscribe-dialog').evaluate((el) => el.scrollTo(0, 0));
      },
    });

    // ---- the fan's bank pays it: the PSP calls {webhookUrl}/pix, then /rec (APROVADA)
    await pspAction('pay', { code });
    await expect(dialog.getByText('Assinatura ativa!')).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText(/Renovação automática autorizada/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Ver conteúdo' }).click();

    // ---- the creator's Assinantes marks who renews automatically
    await page.goto('/subscribers');
    const row = page.getByTestId('subscriber-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Bruno Lima');
    await expect(row.getByTestId('automatic-renewal')).toHaveText('Renovação automática');
    await captureScreens(page, 'subscribers-automatic');

    // ---- 'Minhas assinaturas': active, renewing automatically; the fan cancels the renewal
    await fanPage.goto('/subscriptions');
    const mine = fanPage.getByTestId('my-subscription');
    await expect(mine).toHaveCount(1);
    await expect(mine.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(mine.getByTestId('renewal')).toContainText('Renovação automática ativa');
    await expect(mine.getByRole('button', { name: /^Renovar/ })).toHaveCount(0);
    const validUntil = (await mine.getByTestId('period-end').textContent()) ?? '';
    await captureScreens(fanPage, 'my-subscriptions-automatic');
    await mine
      .getByRole('button', { name: `Cancelar renovação automática: @${creator.username}` })
      .click();
    const confirm = fanPage.getByRole('alertdialog');
    await expect(confirm).toContainText('A assinatura continua ativa até');
    await captureScreens(fanPage, 'my-subscriptions-cancel-automatic', {
      widths: [375],
      fullPage: false,
    });
    await confirm.getByRole('button', { name: 'Cancelar renovação' }).click();
    await expect(fanPage.getByText(/^Renovação automática cancelada\. A assinatura/)).toBeVisible();
    await expect(mine.getByTestId('renewal')).toContainText('Renovação automática cancelada');
    // still active to its end, and renewable by hand again
    await expect(mine.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(mine.getByTestId('period-end')).toHaveText(validUntil);
    await expect(mine.getByRole('button', { name: /^Renovar/ })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('subscriber-row')).toContainText('Bruno Lima');
    await expect(page.getByTestId('automatic-renewal')).toHaveCount(0);

    // ---- the same code paid twice: the second Pix is a payment to review, refunded by the PSP
    await pspAction('pay', { code });
    // and a Pix to the key that matches no charge
    await pspAction('unmatched', { amount: '12.34' });
    await page.getByRole('tab', { name: /Pagamentos pendentes/ }).click();
    const review = page.getByTestId('payment-review');
    await expect(review).toHaveCount(1);
    await expect(review.getByText('Cobrança já paga')).toBeVisible();
    const unmatched = page.getByTestId('unmatched-pix');
    await expect(unmatched).toHaveCount(1);
    expect(nbsp(await unmatched.textContent())).toContain('R$ 12,34');
    await blur(page);
    await captureScreens(page, 'payment-review-refund');
    await review.getByRole('button', { name: 'Devolver R$ 29,90 a Bruno Lima' }).click();
    const refund = page.getByRole('alertdialog');
    await expect(refund).toContainText('Devolver este Pix?');
    expect(nbsp(await refund.textContent())).toContain('R$ 29,90');
    await refund.getByRole('button', { name: 'Devolver R$ 29,90' }).click();
    await expect(
      page.getByText('Devolvido: R$\u00a029,90 para Bruno Lima.', { exact: true }),
    ).toBeVisible();
    await expect(review.getByTestId('refund-status')).toHaveText('Devolvido');
    await expect(review.getByRole('button', { name: /Devolver/ })).toHaveCount(0);
    await blur(page);
    await captureScreens(page, 'payment-review-refunded', { widths: [375] });
    await page.reload();
    await page.getByRole('tab', { name: /Pagamentos pendentes/ }).click();
    await expect(page.getByTestId('unmatched-pix')).toHaveCount(1);
    // resolved by the refund: no longer to review
    await expect(page.getByTestId('payment-review')).toHaveCount(0);

    const violations = (await (await fetch(`${harnessUrl}/psp/violations`)).json()) as {
      violations: string[];
    };
    expect(violations.violations).toEqual([]);

    await fanContext.close();
    await creatorContext.close();
  });

  test('a cancellation made in the bank app reaches Minhas assinaturas', async ({
    page,
    request,
  }) => {
    const access = await psp();
    const creator = await createUser(request, { full_name: 'Dora Campos' });
    const fan = await createUser(request, { full_name: 'Elis Prado' });
    const creatorTokens = await creatorWithPlan(request, creator);
    const owner = { Authorization: `Bearer ${creatorTokens.access_token}` };
    const ws = (await (await request.get('/api/v1/workspaces', { headers: owner })).json())
      .workspaces[0].id as string;
    // the same connection as the first journey, this time through the API (PEM pair)
    const connect = await request.put(`/api/v1/workspaces/${ws}/pix/connection`, {
      headers: owner,
      data: {
        api_url: access.api_url,
        token_url: access.token_url,
        client_id: access.client_id,
        client_secret: access.client_secret,
        certificate: access.certificate_pem,
        private_key: access.private_key_pem,
        receiving_account: { number: '98765-4', type: 'PAGAMENTO' },
      },
    });
    expect(connect.status(), await connect.text()).toBe(200);
    const fanTokens = await signInApi(request, fan);
    const subscribe = await request.post(
      `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly&automatic=true`,
      {
        headers: { Authorization: `Bearer ${fanTokens.access_token}` },
        data: { cpf: '529.982.247-25', name: 'Elis Prado' },
      },
    );
    expect(subscribe.status(), await subscribe.text()).toBe(200);
    const info = (await subscribe.json()) as { payment_specs: string; recurrence: { id: string } };
    await pspAction('pay', { code: info.payment_specs });

    await page.setViewportSize({ width: 1440, height: 900 });
    await storeSession(page, fanTokens);
    await page.goto('/subscriptions');
    const mine = page.getByTestId('my-subscription');
    await expect(mine.getByTestId('renewal')).toContainText('Renovação automática ativa');
    // the fan cancels in the bank app: the PSP notifies {webhookUrl}/rec
    await pspAction('cancel-recurrence', { idRec: info.recurrence.id });
    await page.reload();
    await expect(mine.getByTestId('renewal')).toContainText('Renovação automática cancelada');
    await expect(mine.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: `Renovar: @${creator.username}` })).toBeVisible();
    const violations = (await (await fetch(`${harnessUrl}/psp/violations`)).json()) as {
      violations: string[];
    };
    expect(violations.violations).toEqual([]);
  });
});
