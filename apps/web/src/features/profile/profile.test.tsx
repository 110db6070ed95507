import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@fa-clube/contract';
import { ProfileRoute } from '@/app/routes/profile';
import {
  CREATOR_WS_ID,
  WS_ID,
  contentsPage,
  makePost,
  makeProfile,
  signIn,
  videoAttachment,
} from '@/test/content';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { placeholderArt } from './lib/placeholder-art';

const PLANS = {
  plans: [
    {
      id: '0d0d0d0d-0000-4000-8000-000000000001',
      plan_type: 'monthly',
      value: 19.9,
      discount: 0,
      price: 19.9,
    },
  ],
  is_subscribed: false,
  automatic_available: false,
};

/** The profile route at `path`, answered by `profile` and the posts `posts`. */
function renderProfile(
  path: string,
  profile: Profile | { status: number; body: unknown },
  posts = [
    makePost(),
    makePost({ attachments: [videoAttachment(9)] }),
    makePost({ attachments: [] }),
  ],
) {
  const api = mockFetch((call: Call) => {
    if (call.path === '/api/v1/profile')
      return 'status' in profile && typeof profile.status === 'number'
        ? (profile as { status: number; body: unknown })
        : { body: profile };
    if (call.path === '/api/v1/plans')
      return { body: { ...PLANS, is_subscribed: (profile as Profile).is_subscribed ?? false } };
    if (call.path === `/api/v1/contents/${WS_ID}/profile`)
      return { body: contentsPage(posts, 0, 10, posts.length) };
    return { body: {} };
  });
  const utils = renderRoutes(
    [
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/profile/:username', element: <ProfileRoute /> },
      { path: '*', element: <p>outra página</p> },
    ],
    path,
  );
  return { ...utils, ...api };
}

