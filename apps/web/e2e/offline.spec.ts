import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import { closeToast, createAccount, createPost } from './support/content';
import { captureScreens } from './support/screens';

/**
 * Issue 34: losing the connection must not blank the app. Offline (the browser's own offline
 * mode), a like and 'Publicar' fail with a toast, the 'Sem conexão' bar shows, the typed post
 * stays; a page whose code cannot arrive shows its error with 'Tentar de novo' inside the shell;
 * when the connection returns the page opens by itself and the kept post is published.
 */
test('offline and back: the page and the typed post survive and recover', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const creator = await createAccount(request, { full_name: 'Helena Prado' });
  await createPost(request, creator, { text: 'Bastidores do ensaio de hoje' });
  await storeSession(page, creator.tokens);
  // signed in at 1440 (the sidebar's workspace list stores the current workspace), then a phone
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  const post = page.getByRole('article').filter({ hasText: 'Bastidores do ensaio de hoje' });
  // a busy machine: the first page's data and chunks take their time
  await expect(post).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize({ width: 375, height: 800 });
  const composer = page.getByRole('textbox', { name: 'Nova publicação' });
  await expect(composer).toBeVisible();
  // the toast's code came with the shell, before any toast
  await expect(page.getByRole('region', { name: /F8/ })).toBeAttached();

  await context.setOffline(true);
  const bar = page.getByTestId('offline-bar');
  const offlineToast = page
    .locator('li[data-kind="error"]')
    .filter({ hasText: 'Não foi possível conectar ao servidor. Verifique sua conexão.' });
  await expect(bar).toHaveText(/Sem conexão/);

  // ♥: the like goes back, an 'Erro' toast says why, the page stays
  await post.getByRole('button', { name: /^Curtir/ }).click();
  await expect(offlineToast).toBeVisible();
  await expect(post.getByTestId('like-count')).toHaveText('0');
  await expect(post.getByRole('button', { name: /^Curtir/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await closeToast(page);

  // 'Publicar': fails, the text stays in the box
  await composer.fill('Escrito dentro do túnel, sem internet');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(offlineToast).toBeVisible();
  await expect(composer).toHaveValue('Escrito dentro do túnel, sem internet');
  await closeToast(page);
  await captureScreens(page, 'offline-feed');

  // a page not loaded yet: its error inside the shell, with 'Tentar de novo'
  await page.getByRole('button', { name: 'Abrir menu', exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Assinantes' }).click();
  await expect(page.getByRole('heading', { name: 'Sem conexão', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await expect(page.getByTestId('topbar')).toBeVisible();
  await captureScreens(page, 'offline-page-error');

  // the connection returns: the page opens by itself, the bar goes away
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Assinantes', level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);

  // back on the feed, the kept text is published
  await page.goBack();
  await expect(composer).toHaveValue('Escrito dentro do túnel, sem internet');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Sua publicação foi postada com sucesso.').first()).toBeVisible();
  await expect(
    page.getByRole('article').filter({ hasText: 'Escrito dentro do túnel, sem internet' }),
  ).toBeVisible();
  await expect(composer).toHaveValue('');
});
