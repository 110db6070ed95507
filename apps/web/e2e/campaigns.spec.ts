import { expect, test } from '@playwright/test';
import { latestEmail, storeSession } from './support/api';
import { closeToast, createAccount, setUpPlans, subscribeAndPay } from './support/content';
import type { Account } from './support/content';
import { captureScreens } from './support/screens';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.tokens.access_token}` });

test.describe('e-mail campaigns', () => {
  test('the creator composes with a preview, sends a test to herself, sends a campaign to her subscribers and sees its counts; the fan unsubscribes from the link', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const fan = await createAccount(request, { full_name: 'Bruno Lima' });
    await setUpPlans(request, creator);
    await subscribeAndPay(request, creator, fan);
    const install = await request.put(`/api/v1/apps/${creator.workspaceId}?label=email-marketing`, {
      headers: auth(creator),
      data: { installed: true },
    });
    expect(install.status(), await install.text()).toBe(200);

    await storeSession(page, creator.tokens);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/apps/email-marketing');
    await expect(page.getByRole('heading', { name: 'E-mail marketing' })).toBeVisible();
    await expect(page.getByText('Nenhuma campanha ainda')).toBeVisible();

    const form = page.getByRole('form', { name: 'Nova campanha de e-mail' });
    await form.getByLabel('Assunto').fill('Novidades de dezembro');
    await expect(form.getByRole('checkbox', { name: 'Todos os assinantes' })).toBeChecked();
    await form
      .getByLabel('Conteúdo (HTML)')
      .fill(
        '<h1>Olá, {{ nome }}!</h1><p>Ensaio novo no ar.</p><p><a href="{{ link_cancelar }}">Sair da lista</a></p>',
      );
    // the preview fills the placeholders with an example
    const preview = page.frameLocator('iframe[title="Prévia do e-mail"]');
    await expect(preview.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
    await captureScreens(page, 'campaigns-compose');

    // a test to herself
    await form.getByRole('button', { name: 'Enviar teste para mim' }).click();
    await expect(
      page.getByText(`Teste enviado para ${creator.user.email}.`, { exact: true }),
    ).toBeVisible();
    const testMail = await latestEmail(
      creator.user.email,
      (m) => m.subject === 'Novidades de dezembro',
    );
    // an address typed in (not a subscriber) gets the fallback name
    expect(testMail.html).toContain('Olá, fã!');
    await closeToast(page);

    // the campaign, confirmed
    await form.getByRole('button', { name: 'Enviar campanha' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Enviar campanha?' });
    await confirm.getByRole('button', { name: 'Enviar agora' }).click();
    await expect(page.getByText('Campanha na fila: 1 e-mail.', { exact: true })).toBeVisible();
    await closeToast(page);

    const mail = await latestEmail(fan.user.email, (m) => m.subject === 'Novidades de dezembro');
    expect(mail.html).toContain('Olá, Bruno Lima!');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const rows = page.getByRole('list', { name: 'Campanhas' }).getByTestId('campaign-row');
    await expect(rows).toHaveCount(2);
    const first = rows.first();
    await expect(first.getByText('Enviada')).toBeVisible({ timeout: 20_000 });
    await expect(first.getByTestId('count-sent')).toContainText('1');
    await expect(first.getByTestId('count-queued')).toContainText('0');
    await captureScreens(page, 'campaigns-list');

    // the fan opens the link of the e-mail: a page that asks first
    const fanContext = await browser.newContext();
    const fanPage = await fanContext.newPage();
    // {{ link_cancelar }} in the HTML part (the text part writes links as "texto [url]")
    const link = /href="(https?:\/\/[^"]+\/unsubscribe\?token=[^"]+)"/.exec(mail.html)?.[1];
    expect(link).toBeTruthy();
    await fanPage.goto(link!.replace(/&amp;/g, '&'));
    await expect(fanPage.getByRole('heading', { name: 'Cancelar inscrição' })).toBeVisible();
    await expect(fanPage.getByText('Deixar de receber os e-mails de Carla Mendes')).toBeVisible();
    await captureScreens(fanPage, 'unsubscribe-confirm');
    await fanPage.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await expect(fanPage.getByRole('heading', { name: 'Inscrição cancelada' })).toBeVisible();
    await captureScreens(fanPage, 'unsubscribe-done');
    await fanContext.close();

    // the creator's list counts the unsubscription
    await page.reload();
    await expect(
      page
        .getByRole('list', { name: 'Campanhas' })
        .getByTestId('campaign-row')
        .first()
        .getByTestId('count-unsubscribed'),
    ).toContainText('1');
  });
});
