import { expect, test } from '@playwright/test';
import { confirmEmail, latestEmail, storeSession } from './support/api';
import { closeToast, createAccount, setUpPlans, subscribeAndPay } from './support/content';
import type { Account } from './support/content';
import { captureScreens } from './support/screens';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.tokens.access_token}` });

test.describe('e-mail campaigns', () => {
  test('the creator confirms her e-mail, imports contacts with their consent, composes with a preview, sends a test to herself, sends a campaign to her subscribers and contacts and sees its counts; the fan unsubscribes from the link', async ({
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
    // only a confirmed address sends campaigns (the account's age is relaxed for the journeys:
    // EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS=0 in playwright.config.ts)
    await confirmEmail(request, creator.user.email);
    const reader = `leitora.${creator.user.username}@example.com`;

    await storeSession(page, creator.tokens);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/apps/email-marketing');
    await expect(page.getByRole('heading', { name: 'E-mail marketing' })).toBeVisible();
    await expect(page.getByText('Nenhuma campanha ainda')).toBeVisible();

    // contacts from outside the platform, with how and when they agreed
    await expect(page.getByText('Nenhum contato importado')).toBeVisible();
    await page.getByRole('button', { name: 'Importar contatos' }).click();
    const importing = page.getByRole('dialog', { name: 'Importar contatos' });
    await importing
      .getByLabel('Lista de contatos')
      .fill(`e-mail;nome\n${reader};Lia Leitora\nnao-e-email`);
    await expect(importing.getByRole('status')).toHaveText('1 e-mail válido · 2 linhas ignoradas');
    await importing
      .getByLabel('Como aceitaram receber seus e-mails')
      .selectOption({ label: 'Presencialmente (evento, loja)' });
    await importing.getByRole('button', { name: 'Importar' }).click();
    await expect(importing.getByText('Confirme o consentimento para importar.')).toBeVisible();
    await importing.getByRole('checkbox', { name: /Confirmo que todas estas pessoas/ }).check();
    await captureScreens(page, 'campaigns-import-contacts', {
      prepare: async (p) => {
        if (!(await p.getByRole('dialog', { name: 'Importar contatos' }).isVisible()))
          throw new Error('the import dialog closed');
      },
    });
    await importing.getByRole('button', { name: 'Importar' }).click();
    await expect(
      page.getByText(
        '1 contato importado. Enviamos 1 pedido de confirmação por e-mail: o contato recebe campanhas depois de confirmar.',
        { exact: true },
      ),
    ).toBeVisible();
    await closeToast(page);
    const contacts = page.getByRole('list', { name: 'Contatos importados' });
    await expect(contacts.getByRole('listitem', { name: reader })).toContainText('Lia Leitora');
    await expect(contacts.getByRole('listitem', { name: reader })).toContainText(
      'Presencialmente (evento, loja) em',
    );
    await expect(contacts.getByRole('listitem', { name: reader })).toContainText(
      'Aguardando confirmação',
    );

    // double opt-in: the reader follows the e-mailed link, and the page asks before it confirms
    const optIn = await latestEmail(reader, (m) =>
      m.subject.startsWith('Confirme que quer receber os e-mails de Carla Mendes'),
    );
    const confirmLink = /href="(https?:\/\/[^"]+\/contacts\/confirm\?token=[^"]+)"/.exec(
      optIn.html,
    )?.[1];
    expect(confirmLink).toBeTruthy();
    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    await readerPage.goto(confirmLink!.replace(/&amp;/g, '&'));
    await expect(readerPage.getByRole('heading', { name: 'Confirmar inscrição' })).toBeVisible();
    await readerPage.getByRole('button', { name: 'Sim, quero receber' }).click();
    await expect(readerPage.getByRole('heading', { name: 'Inscrição confirmada' })).toBeVisible();
    await readerContext.close();
    await page.reload();
    await expect(
      page
        .getByRole('list', { name: 'Contatos importados' })
        .getByRole('listitem', { name: reader }),
    ).toContainText('Confirmado');

    const form = page.getByRole('form', { name: 'Nova campanha de e-mail' });
    await form.getByLabel('Assunto').fill('Novidades de dezembro');
    await expect(form.getByRole('checkbox', { name: 'Todos os assinantes' })).toBeChecked();
    await form.getByRole('checkbox', { name: 'Contatos importados' }).check();
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
    await expect(page.getByText('Campanha na fila: 2 e-mails.', { exact: true })).toBeVisible();
    await closeToast(page);

    const mail = await latestEmail(fan.user.email, (m) => m.subject === 'Novidades de dezembro');
    expect(mail.html).toContain('Olá, Bruno Lima!');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // the From name is the creator's, marked as sent through the platform
    expect(mail.from).toContain('Carla Mendes via Fã Clube');
    const toReader = await latestEmail(reader, (m) => m.subject === 'Novidades de dezembro');
    expect(toReader.html).toContain('Olá, Lia Leitora!');

    const rows = page.getByRole('list', { name: 'Campanhas' }).getByTestId('campaign-row');
    await expect(rows).toHaveCount(2);
    const first = rows.first();
    await expect(first.getByText('Enviada')).toBeVisible({ timeout: 20_000 });
    await expect(first.getByTestId('count-sent')).toContainText('2');
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
    await expect(
      fanPage.getByRole('checkbox', {
        name: 'Também não quero receber e-mails de nenhum outro criador do Fã Clube',
      }),
    ).not.toBeChecked();
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