describe('profile page', () => {
  it('shows the header and, for a visitor without subscription, exactly total_content placeholders without descriptions', async () => {
    const { calls } = renderProfile('/profile/bia', makeProfile({ total_content: 7 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bia Rocha' })).toBeInTheDocument();
    expect(screen.getByText('@bia')).toBeInTheDocument();
    expect(screen.getByText('Fotógrafa e criadora de conteúdo.')).toBeInTheDocument();
    expect(screen.getByText('B')).toBeInTheDocument(); // avatar: the first letter
    expect(screen.getAllByTestId('post-placeholder')).toHaveLength(7);
    expect(screen.queryByTestId('post')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-description')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver planos' })).toBeInTheDocument();
    // the plans ('Assinaturas') of the subscriptions feature
    expect(await screen.findByRole('heading', { name: 'Assinaturas' })).toBeInTheDocument();
    // nothing of the posts is asked for: no contents, no media
    expect(calls.some((c) => c.path.startsWith('/api/v1/contents'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'Editar perfil' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nova publicação' })).not.toBeInTheDocument();
  });

  it('draws placeholders that differ from one another and stay the same across visits', () => {
    const a = placeholderArt('bia', 0);
    expect(placeholderArt('bia', 0)).toEqual(a);
    expect(placeholderArt('bia', 1)).not.toEqual(a);
    expect(placeholderArt('ana', 0)).not.toEqual(a);
  });

  it('loads the real posts for a subscriber, with the Assinado badge and the tabs', async () => {
    signIn({ is_owner: true });
    const { calls } = renderProfile(
      '/profile/bia',
      makeProfile({ total_content: 3, is_subscribed: true }),
    );
    expect(await screen.findAllByTestId('post')).toHaveLength(3);
    expect(screen.getByTestId('subscribed-badge')).toHaveTextContent('Assinado');
    expect(screen.queryByTestId('post-placeholder')).not.toBeInTheDocument();
    const call = calls.find((c) => c.path === `/api/v1/contents/${WS_ID}/profile`);
    expect(call?.query.get('username')).toBe('bia');
    expect(call?.query.get('page')).toBe('0');
    expect(call?.query.get('size')).toBe('10');
    expect(screen.getByRole('tab', { name: 'Postagens' })).toHaveAttribute('aria-selected', 'true');
    // no owner's menu and no composer for a subscriber
    expect(screen.queryByRole('button', { name: 'Opções da publicação' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nova publicação' })).not.toBeInTheDocument();
    // author names and avatars link to the profile
    const post = screen.getAllByTestId('post')[0]!;
    expect(within(post).getByRole('link', { name: 'Bia Rocha' })).toHaveAttribute(
      'href',
      '/profile/bia',
    );

    // 'Mídias': the attachments in a grid, videos with a play badge
    await userEvent.click(screen.getByRole('tab', { name: 'Mídias' }));
    const tiles = await screen.findAllByTestId('media-tile');
    expect(tiles).toHaveLength(2);
    expect(tiles[0]).toHaveAttribute('data-kind', 'image');
    // an image tile picks its width from the srcset (the square box is reserved by the grid)
    const tileImage = tiles[0]!.querySelector('img')!;
    expect(tileImage.getAttribute('srcset')).toMatch(/ 480w, .* 960w$/);
    expect(tileImage.getAttribute('sizes')).toMatch(/50vw$/);
    expect(within(tiles[1]!).getByTestId('play-badge')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Mídias' }).className).toMatch(
      /grid-cols-2.*sm:grid-cols-3.*lg:grid-cols-4/,
    );
    await userEvent.click(tiles[1]!);
    expect(await screen.findByTestId('viewer-counter')).toHaveTextContent('2/2');
  });

  it("gives the owner 'Editar perfil' and the composer, and hides the tabs without posts", async () => {
    signIn({ id: CREATOR_WS_ID, username: 'bia', label: 'Bia Rocha' });
    renderProfile('/profile', makeProfile({ is_owner: true, is_member: true, total_content: 0 }));
    expect(await screen.findByRole('link', { name: 'Editar perfil' })).toHaveAttribute(
      'href',
      '/settings/workspace',
    );
    expect(await screen.findByRole('form', { name: 'Nova publicação' })).toBeInTheDocument();
    expect(screen.getByText('Sua primeira publicação começa aqui')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-placeholder')).not.toBeInTheDocument();
    expect(screen.queryByTestId('profile-plans')).not.toBeInTheDocument();
  });

  it('shows the posts read-only to a team member', async () => {
    signIn({ is_owner: false });
    renderProfile('/profile/bia', makeProfile({ is_member: true, total_content: 3 }));
    expect(await screen.findAllByTestId('post')).toHaveLength(3);
    expect(screen.queryByRole('form', { name: 'Nova publicação' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar perfil' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('profile-plans')).not.toBeInTheDocument();
  });

  it('asks for the plans beside the profile and shows a visitor both at once (nothing moves)', async () => {
    let answerPlans: (reply: { body: unknown }) => void = () => undefined;
    const api = mockFetch((call: Call) => {
      if (call.path === '/api/v1/profile') return { body: makeProfile({ total_content: 0 }) };
      if (call.path === '/api/v1/plans')
        return new Promise<{ body: unknown }>((resolve) => (answerPlans = resolve));
      return { body: {} };
    });
    renderRoutes([{ path: '/profile/:username', element: <ProfileRoute /> }], '/profile/bia');
    // both requests leave before either answer is in
    await waitFor(() =>
      expect(api.calls.map((c) => c.path)).toEqual(
        expect.arrayContaining(['/api/v1/profile', '/api/v1/plans']),
      ),
    );
    // the profile is in, the plans are not: still the skeleton, no header and no empty state
    await waitFor(() =>
      expect(api.fn.mock.results.filter((r) => r.type === 'return')).toHaveLength(2),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Bia Rocha' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nada publicado ainda')).not.toBeInTheDocument();
    answerPlans({ body: { plans: [], is_subscribed: false, automatic_available: false } });
    expect(
      await screen.findByText('Este criador ainda não oferece planos de assinatura.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nada publicado ainda')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bia Rocha' })).toBeInTheDocument();
  });

  it('hides the tabs for a visitor of a creator without posts', async () => {
    renderProfile('/profile/bia', makeProfile({ total_content: 0 }));
    expect(await screen.findByText('Nada publicado ainda')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-placeholder')).not.toBeInTheDocument();
  });

  it("says 'Perfil não encontrado' for an unknown username", async () => {
    renderProfile('/profile/ninguem', {
      status: 404,
      body: { message: 'Perfil não encontrado.', code: 'PROFILE_NOT_FOUND' },
    });
    expect(
      await screen.findByRole('heading', { name: 'Perfil não encontrado' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/@ninguem/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor of /profile to the login', async () => {
    const { router } = renderProfile('/profile', makeProfile());
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(router.location.search).toBe('?return_to=%2Fprofile');
  });
});
