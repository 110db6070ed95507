import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import { closeToast, createAccount, setUpPlans } from './support/content';
import { captureScreens } from './support/screens';

/**
 * Issue 34: a creator without a PSP confirms each Pix by hand, so she is told one waits — live,
 * on 'Assinantes', on the phone's menu button and on her first screen — and the fan's waiting
 * screen says what happens next. (The hourly e-mail digest: payments/waiting.test.ts.)
 */
test('a Pix opened by a fan shows up live for the creator; the fan is told what happens next', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const creator = await createAccount(request, { full_name: 'Carla Mendes' });
  await setUpPlans(request, creator);
  const fan = await createAccount(request, { full_name: 'Bruno Lima' });

  // the creator's first screen, nothing waiting yet
  await storeSession(page, creator.tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Assinantes', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('waiting-pix')).toHaveCount(0);

  // the fan opens a monthly Pix from the profile
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await fanPage.setViewportSize({ width: 375, height: 800 });
  await storeSession(fanPage, fan.tokens);
  await fanPage.goto(`/profile/${creator.user.username}`);
  await fanPage
    .getByTestId('profile-plans')
    .getByRole('button', { name: 'Assinar o plano Mensal' })
    .click();
  const dialog = fanPage.getByRole('dialog');
  await expect(dialog.getByLabel('Pix copia e cola')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('manual-next')).toHaveText(
    /o criador recebe um aviso do seu Pix .* costuma levar algumas horas/,
  );
  await captureScreens(fanPage, 'pix-waiting-fan', {
    fullPage: false,
    prepare: async (p) => {
      await p.getByTestId('manual-next').scrollIntoViewIfNeeded();
    },
  });

  // the creator's screen changes without a reload: the count and the card
  await expect(
    nav.getByRole('link', { name: /^Assinantes ?\(1 Pix aguardando confirmação\)$/ }),
  ).toBeVisible();
  const card = page.getByRole('region', { name: 'Um Pix aguarda a sua confirmação' });
  await expect(card).toBeVisible();
  await captureScreens(page, 'pix-waiting-feed', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    page.getByRole('button', { name: 'Abrir menu, 1 Pix aguardando confirmação' }),
  ).toBeVisible();

  // the card leads to 'Pagamentos pendentes'
  await card.getByRole('link', { name: 'Conferir pagamentos' }).click();
  await expect(page).toHaveURL('/subscribers?aba=pendentes');
  await expect(page.getByRole('tab', { name: /Pagamentos pendentes/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const charge = page.getByTestId('pending-charge');
  await expect(charge).toContainText('Bruno Lima');
  await charge.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Confirmar recebimento' })
    .click();
  await expect(page.getByText('Nenhum pagamento pendente')).toBeVisible();
  await closeToast(page);
  // confirmed: nothing waits any more
  await expect(page.getByRole('button', { name: 'Abrir menu', exact: true })).toBeVisible();
  await fanContext.close();
});
