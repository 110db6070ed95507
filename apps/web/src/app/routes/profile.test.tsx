import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePosts } from '@/features/content/components/profile-posts';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { WS_ID, contentsPage, makePost, makeProfile, signIn } from '@/test/content';
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
