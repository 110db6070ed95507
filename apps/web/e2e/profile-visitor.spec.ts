import { expect, test } from '@playwright/test';
import { storeSession } from './support/api';
import {
  closeToast,
  createAccount,
  createPost,
  makeJpeg,
  makeMp4,
  makePng,
  scrollToTop,
  setUpPlans,
  subscribeAndPay,
} from './support/content';
import { captureScreens } from './support/screens';

test.describe('visitors and subscribers of a profile', () => {
  test('a visitor sees placeholders and the plans; once subscribed the fan sees the posts, likes one and finds them in the feed', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    // ---- a creator with a cover-less profile, three posts and plans; another creator to recommend
    const creator = await createAccount(request, { full_name: 'Bianca Rocha' });
    const poster = await makeJpeg(320, 180, 300);
    await createPost(request, creator, {
      text: 'Ensaio completo no ar! Obrigada a todo mundo que apoia.',
      file: { bytes: await makeJpeg(1080, 1350, 20), extension: 'jpg' },
    });
    await createPost(request, creator, {
      text: 'Vídeo dos bastidores, direto do estúdio',
      file: { bytes: await makeMp4(browser), extension: 'mp4', poster },
    });
    await createPost(request, creator, { text: 'Segredo: semana que vem tem novidade' });
    await setUpPlans(request, creator);
    const other = await createAccount(request, { full_name: 'Diego Alves' });
    await createPost(request, other, {
      text: 'Primeira publicação',
      file: { bytes: await makePng(800, 600, 180), extension: 'png' },
    });

    // ---- signed out: the public profile, 3 placeholders, no post text, no media requested
    const contentRequests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/v1/contents') || url.pathname.startsWith('/storage'))
        contentRequests.push(url.pathname);
    });
    await page.goto(`/profile/${creator.user.username}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Bianca Rocha' })).toBeVisible();
    await expect(page.getByTestId('post-placeholder')).toHaveCount(3);
    await expect(main.getByText('Conteúdo exclusivo para assinantes')).toBeVisible();
    await expect(page.getByTestId('profile-plans')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Assinaturas' })).toBeVisible();
    await expect(main.getByText('Ensaio completo no ar')).toHaveCount(0);
    await expect(page.getByTestId('post')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Postagens' })).toHaveCount(0);
    expect(contentRequests).toEqual([]);
    await captureScreens(page, 'profile-visitor', { prepare: scrollToTop });

    // 'Ver planos' takes the visitor to the plans; subscribing asks them to sign in first
    await main.getByRole('button', { name: 'Ver planos' }).click();
    await page.getByRole('button', { name: /Assinar.*Mensal/ }).click();
    await expect(page).toHaveURL(
      `/login?return_to=${encodeURIComponent(`/profile/${creator.user.username}`)}`,
    );

    // ---- a signed-in fan without a subscription: still placeholders
    const fan = await createAccount(request, { full_name: 'Ana Souza' });
    await storeSession(page, fan.tokens);
    await page.goto(`/profile/${creator.user.username}`);
    await expect(page.getByTestId('post-placeholder')).toHaveCount(3);
    await expect(page.getByTestId('subscribed-badge')).toHaveCount(0);

    // ---- paid and confirmed: the posts load, with the 'Assinado' badge
    await subscribeAndPay(request, creator, fan);
    await page.reload();
    await expect(page.getByTestId('subscribed-badge')).toHaveText('Assinado');
    await expect(page.getByTestId('profile-plans').getByText('Assinado')).toBeVisible();
    const posts = page.getByTestId('post');
    await expect(posts).toHaveCount(3);
    await expect(page.getByTestId('post-placeholder')).toHaveCount(0);
    await expect(posts.nth(0)).toContainText('Segredo: semana que vem tem novidade');
    await expect(posts.nth(1).getByLabel('Vídeo publicado por Bianca Rocha')).toHaveAttribute(
      'poster',
      /.+/,
    );
    // members and subscribers have no owner's menu
    await expect(page.getByRole('button', { name: 'Opções da publicação' })).toHaveCount(0);
    // author links lead to the profile
    await expect(posts.nth(0).getByRole('link', { name: 'Bianca Rocha' })).toHaveAttribute(
      'href',
      `/profile/${creator.user.username}`,
    );

    // likes: local toggle, the count moves by one
    const first = posts.nth(2);
    await first.getByRole('button', { name: /^Curtir/ }).click();
    await expect(first.getByRole('button', { name: /^Descurtir/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(first.getByTestId('like-count')).toHaveText('1');
    await captureScreens(page, 'profile-subscriber', { prepare: scrollToTop });

    // ---- the feed: the subscribed creator's posts, the like kept; 'Recomendados' at ≥ 768 px
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Feed' })).toBeVisible();
    const feedPosts = page.getByTestId('post');
    await expect(feedPosts).toHaveCount(3);
    const liked = feedPosts.filter({ hasText: 'Ensaio completo no ar' });
    await expect(liked.getByTestId('like-count')).toHaveText('1');
    await expect(liked.getByRole('button', { name: /^Descurtir/ })).toBeVisible();
    // in the feed the count comes back from the server
    await liked.getByRole('button', { name: /^Descurtir/ }).click();
    await expect(liked.getByTestId('like-count')).toHaveText('0');
    await liked.getByRole('button', { name: /^Curtir/ }).click();
    await expect(liked.getByTestId('like-count')).toHaveText('1');
    await expect(page.getByTestId('list-end')).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    const recommended = page.getByTestId('recommended');
    await expect(recommended.getByRole('heading', { name: 'Recomendados' })).toBeVisible();
    await expect(
      recommended.getByRole('link', { name: new RegExp(`@${other.user.username}`) }),
    ).toHaveAttribute('href', `/profile/${other.user.username}`);
    await page.setViewportSize({ width: 700, height: 900 });
    await expect(recommended).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await closeToast(page);
    await captureScreens(page, 'feed', { prepare: scrollToTop });

    // a recommended card opens that profile
    await recommended.getByRole('link', { name: new RegExp(`@${other.user.username}`) }).click();
    await expect(page).toHaveURL(`/profile/${other.user.username}`);
    await expect(page.getByTestId('post-placeholder')).toHaveCount(1);
  });

  test('an unknown username shows "Perfil não encontrado"', async ({ page }) => {
    await page.goto('/profile/ninguem_por_aqui');
    await expect(page.getByRole('heading', { name: 'Perfil não encontrado' })).toBeVisible();
    await expect(page.getByText('@ninguem_por_aqui')).toBeVisible();
  });
});
