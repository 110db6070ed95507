import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import { createAccount, makePng, setUpPlans, subscribeAndPay } from './support/content';
import { harnessUrl } from './support/env';
import { connectPsp, pay } from './support/psp';
import { captureScreens, expectAccessible } from './support/screens';

/**
 * Issue 32 from the browser, with two people: the creator (her own PSP: the harness's stand-in)
 * publishes a post priced with 'Definir preço'; the subscribed fan sees it locked, pays it with
 * the Pix dialog (the PSP's webhook) and sees it unlock live; the fan tips from the chat with a
 * message; the creator sees the tip arrive live in the conversation, and in 'Gorjetas'.
 */

test.describe('Pay-per-view posts and tips', () => {
  test('a priced post unlocked live by its Pix; a tip from the chat seen live by the creator', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const fan = await createAccount(request, { full_name: 'Bruno Lima' });
    await setUpPlans(request, creator);
    await connectPsp(request, creator);
    await subscribeAndPay(request, creator, fan);
    const chat = await request.post(`/api/v1/chats?username=${creator.user.username}`, {
      headers: { Authorization: `Bearer ${fan.tokens.access_token}` },
    });
    expect(chat.status(), await chat.text()).toBe(201);
    const chatId = ((await chat.json()) as { id: string }).id;

    // ---- the creator publishes a post with 'Definir preço'
    const creatorContext = await browser.newContext();
    const page = await creatorContext.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await storeSession(page, creator.tokens);
    await page.goto(`/profile/${creator.user.username}`);
    const composer = page.getByTestId('composer');
    await composer
      .getByRole('textbox', { name: 'Nova publicação' })
      .fill('Ensaio completo na praia');
    await composer.getByTestId('composer-file').setInputFiles({
      name: 'praia.png',
      mimeType: 'image/png',
      buffer: await makePng(1200, 900, 190),
    });
    await composer.getByRole('button', { name: 'Definir preço' }).click();
    await composer.getByLabel('Preço para desbloquear').fill('1500');
    await expect(composer.getByLabel('Preço para desbloquear')).toHaveValue(/R\$\s15,00/);
    await captureScreens(page, 'sales-composer-price', { fullPage: false });
    await composer.getByRole('button', { name: 'Publicar' }).click();
    const own = page.getByTestId('post').filter({ hasText: 'Ensaio completo na praia' });
    await expect(own).toContainText(/À venda por R\$\s15,00/);
    // the creator sees her own post unlocked
    await expect(own.getByTestId('locked-media')).toHaveCount(0);

    // ---- the fan sees it locked, and pays it with the Pix dialog
    const fanContext = await browser.newContext();
    const fanPage = await fanContext.newPage();
    await fanPage.setViewportSize({ width: 1440, height: 900 });
    await storeSession(fanPage, fan.tokens);
    await fanPage.goto(`/profile/${creator.user.username}`);
    const locked = fanPage.getByTestId('post').filter({ hasText: 'Ensaio completo na praia' });
    await expect(locked.getByTestId('locked-media')).toBeVisible();
    await expect(locked.getByRole('img', { name: /Imagem publicada/ })).toHaveCount(0);
    await captureScreens(fanPage, 'sales-locked-post');
    await locked.getByRole('button', { name: /Desbloquear por R\$\s15,00/ }).click();
    const dialog = fanPage.getByTestId('pix-charge-dialog');
    await expect(dialog.getByRole('heading', { name: 'Desbloquear conteúdo' })).toBeVisible();
    await expect(dialog.getByTestId('pix-charge-price')).toHaveText(/R\$\s15,00/);
    const code = dialog.getByLabel('Pix copia e cola');
    await expect(code).not.toHaveValue('');
    await captureScreens(fanPage, 'sales-unlock-dialog', { fullPage: false });
    await pay(await code.inputValue());
    // live: the event stream's charge.paid (the poll is slower)
    await expect(dialog.getByText('Conteúdo desbloqueado!')).toBeVisible({ timeout: 3500 });
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(locked.getByTestId('locked-media')).toHaveCount(0);
    await expect(locked.getByRole('button', { name: 'Abrir mídia em tela cheia' })).toBeVisible();
    await expect(locked).toContainText('Comprado');

    // 'Minhas compras'
    await fanPage.goto('/purchases');
    await expect(fanPage.getByRole('heading', { name: 'Minhas compras' })).toBeVisible();
    await expect(fanPage.getByTestId('post')).toContainText('Ensaio completo na praia');
    await expectAccessible(fanPage, 'Minhas compras');

    // ---- the creator watches the conversation; the fan tips from the chat
    await page.goto(`/messages/${creator.workspaceId}/${chatId}`);
    await expect(page.getByTestId('thread-title')).toContainText('Bruno Lima');
    await fanPage.goto(`/messages/${creator.workspaceId}/${chatId}`);
    await fanPage.getByRole('button', { name: 'Enviar gorjeta' }).click();
    const tipDialog = fanPage.getByTestId('pix-charge-dialog');
    await tipDialog.getByRole('button', { name: /R\$\s20,00/ }).click();
    await tipDialog.getByLabel('Mensagem (opcional)').fill('Obrigado pelo ensaio!');
    await captureScreens(fanPage, 'sales-tip-form', { fullPage: false });
    await tipDialog.getByRole('button', { name: 'Gerar Pix' }).click();
    const tipCode = tipDialog.getByLabel('Pix copia e cola');
    await expect(tipCode).not.toHaveValue('');
    await expect(tipDialog.getByTestId('pix-charge-price')).toHaveText(/R\$\s20,00/);
    await pay(await tipCode.inputValue());
    await expect(tipDialog.getByText('Gorjeta enviada!')).toBeVisible({ timeout: 3500 });
    await tipDialog.getByRole('button', { name: 'Concluir' }).click();

    // the creator sees it in the conversation without reloading
    const tip = page.getByTestId('tip');
    await expect(tip).toContainText(/Enviou uma gorjeta de R\$\s20,00/, { timeout: 3500 });
    await expect(page.getByText('Obrigado pelo ensaio!')).toBeVisible();
    await captureScreens(page, 'sales-tip-in-chat', { fullPage: false });

    // and in 'Gorjetas'
    await page.goto('/tips');
    const row = page.getByTestId('tip-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Bruno Lima');
    await expect(row).toContainText(/R\$\s20,00/);
    await expect(row).toContainText('Obrigado pelo ensaio!');
    await captureScreens(page, 'sales-tips-list');

    // 'Visão geral' (issue 35): her home shows the figures, their page the month and the best post
    await page.goto('/');
    const summary = page.getByRole('region', { name: 'Seus números' });
    await expect(summary.getByTestId('insights-figures')).toContainText('Assinantes ativos');
    await summary.getByRole('link', { name: 'Ver visão geral' }).click();
    await expect(page).toHaveURL(/\/insights$/);
    const figures = page.getByTestId('insights-figures');
    await expect(figures).toContainText(/Assinantes ativos\s*1/);
    const top = page.getByTestId('insights-top-posts');
    await expect(top).toContainText('Ensaio completo na praia');
    await expect(top).toContainText(/1 compra/);
    await expect(top).toContainText(/R\$\s15,00/);
    await captureScreens(page, 'insights');

    const violations = (await (await fetch(`${harnessUrl}/psp/violations`)).json()) as {
      violations: string[];
    };
    expect(violations.violations).toEqual([]);
    await creatorContext.close();
    await fanContext.close();
  });
});
