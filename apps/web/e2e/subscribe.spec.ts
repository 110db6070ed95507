import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createUser, signInApi, storeSession } from './support/api';
import { captureScreens } from './support/screens';

const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

/** EMV TLV: two-digit id, two-digit length, value. */
function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || Number.isNaN(length)) throw new Error(`bad TLV at ${i}`);
    fields.set(id, text.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

/** CRC16/CCITT-FALSE, as the BR Code's field 63 carries it. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The creator sets the Pix data and the three plans on /settings/plans. */
async function setUpPlansThroughUi(page: Page) {
  await page.goto('/settings/plans');
  const pix = page.getByRole('form', { name: 'Recebimento por Pix' });
  await pix.getByLabel('Tipo de chave').selectOption({ label: 'CPF' });
  await pix.getByLabel('Chave Pix').pressSequentially('52998224725');
  await expect(pix.getByLabel('Chave Pix')).toHaveValue('529.982.247-25');
  await pix.getByLabel('Nome do recebedor').fill('Carla Mendes');
  await pix.getByLabel('Cidade').fill('São Paulo');
  await pix.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurado')).toBeVisible();

  for (const [tab, price, discount] of [
    ['Mensal', '1990', ''],
    ['Trimestral', '5490', '10'],
    ['Anual', '19900', '25'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    const form = page.getByRole('form', { name: tab });
    await form.getByLabel('Preço').pressSequentially(price);
    if (discount) await form.getByLabel('Desconto (%)').fill(discount);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.getByText('Publicado')).toBeVisible();
  }
}

test.describe('subscribe with Pix', () => {
  test('a fan subscribes from the profile, the creator confirms, both sides see it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const creator = await createUser(request, { full_name: 'Carla Mendes' });
    const fan = await createUser(request, { full_name: 'Bruno Lima' });

    // ---- the creator: Pix data and plans through the UI; no subscribers yet
    const creatorContext = await browser.newContext();
    const creatorPage = await creatorContext.newPage();
    await creatorPage.setViewportSize({ width: 1440, height: 900 });
    await storeSession(creatorPage, await signInApi(request, creator));
    await setUpPlansThroughUi(creatorPage);

    await creatorPage.goto('/subscribers');
    await expect(creatorPage.getByRole('heading', { name: 'Assinantes', level: 1 })).toBeVisible();
    await expect(creatorPage.getByText('No momento, você não tem nenhum assinante.')).toBeVisible();
    await captureScreens(creatorPage, 'subscribers-empty');

    // ---- the fan: the creator's profile, 'Assinaturas', the subscribe dialog
    const fanContext = await browser.newContext();
    await fanContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    const fanPage = await fanContext.newPage();
    await fanPage.setViewportSize({ width: 1440, height: 900 });
    await storeSession(fanPage, await signInApi(request, fan));
    await fanPage.goto(`/profile/${creator.username}`);

    const plans = fanPage.getByTestId('profile-plans');
    await expect(plans.getByRole('heading', { name: 'Assinaturas' })).toBeVisible();
    await expect(plans.getByRole('article')).toHaveCount(3);
    const quarterly = plans.getByRole('article', { name: 'Trimestral' });
    await expect(quarterly).toContainText('49,41');
    await expect(quarterly.locator('s')).toContainText('54,90');
    await expect(quarterly).toContainText('10% OFF');
    await expect(plans.getByText('Assinado')).toHaveCount(0);
    await captureScreens(fanPage, 'subscribe-profile-plans');

    await quarterly.getByRole('button', { name: 'Assinar o plano Trimestral' }).click();
    const dialog = fanPage.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Carla Mendes' })).toBeVisible();
    await expect(dialog.getByText(`@${creator.username}`, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Acesso ao conteúdo')).toBeVisible();
    await expect(dialog.getByText('Chat exclusivo com o criador')).toBeVisible();
    await expect(dialog.getByText('Formas de pagamento')).toBeVisible();
    await expect(dialog.getByTestId('subscribe-price')).toContainText('49,41');
    const codeBox = dialog.getByLabel('Pix copia e cola');
    await expect(codeBox).toHaveValue(/^000201/);
    await expect(dialog.getByText(/o criador, que confirma o recebimento do Pix/)).toBeVisible();

    // the QR: large enough to scan, on white
    const qr = dialog.getByTestId('pix-qr');
    await expect(qr).toBeVisible();
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);

    // copy: 'Copiado!' for 2 s, and the clipboard holds the BR Code
    await dialog.getByRole('button', { name: 'Copiar código' }).click();
    await expect(dialog.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    const copied = await fanPage.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await codeBox.inputValue());
    await expect(dialog.getByRole('button', { name: 'Copiar código' })).toBeVisible({
      timeout: 4000,
    });

    // decode the BR Code: amount, the creator's key, name, city, txid and CRC
    const fields = parseTlv(copied);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('49.41');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('Carla Mendes');
    expect(fields.get('60')).toBe('Sao Paulo');
    const account = parseTlv(fields.get('26')!);
    expect(account.get('00')?.toLowerCase()).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe('52998224725');
    const txid = parseTlv(fields.get('62')!).get('05')!;
    expect(txid).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(fields.get('63')).toBe(crc16(copied.slice(0, -4)));

    // the dialog from its top (cover, avatar, name), without the copy button's focus ring
    const fromTop = async (p: Page) => {
      await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await p.getByTestId('subscribe-dialog').evaluate((el) => el.scrollTo(0, 0));
    };
    await captureScreens(fanPage, 'subscribe-dialog', { fullPage: false, prepare: fromTop });

    // ---- the creator confirms the charge on /subscribers
    await creatorPage.goto('/subscribers');
    await creatorPage.getByRole('tab', { name: /Pagamentos pendentes/ }).click();
    const charge = creatorPage.getByTestId('pending-charge');
    await expect(charge).toHaveCount(1);
    await expect(charge).toContainText('Bruno Lima');
    await expect(charge).toContainText(`@${fan.username}`);
    await expect(charge).toContainText('Trimestral');
    expect(nbsp(await charge.textContent())).toContain('R$ 49,41');
    await expect(charge).toContainText(txid);
    await captureScreens(creatorPage, 'subscribers-pending');
    await charge.getByRole('button', { name: 'Confirmar pagamento' }).click();
    const confirm = creatorPage.getByRole('alertdialog');
    await expect(confirm).toContainText('verifique se o Pix');
    await confirm.getByRole('button', { name: 'Confirmar recebimento' }).click();
    await expect(
      creatorPage.getByText('Pagamento confirmado. Bruno Lima agora é assinante.', { exact: true }),
    ).toBeVisible();
    await expect(creatorPage.getByText('Nenhum pagamento pendente')).toBeVisible();

    // ---- the fan's dialog notices (polling) and the profile shows 'Assinado'
    await expect(dialog.getByText('Assinatura ativa!')).toBeVisible({ timeout: 15_000 });
    // the benefit just bought: the conversation with the creator
    await expect(
      dialog.getByRole('link', { name: 'Chat exclusivo com o criador' }),
    ).toHaveAttribute('href', `/messages?to=${creator.username}`);
    await captureScreens(fanPage, 'subscribe-dialog-success', { fullPage: false });
    await dialog.getByRole('button', { name: 'Ver conteúdo' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(plans.getByText('Assinado')).toBeVisible();
    await fanPage.reload();
    await expect(fanPage.getByTestId('profile-plans').getByText('Assinado')).toBeVisible();

    // ---- the creator's 'Assinantes' lists the fan with the plan badge
    await creatorPage.getByRole('tab', { name: /^Assinantes/ }).click();
    const row = creatorPage.getByTestId('subscriber-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Bruno Lima');
    await expect(row).toContainText(`@${fan.username}`);
    await expect(row.getByText('Trimestral')).toBeVisible();
    await captureScreens(creatorPage, 'subscribers-rows');

    // the CSV export downloads a file with the fan
    const [download] = await Promise.all([
      creatorPage.waitForEvent('download'),
      creatorPage.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('assinantes.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(fan.username);
    expect(csv).toContain('Trimestral');

    // a row opens the subscriber's profile
    await row.click();
    await expect(creatorPage).toHaveURL(`/profile/${fan.username}`);

    await fanContext.close();
    await creatorContext.close();
  });
});
