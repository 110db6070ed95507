import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { ProfilePosts } from '@/features/content/components/profile-posts';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { CREATOR_WS_ID, WS_ID, contentsPage, makePost, makeProfile, signIn } from '@/test/content';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

/** The profile page composed with the posts of the content feature, as the route does. */
describe('profile page with posts', () => {
  it('loads the posts once the visitor subscribes (onSubscribed)', async () => {
    signIn({ is_owner: true });
    let subscribed = false;
    mockFetch((call: Call) => {
      if (call.path === '/api/v1/profile')
        return { body: makeProfile({ total_content: 2, is_subscribed: subscribed }) };
      if (call.path === `/api/v1/contents/${WS_ID}/profile`)
        return { body: contentsPage([makePost(), makePost()], 0, 10, 2) };
      return { body: {} };
    });
    renderRoutes(
      [
        {
          path: '/profile/:username',
          element: (
            <ProfilePage
              username="bia"
              posts={(profile, ws) => (
                <ProfilePosts ws={ws} username={profile.username} label={profile.label} />
              )}
              plans={(_, onSubscribed) => (
                <button
                  type="button"
                  onClick={() => {
                    subscribed = true;
                    onSubscribed();
                  }}
                >
                  pagar
                </button>
              )}
            />
          ),
        },
      ],
      '/profile/bia',
    );
    expect(await screen.findAllByTestId('post-placeholder')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'pagar' }));
    expect(await screen.findAllByTestId('post')).toHaveLength(2);
    expect(screen.queryByTestId('post-placeholder')).not.toBeInTheDocument();
    expect(screen.getByTestId('subscribed-badge')).toBeInTheDocument();
  });
});

/** The route as the app composes it: 'Enviar mensagem' (chat) beside 'Assinado' (profile). */
describe("profile page: 'Enviar mensagem'", () => {
  const monthly = {
    id: '0d0d0d0d-0000-4000-8000-000000000001',
    plan_type: 'monthly',
    value: 19.9,
    discount: 0,
    price: 19.9,
  };
  function profileApi(subscribed: boolean) {
    return mockFetch((call: Call) => {
      if (call.path === '/api/v1/profile')
        return { body: makeProfile({ is_subscribed: subscribed }) };
      if (call.path === '/api/v1/plans')
        return {
          body: { plans: [monthly], is_subscribed: subscribed, automatic_available: false },
        };
      if (call.path === '/api/v1/chats' && call.method === 'POST')
        return {
          status: 201,
          body: {
            id: '0c0c0c0c-0000-4000-8000-000000000001',
            workspace: { id: CREATOR_WS_ID, username: 'bia', label: 'Bia Rocha', avatar_url: null },
            fan: {
              id: '0b0b0b0b-0000-4000-8000-000000000001',
              username: 'mariasilva',
              full_name: 'Maria',
              avatar_url: null,
            },
            last_message: null,
            unread: 0,
            blocked: false,
            subscribed: true,
            created_at: new Date().toISOString(),
          },
        };
      return { status: 404, body: { message: 'x', code: 'NOT_FOUND' } };
    });
  }

  it('shows for an active subscriber and opens the conversation with the creator', async () => {
    signIn();
    const { calls } = profileApi(true);
    const { router } = renderRoutes(routes, '/profile/bia');
    const link = await screen.findByRole('link', { name: 'Enviar mensagem' });
    expect(screen.getByTestId('subscribed-badge')).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/messages?to=bia');
    await userEvent.click(link);
    await waitFor(() =>
      expect(router.location.pathname).toBe(
        `/messages/${CREATOR_WS_ID}/0c0c0c0c-0000-4000-8000-000000000001`,
      ),
    );
    const open = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/chats')!;
    expect(open.query.get('username')).toBe('bia');
  });

  it('is not there for a visitor who does not subscribe', async () => {
    signIn();
    profileApi(false);
    renderRoutes(routes, '/profile/bia');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bia Rocha' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enviar mensagem' })).not.toBeInTheDocument();
  });

  it("'Renovar assinatura' (#assinaturas) lands on the plans, the first one focused", async () => {
    signIn();
    profileApi(false);
    renderRoutes(routes, '/profile/bia#assinaturas');
    const subscribe = await screen.findByRole('button', { name: 'Assinar o plano Mensal' });
    await waitFor(() => expect(subscribe).toHaveFocus());
  });
});
