import { expect, test } from '@playwright/test';
import { confirmEmail, latestEmail, storeSession } from './support/api';
import {
  closeToast,
  createAccount,
  createPost,
  setUpPlans,
  subscribeAndPay,
} from './support/content';
import { captureScreens } from './support/screens';

test.describe('new-post notifications', () => {
  test("the fan keeps the e-mail on in 'Minhas assinaturas' and gets it when the creator posts", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const creator = await createAccount(request, { full_name: 'Nina Avisos' });
    await setUpPlans(request, creator);
    const fan = await createAccount(request, { full_name: 'Caio Leitor' });
    await confirmEmail(request, fan.user.email);
    await subscribeAndPay(request, creator, fan);

    await storeSession(page, fan.tokens);
    await page.goto('/subscriptions');
    const card = page.getByTestId('my-subscription');
    const email = card.getByRole('switch', {
      name: `Avisos de novas publicações de @${creator.user.username} por e-mail`,
    });
    await expect(email).toBeChecked({ timeout: 30_000 });
    // off, then on again: each saved
    await email.click();
    await expect(page.getByText('Avisos atualizados.', { exact: true })).toBeVisible();
    await expect(email).not.toBeChecked();
    await closeToast(page);
    await email.click();
    await expect(email).toBeChecked();
    await expect(page.getByText('Avisos atualizados.', { exact: true })).toBeVisible();
    await closeToast(page);
    await expect(page.getByRole('button', { name: 'Ativar notificações' })).toBeVisible();
    await captureScreens(page, 'subscription-notifications');

    await createPost(request, creator, { text: 'Bastidores do clipe novo' });
    const mail = await latestEmail(
      fan.user.email,
      (m) => m.subject.startsWith('Nova publicação de '),
      30_000,
    );
    expect(mail.text).toContain('Bastidores do clipe novo');
    expect(mail.text).toContain(`/profile/${creator.user.username}`);
  });
});
