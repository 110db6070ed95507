import { expect, test } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { signInApi, storeSession } from './support/api';
import { closeToast, createAccount, setUpPlans, subscribeAndPay } from './support/content';
import type { Account } from './support/content';
import { captureScreens } from './support/screens';

/** The live streams (`GET /events`) the page opened, and how many are still open. */
function streamsOf(page: Page) {
  const opened: Request[] = [];
  const ended = new Set<Request>();
  const isStream = (r: Request) => new URL(r.url()).pathname === '/api/v1/events';
  page.on('request', (r) => {
    if (isStream(r)) opened.push(r);
  });
  const end = (r: Request) => {
    if (isStream(r)) ended.add(r);
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    get opened() {
      return opened.length;
    },
    get open() {
      return opened.filter((r) => !ended.has(r)).length;
    },
  };
}

/** Sends `text` from the thread's composer with Enter. */
async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The bubbles of the open thread whose text is exactly `text`. */
const bubbles = (page: Page, text: string) =>
  page.getByTestId('message').filter({ has: page.getByText(text, { exact: true }) });

/**
 * Keeps the page's EventSources reachable (test instrumentation, before the app runs), so a
 * journey can drop the live connection as a network failure would: the browser closes it and
 * the app's client sees an error.
 */
async function trackEventSources(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.EventSource;
    const sources: EventSource[] = [];
    (window as unknown as { __sources: EventSource[] }).__sources = sources;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        sources.push(this);
      }
    };
  });
}

async function dropLiveConnection(page: Page) {
  const dropped = await page.evaluate(() => {
    let n = 0;
    for (const source of (window as unknown as { __sources: EventSource[] }).__sources)
      if (source.readyState !== EventSource.CLOSED) {
        source.close();
        source.dispatchEvent(new Event('error'));
        n++;
      }
    return n;
  });
  expect(dropped).toBe(1);
}

/** An API call as `account` (setup the journey does not look at). */
async function apiAs(
  request: APIRequestContext,
  account: Account,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
) {
  const res = await request[method](`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${account.tokens.access_token}` },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<{ id: string; workspace: { id: string } }>;
}

async function newPage(context: BrowserContext, width: number) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  return page;
}

