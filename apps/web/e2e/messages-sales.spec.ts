import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import { createAccount, makePng, setUpPlans, subscribeAndPay } from './support/content';
import { harnessUrl } from './support/env';
import { connectPsp, pay } from './support/psp';
import { captureScreens, expectAccessible } from './support/screens';

/**
 * Issue 32, paid messages and messages to many, with two people: the creator (her own PSP: the
 * harness's stand-in) sends 'Mensagem para todos' with an image priced with 'Definir preço'; the
 * subscribed fan finds it locked in the conversation, pays it with the Pix dialog (the PSP's
 * webhook) and sees the image; the creator's list counts it delivered, read and bought.
 */

test.describe('Paid messages and messages to many', () => {
  test('a priced message to all subscribers, locked for the fan, unlocked by its Pix; the counts', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const fan = await createAccount(request, { full_name: 'Bruno Lima' });
    await setUpPlans(request, creator);
    await connectPsp(request, creator);
    await subscribeAndPay(request, creator, fan);

    // ---- the creator writes 'Mensagem para todos' with a priced image
    const creatorContext = await browser.newContext();
    const page = await creatorContext.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await storeSession(page, creator.tokens);
    await page.goto('/broadcasts');
    await expect(page.getByRole('heading', { name: 'Mensagem para todos' })).toBeVisible();
    const form = page.getByTestId('broadcast-form');
    await form.getByLabel('Mensagem', { exact: true }).fill('Ensaio novo só para assinantes!');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'ensaio.png',
      mimeType: 'image/png',
      buffer: await makePng(1200, 900, 120),
    });
    await expect(form.getByTestId('draft-attachment')).toContainText('ensaio.png');
    await form.getByRole('button', { name: 'Definir preço' }).click();
    await form.getByLabel('Preço para desbloquear').fill('990');
    await expect(form.getByLabel('Preço para desbloquear')).toHaveValue(/R\$\s9,90/);
    await expect(form.getByLabel('Enviar para')).toHaveValue('subscribers');
    // the welcome message waits below, off until the owner turns it on
    await expect(page.getByTestId('welcome-message')).toContainText('Mensagem de boas-vindas');
    await captureScreens(page, 'broadcast-form', { fullPage: false });
    await expectAccessible(page, 'Mensagem para todos');
    await form.getByRole('button', { name: 'Enviar para todos' }).click();
    await expect(page.getByText('Mensagem a caminho de 1 fã.', { exact: true })).toBeVisible();
    const row = page.getByTestId('broadcast-row').first();
    await expect(row).toContainText('Ensaio novo só para assinantes!');
    await expect(row).toContainText('Enviada', { timeout: 15_000 });

    // ---- the fan finds it locked in the conversation and pays it
    const chats = await request.get('/api/v1/chats', {
      headers: { Authorization: `Bearer ${fan.tokens.access_token}` },
    });
    const chatId = ((await chats.json()) as { chats: { id: string }[] }).chats[0]!.id;
    const fanContext = await browser.newContext();
    const fanPage = await fanContext.newPage();
    await fanPage.setViewportSize({ width: 1440, height: 900 });
    await storeSession(fanPage, fan.tokens);
    await fanPage.goto(`/messages/${creator.workspaceId}/${chatId}`);
    const bubble = fanPage.getByTestId('message').filter({ hasText: 'Ensaio novo só para' });
    await expect(bubble.getByTestId('locked-message')).toBeVisible();
    await expect(bubble.getByRole('img')).toHaveCount(0);
    await captureScreens(fanPage, 'paid-message-locked', { fullPage: false });
    await expectAccessible(fanPage, 'Mensagem paga bloqueada');
    await bubble.getByRole('button', { name: /Desbloquear por R\$\s9,90/ }).click();
    const dialog = fanPage.getByTestId('pix-charge-dialog');
    await expect(dialog.getByRole('heading', { name: 'Desbloquear mensagem' })).toBeVisible();
    await expect(dialog.getByTestId('pix-charge-price')).toHaveText(/R\$\s9,90/);
    const code = dialog.getByLabel('Pix copia e cola');
    await expect(code).not.toHaveValue('');
    await pay(await code.inputValue());
    await expect(dialog.getByText('Conteúdo desbloqueado!')).toBeVisible({ timeout: 3500 });
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(bubble.getByTestId('locked-message')).toHaveCount(0);
    await expect(bubble.getByRole('img', { name: 'Imagem enviada pelo criador' })).toBeVisible();
    await expect(bubble).toContainText('Comprado');
    await captureScreens(fanPage, 'paid-message-unlocked', { fullPage: false });

    // ---- the creator's counts: delivered, read (the fan opened it), bought, revenue
    // (the fan's read mark is sent once the thread has been on screen a moment)
    const counted = page.getByTestId('broadcast-row').first();
    await expect(async () => {
      await page.reload();
      await expect(counted.getByTestId('count-Lidas')).toHaveText('1', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(counted.getByTestId('count-Entregues')).toHaveText('1');
    await expect(counted.getByTestId('count-Compradas')).toHaveText('1');
    await expect(counted.getByTestId('count-Receita')).toHaveText(/R\$\s9,90/);
    await captureScreens(page, 'broadcast-counts');

    // ---- in the conversation itself: the creator sends this fan a priced image
    await page.goto(`/messages/${creator.workspaceId}/${chatId}`);
    await page.getByRole('button', { name: 'Enviar imagem ou vídeo' }).click();
    const media = page.getByTestId('media-message-dialog');
    await media.getByTestId('media-message-file').setInputFiles({
      name: 'bastidores.png',
      mimeType: 'image/png',
      buffer: await makePng(800, 600, 40),
    });
    await media.getByLabel('Mensagem (opcional)').fill('Bastidores só para você');
    await media.getByRole('button', { name: 'Definir preço' }).click();
    await media.getByLabel('Preço para desbloquear').fill('500');
    await captureScreens(page, 'paid-message-compose', { fullPage: false });
    await media.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(media).toHaveCount(0);
    const own = page.getByTestId('message').filter({ hasText: 'Bastidores só para você' });
    await expect(own).toContainText(/À venda por R\$\s5,00/);
    // the fan, on the same conversation, gets it live and locked
    const live = fanPage.getByTestId('message').filter({ hasText: 'Bastidores só para você' });
    await expect(live.getByRole('button', { name: /Desbloquear por R\$\s5,00/ })).toBeVisible({
      timeout: 3500,
    });

    const violations = (await (await fetch(`${harnessUrl}/psp/violations`)).json()) as {
      violations: string[];
    };
    expect(violations.violations).toEqual([]);
    await creatorContext.close();
    await fanContext.close();
  });
});
