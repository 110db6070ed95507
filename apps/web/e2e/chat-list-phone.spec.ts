import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import { createAccount, setUpPlans, subscribeAndPay } from './support/content';
import { captureScreens } from './support/screens';

/**
 * Issue 34: the conversation list on a phone (375 px) — a long preview is cut with an ellipsis,
 * the time and the unread badge stay on screen, nothing is wider than the screen.
 */
test('a long last message keeps the time and the unread badge on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const creator = await createAccount(request, { full_name: 'Carla Mendes' });
  await setUpPlans(request, creator);
  const fan = await createAccount(request, { full_name: 'Bruno Lima de Albuquerque Figueiredo' });
  await subscribeAndPay(request, creator, fan);
  const fanAuth = { Authorization: `Bearer ${fan.tokens.access_token}` };
  const open = await request.post(`/api/v1/chats?username=${creator.user.username}`, {
    headers: fanAuth,
  });
  expect(open.ok(), await open.text()).toBe(true);
  const chat = (await open.json()) as { id: string };
  const long =
    'Oi Carla! Adorei o ensaio de ontem, principalmente as fotos na praia ao pôr do sol ' +
    'https://exemplo.com.br/um-endereco-muito-longo-sem-espacos-que-nao-quebra-nunca-na-linha ' +
    'e queria saber quando sai o próximo.';
  const sent = await request.post(`/api/v1/chats/${creator.workspaceId}/${chat.id}/messages`, {
    headers: fanAuth,
    data: { text: long },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await storeSession(page, creator.tokens);
  // signed in at 1440 (the sidebar's workspace list stores the current workspace), then a phone
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/messages');
  const row = page.getByTestId('chat-row');
  await expect(row).toContainText('Bruno Lima', { timeout: 30_000 });
  await page.setViewportSize({ width: 375, height: 800 });
  const time = row.locator('time');
  const badge = row.getByText('1', { exact: true });
  await expect(time).toBeVisible();
  await expect(badge).toBeVisible();
  // (after the switch to the phone's layout has been drawn)
  for (const part of [row, time, badge])
    await expect
      .poll(() => part.evaluate((el) => el.getBoundingClientRect().right))
      .toBeLessThanOrEqual(375);
  // the page itself is no wider than the screen (captureScreens fails otherwise)
  await captureScreens(page, 'chat-list-phone', { widths: [375, 1440], fullPage: false });
});