test.describe('chat with the creator', () => {
  test('a fan and the creator talk live in two browsers: unread badge and title, a reconnection without loss or doubles, muting, the phone layout, the e-mail switch', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const creator = await createAccount(request, { full_name: 'Carla Mendes' });
    const fan = await createAccount(request, { full_name: 'Bruno Lima' });
    await setUpPlans(request, creator);
    await subscribeAndPay(request, creator, fan);

    // ---- the creator, on a desktop: nothing yet
    const creatorContext = await browser.newContext();
    const creatorPage = await newPage(creatorContext, 1440);
    await storeSession(creatorPage, creator.tokens);
    await creatorPage.goto('/messages');
    await expect(creatorPage.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
    await expect(creatorPage.getByText('Nenhuma conversa ainda')).toBeVisible();
    const creatorNav = creatorPage.getByTestId('sidebar').getByRole('link', { name: /^Mensagens/ });
    await expect(creatorNav).toHaveAttribute('aria-current', 'page');
    await captureScreens(creatorPage, 'chat-empty');

    // ---- the fan: 'Enviar mensagem' beside 'Assinado' on the creator's profile
    const fanContext = await browser.newContext();
    await trackEventSources(fanContext);
    const fanPage = await newPage(fanContext, 1440);
    const fanStreams = streamsOf(fanPage);
    await storeSession(fanPage, fan.tokens);
    await fanPage.goto(`/profile/${creator.user.username}`);
    await expect(fanPage.getByTestId('subscribed-badge')).toBeVisible();
    const sendMessage = fanPage.getByRole('link', { name: 'Enviar mensagem' });
    await expect(sendMessage).toBeVisible();
    await captureScreens(fanPage, 'chat-profile-button', { fullPage: false });
    await sendMessage.click();
    await expect(fanPage).toHaveURL(/\/messages\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const thread = fanPage.getByTestId('thread');
    await expect(thread.getByTestId('thread-title')).toHaveText('Carla Mendes');
    await expect(thread.getByText('Comece a conversa')).toBeVisible();
    const threadUrl = fanPage.url();

    // the fan writes; the creator's shell counts it without a reload
    await send(fanPage, 'Oi, Carla! Adorei o ensaio de ontem.');
    await expect(bubbles(fanPage, 'Oi, Carla! Adorei o ensaio de ontem.')).toHaveCount(1);
    await expect(bubbles(fanPage, 'Oi, Carla! Adorei o ensaio de ontem.')).toHaveAttribute(
      'data-status',
      'sent',
    );
    await expect(creatorNav).toHaveAccessibleName('Mensagens (1 conversa não lida)');
    await expect(creatorPage).toHaveTitle('(1) Mensagens · Fã Clube');
    const row = creatorPage.getByTestId('chat-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Bruno Lima');
    await expect(row).toContainText('Oi, Carla! Adorei o ensaio de ontem.');
    await expect(row).toContainText('1 mensagem não lida');

    // ---- the creator opens it: read, the badge and the title's count go
    await row.click();
    const creatorThread = creatorPage.getByTestId('thread');
    await expect(creatorThread.getByTestId('thread-title')).toHaveText('Bruno Lima');
    await expect(bubbles(creatorPage, 'Oi, Carla! Adorei o ensaio de ontem.')).toHaveCount(1);
    await expect(creatorPage.getByText('Hoje', { exact: true })).toBeVisible();
    await expect(creatorNav).toHaveAccessibleName('Mensagens');
    await expect(creatorPage).toHaveTitle('Mensagens · Fã Clube');
    await expect(creatorPage.getByTestId('unread-badge')).toHaveCount(0);

    // she answers on two lines (Shift+Enter); the fan sees it arrive
    const creatorBox = creatorPage.getByRole('textbox', { name: 'Mensagem' });
    await creatorBox.fill('Obrigada, Bruno!');
    await creatorBox.press('Shift+Enter');
    await creatorBox.pressSequentially('Semana que vem tem mais.');
    await creatorBox.press('Enter');
    await expect(bubbles(fanPage, 'Obrigada, Bruno!\nSemana que vem tem mais.')).toHaveCount(1);
    await expect(bubbles(creatorPage, 'Obrigada, Bruno!\nSemana que vem tem mais.')).toHaveCount(1);

    // plain text only: markup shows as typed
    await send(fanPage, '<b>negrito?</b> <img src=x onerror=alert(1)>');
    await expect(bubbles(creatorPage, '<b>negrito?</b> <img src=x onerror=alert(1)>')).toHaveCount(
      1,
    );
    await expect(creatorThread.locator('b, img[src="x"]')).toHaveCount(0);

    await closeToast(creatorPage);
    await captureScreens(creatorPage, 'chat-thread', { fullPage: false });

    // ---- a reconnection: the fan's connection drops and stays offline while the creator
    // writes twice; back online, the client reconnects and the server replays what it missed
    const opened = fanStreams.opened;
    await fanContext.setOffline(true);
    await dropLiveConnection(fanPage);
    await send(creatorPage, 'Você viu o aviso do sorteio?');
    await send(creatorPage, 'Resultado sai sexta.');
    await fanPage.waitForTimeout(2500);
    await expect(bubbles(fanPage, 'Você viu o aviso do sorteio?')).toHaveCount(0);
    await fanContext.setOffline(false);
    await expect(bubbles(fanPage, 'Você viu o aviso do sorteio?')).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(bubbles(fanPage, 'Resultado sai sexta.')).toHaveCount(1);
    expect(fanStreams.opened).toBeGreaterThan(opened);
    // nothing doubled, in order
    const fanTexts = await fanPage.getByTestId('message').locator('p').allInnerTexts();
    expect(fanTexts).toEqual([
      'Oi, Carla! Adorei o ensaio de ontem.',
      'Obrigada, Bruno!\nSemana que vem tem mais.',
      '<b>negrito?</b> <img src=x onerror=alert(1)>',
      'Você viu o aviso do sorteio?',
      'Resultado sai sexta.',
    ]);
    // and after a reload, the same
    await fanPage.reload();
    await expect(fanPage.getByTestId('message')).toHaveCount(5);

    // ---- the owner mutes the fan: the fan's composer closes at once (chat.updated, no reload)
    await creatorThread.getByRole('button', { name: 'Silenciar fã' }).click();
    const confirm = creatorPage.getByRole('alertdialog');
    await expect(confirm).toContainText('Bruno Lima continua lendo a conversa');
    await confirm.getByRole('button', { name: 'Silenciar' }).click();
    await expect(creatorPage.getByText('Fã silenciado.', { exact: true })).toBeVisible();
    await expect(creatorThread.getByRole('button', { name: 'Reativar' })).toBeVisible();
    await expect(fanPage.getByTestId('composer-notice')).toContainText(
      'O criador não está recebendo suas mensagens nesta conversa.',
      { timeout: 2_000 },
    );
    const fanBox = fanPage.getByRole('textbox', { name: 'Mensagem' });
    await expect(fanBox).toHaveCount(0);
    await captureScreens(fanPage, 'chat-muted', { fullPage: false });
    // unmuted: the composer is back at once, and the fan's message goes through
    await creatorThread.getByRole('button', { name: 'Reativar' }).click();
    await creatorPage.getByRole('alertdialog').getByRole('button', { name: 'Reativar' }).click();
    await expect(creatorThread.getByRole('button', { name: 'Silenciar fã' })).toBeVisible();
    await expect(fanBox).toBeVisible({ timeout: 2_000 });
    // the network drops the first try: 'Não enviado', and 'Tentar de novo' sends it, once
    let dropped = false;
    await fanPage.route('**/api/v1/chats/*/*/messages', (route) => {
      if (route.request().method() !== 'POST' || dropped) return route.continue();
      dropped = true;
      return route.abort('connectionreset');
    });
    await fanBox.fill('Ainda está aí?');
    await fanBox.press('Enter');
    await expect(bubbles(fanPage, 'Ainda está aí?')).toHaveAttribute('data-status', 'failed');
    await expect(fanPage.getByText('Não enviado')).toBeVisible();
    await bubbles(fanPage, 'Ainda está aí?')
      .getByRole('button', { name: 'Tentar de novo' })
      .click();
    await expect(bubbles(fanPage, 'Ainda está aí?')).toHaveAttribute('data-status', 'sent');
    await expect(bubbles(creatorPage, 'Ainda está aí?')).toHaveCount(1);
    await fanPage.unroute('**/api/v1/chats/*/*/messages');

    // ---- the phone: the list first, the thread full-screen, back to the list
    await fanPage.setViewportSize({ width: 375, height: 800 });
    await fanPage.goto('/messages');
    const fanRow = fanPage.getByTestId('chat-row');
    await expect(fanRow).toHaveCount(1);
    await expect(fanRow).toContainText('Carla Mendes');
    await expect(fanPage.getByTestId('thread')).toHaveCount(0);
    await captureScreens(fanPage, 'chat-list-phone', { widths: [375], fullPage: false });
    await fanRow.click();
    await expect(fanPage).toHaveURL(threadUrl);
    await expect(fanPage.getByTestId('thread')).toBeVisible();
    await expect(fanRow).toBeHidden();
    await captureScreens(fanPage, 'chat-thread-phone', { widths: [375], fullPage: false });
    await fanPage.getByRole('link', { name: 'Voltar para as conversas' }).click();
    await expect(fanPage).toHaveURL('/messages');
    await expect(fanRow).toBeVisible();

    // ---- 'Avisos por e-mail' in Minha conta
    await fanPage.setViewportSize({ width: 1440, height: 900 });
    await fanPage.goto('/account');
    const settings = fanPage.getByTestId('chat-email-settings');
    await expect(settings).toContainText(
      'Receba um resumo por e-mail quando houver mensagens não lidas há mais de 10 minutos',
    );
    const toggle = settings.getByRole('switch', {
      name: 'Receber avisos de mensagens não lidas por e-mail',
    });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(
      fanPage.getByText('Avisos por e-mail desativados.', { exact: true }),
    ).toBeVisible();
    await fanPage.reload();
    await expect(fanPage.getByTestId('chat-email-settings').getByRole('switch')).not.toBeChecked();
    await closeToast(fanPage);
    await fanPage.getByTestId('chat-email-settings').scrollIntoViewIfNeeded();
    await captureScreens(fanPage, 'chat-email-settings', { fullPage: false });

    // ---- signing out closes the stream
    expect(fanStreams.open).toBe(1);
    await fanPage.getByRole('button', { name: /^Abrir menu do usuário/ }).click();
    await fanPage.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(fanPage).toHaveURL('/login');
    await expect.poll(() => fanStreams.open).toBe(0);

    // ---- a long conversation: scrolled to the top, the older messages load above what was read
    const [ws, chatId] = threadUrl.split('/').slice(-2) as [string, string];
    // sessions of their own for the setup (the fan's browser session ended with 'Sair')
    const fanApi = { ...fan, tokens: await signInApi(request, fan.user) };
    const creatorApi = { ...creator, tokens: await signInApi(request, creator.user) };
    for (let i = 1; i <= 30; i++)
      await apiAs(request, i % 2 ? fanApi : creatorApi, 'post', `/chats/${ws}/${chatId}/messages`, {
        text: `histórico ${i}`,
      });
    await creatorPage.reload();
    await expect(bubbles(creatorPage, 'histórico 30')).toBeVisible();
    // the newest page: 30 of the 36
    await expect(creatorPage.getByTestId('message')).toHaveCount(30);
    const log = creatorPage.getByTestId('message-log');
    const oldest = bubbles(creatorPage, 'histórico 1');
    await expect(oldest).toHaveCount(1);
    await log.evaluate((el) => el.scrollTo(0, 0));
    await expect(bubbles(creatorPage, 'Oi, Carla! Adorei o ensaio de ontem.')).toHaveCount(1);
    await expect(creatorPage.getByTestId('message')).toHaveCount(36);
    // the view did not jump to the top: what was read stays in sight
    await expect(oldest).toBeInViewport();
    expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expect(creatorPage.getByRole('button', { name: 'Carregar anteriores' })).toHaveCount(0);

    // ---- a creator who is also a fan sees both sides as tabs
    await setUpPlans(request, fanApi);
    await subscribeAndPay(request, fanApi, creatorApi);
    const asFan = await apiAs(request, creatorApi, 'post', `/chats?username=${fan.user.username}`);
    await apiAs(request, fanApi, 'post', `/chats/${asFan.workspace.id}/${asFan.id}/messages`, {
      text: 'Obrigado por assinar, Carla!',
    });
    await creatorPage.goto('/messages');
    const tabs = creatorPage.getByRole('tablist', { name: 'Lado das conversas' });
    await expect(tabs.getByRole('tab', { name: 'Meu espaço' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(creatorPage.getByTestId('chat-row')).toContainText('Bruno Lima');
    await tabs.getByRole('tab', { name: 'Como fã (1 conversa não lida)' }).click();
    await expect(creatorPage.getByTestId('chat-row')).toContainText('Obrigado por assinar, Carla!');
    await captureScreens(creatorPage, 'chat-tabs', { fullPage: false });

    await fanContext.close();
    await creatorContext.close();
  });
});
