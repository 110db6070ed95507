import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RecommendedProfile } from '@fa-clube/contract';
import { DashboardRoute } from '@/app/routes/dashboard';
import { ChargesWaiting } from '@/lib/charges-waiting';
import {
  FakeIntersectionObserver,
  WS_ID,
  contentsPage,
  makePost,
  makeProfile,
  signIn,
} from '@/test/content';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { setViewportWidth } from '@/test/media';
import { renderAt } from '@/test/render';

const RECOMMENDED: RecommendedProfile[] = [
  {
    username: 'diego',
    label: 'Diego Alves',
    avatar_url: null,
    cover_url: null,
    description: 'Música',
    total_content: 4,
  },
  {
    username: 'lia',
    label: 'Lia Castro',
    avatar_url: null,
    cover_url: null,
    description: 'Culinária',
    total_content: 12,
  },
];

function feedApi({
  posts = [makePost()],
  recommended = RECOMMENDED,
  ownTotal = 3,
  waiting = 0,
}: {
  posts?: ReturnType<typeof makePost>[];
  recommended?: RecommendedProfile[];
  ownTotal?: number;
  waiting?: number;
} = {}) {
  return mockFetch((call: Call) => {
    if (call.path === `/api/v1/charges/${WS_ID}/waiting`) return { body: { count: waiting } };
    if (call.path === `/api/v1/contents/${WS_ID}/feed`) {
      const page = Number(call.query.get('page'));
      const size = Number(call.query.get('size'));
      return {
        body: contentsPage(posts.slice((page - 1) * size, page * size), page, size, posts.length),
      };
    }
    if (call.path === `/api/v1/profiles/${WS_ID}/recommended`)
      return { body: { profiles: recommended } };
    if (call.path === '/api/v1/profile')
      return {
        body: makeProfile({
          username: 'mariasilva',
          is_owner: true,
          is_member: true,
          total_content: ownTotal,
        }),
      };
    return { body: {} };
  });
}

describe('feed', () => {
  it("shows 'Recomendados' at 768 px or more, with cards linking to the profiles", async () => {
    signIn();
    setViewportWidth(1024);
    const { calls } = feedApi();
    renderAt(<DashboardRoute />, '/');
    expect(await screen.findByRole('heading', { name: 'Recomendados' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Diego Alves/ })).toHaveAttribute(
      'href',
      '/profile/diego',
    );
    expect(screen.getByRole('link', { name: /Lia Castro/ })).toHaveAttribute(
      'href',
      '/profile/lia',
    );
    expect(screen.getByTestId('recommended-list').className).toMatch(/max-h-96/);
    expect(screen.getByTestId('recommended-list').className).toMatch(/overflow-y-auto/);
    expect(calls.some((c) => c.path === `/api/v1/profiles/${WS_ID}/recommended`)).toBe(true);

    // below 768 px the column goes away, live
    act(() => setViewportWidth(767));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Recomendados' })).not.toBeInTheDocument(),
    );
    act(() => setViewportWidth(768));
    expect(await screen.findByRole('heading', { name: 'Recomendados' })).toBeInTheDocument();
  });

  it("hides 'Recomendados' when there is no recommended profile", async () => {
    signIn();
    setViewportWidth(1440);
    const { calls } = feedApi({ recommended: [] });
    renderAt(<DashboardRoute />, '/');
    expect(await screen.findAllByTestId('post')).toHaveLength(1);
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/api/v1/profiles/${WS_ID}/recommended`)).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Recomendados' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('recommended')).not.toBeInTheDocument();
  });

  it('does not show (or ask for) recommendations below 768 px', async () => {
    signIn();
    setViewportWidth(375);
    const { calls } = feedApi();
    renderAt(<DashboardRoute />, '/');
    expect(await screen.findAllByTestId('post')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Recomendados' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/recommended'))).toBe(false);
  });

  it('tells the owner how many Pix wait for her confirmation, with the way to them', async () => {
    signIn();
    feedApi({ waiting: 2 });
    // the count is kept by the shell's service
    renderAt(
      <>
        <ChargesWaiting />
        <DashboardRoute />
      </>,
      '/',
    );
    const card = await screen.findByRole('region', { name: '2 Pix aguardam a sua confirmação' });
    expect(card).toHaveTextContent('Confira no extrato do seu banco se o dinheiro chegou');
    expect(screen.getByRole('link', { name: 'Conferir pagamentos' })).toHaveAttribute(
      'href',
      '/subscribers?aba=pendentes',
    );
  });

  it('shows no Pix card when none waits', async () => {
    signIn();
    const { calls } = feedApi({ waiting: 0 });
    renderAt(
      <>
        <ChargesWaiting />
        <DashboardRoute />
      </>,
      '/',
    );
    expect(await screen.findAllByTestId('post')).toHaveLength(1);
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/api/v1/charges/${WS_ID}/waiting`)).toBe(true),
    );
    expect(screen.queryByTestId('waiting-pix')).not.toBeInTheDocument();
  });

  it('gives the owner the composer, and the next steps until the first post', async () => {
    signIn();
    feedApi({ posts: [], ownTotal: 0 });
    renderAt(<DashboardRoute />, '/');
    expect(await screen.findByRole('form', { name: 'Nova publicação' })).toBeInTheDocument();
    expect(await screen.findByTestId('getting-started')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Complete seu perfil/ })).toHaveAttribute(
      'href',
      '/settings/workspace',
    );
    // an empty feed points to completing the profile
    expect(await screen.findByText('Seu feed está vazio')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completar meu perfil' })).toHaveAttribute(
      'href',
      '/settings/workspace',
    );
  });

  it("shows the owner's next steps and composer only with the own profile, so they push nothing down", async () => {
    signIn();
    let answerProfile: (reply: { body: unknown }) => void = () => undefined;
    const api = mockFetch((call: Call) => {
      if (call.path === '/api/v1/profile')
        return new Promise<{ body: unknown }>((resolve) => (answerProfile = resolve));
      if (call.path === `/api/v1/contents/${WS_ID}/feed`)
        return { body: contentsPage([], 1, 25, 0) };
      return { body: {} };
    });
    renderAt(<DashboardRoute />, '/');
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/v1/profile'));
    expect(screen.getByTestId('feed-settling')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nova publicação' })).not.toBeInTheDocument();
    expect(screen.queryByText('Seu feed está vazio')).not.toBeInTheDocument();
    answerProfile({
      body: makeProfile({ username: 'mariasilva', is_owner: true, is_member: true }),
    });
    expect(await screen.findByTestId('getting-started')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Nova publicação' })).toBeInTheDocument();
    expect(screen.queryByTestId('feed-settling')).not.toBeInTheDocument();
  });

  it('has no composer nor next steps for a team member, and an empty state pointing to the recommendations', async () => {
    signIn({ is_owner: false });
    setViewportWidth(1024);
    feedApi({ posts: [] });
    renderAt(<DashboardRoute />, '/');
    expect(await screen.findByText('Seu feed está vazio')).toBeInTheDocument();
    expect(await screen.findByText(/Comece pelos perfis recomendados ao lado/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nova publicação' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('getting-started')).not.toBeInTheDocument();
  });

  it('loads the next 25 when the end of the list comes into view, then says it is the end', async () => {
    signIn();
    setViewportWidth(375);
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const posts = Array.from({ length: 60 }, () => makePost({ attachments: [] }));
    const { calls } = feedApi({ posts });
    renderAt(<DashboardRoute />, '/');
    expect(await screen.findAllByTestId('post')).toHaveLength(25);
    act(() => FakeIntersectionObserver.intersectAll());
    await waitFor(() => expect(screen.getAllByTestId('post')).toHaveLength(50));
    act(() => FakeIntersectionObserver.intersectAll());
    await waitFor(() => expect(screen.getAllByTestId('post')).toHaveLength(60));
    const pages = calls
      .filter((c) => c.path.endsWith('/feed'))
      .map((c) => [c.query.get('page'), c.query.get('size')]);
    expect(pages).toEqual([
      ['1', '25'],
      ['2', '25'],
      ['3', '25'],
    ]);
    expect(screen.getByTestId('list-end')).toHaveTextContent(
      'Você está em dia! Não há mais publicações.',
    );
  });

  it('shows the welcome to a signed-out visitor of /dashboard', () => {
    mockFetch(() => ({ body: {} }));
    renderAt(<DashboardRoute />, '/dashboard');
    expect(screen.getByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Feed' })).not.toBeInTheDocument();
  });

  describe('for a fan (no creator yet, issue 34)', () => {
    const fanWorkspace = {
      id: WS_ID,
      label: 'Mariana',
      username: 'mariasilva',
      is_owner: true,
      is_creator: false,
    };

    it('shows the fan-first home: shortcuts, no composer, no next steps, and the posts', async () => {
      signIn({ is_creator: false });
      setViewportWidth(375);
      feedApi({ ownTotal: 0 });
      renderAt(<DashboardRoute />, '/');
      expect(await screen.findAllByTestId('post')).toHaveLength(1);
      const shortcuts = screen.getByRole('navigation', { name: 'Atalhos' });
      expect(within(shortcuts).getByRole('link', { name: /Minhas assinaturas/ })).toHaveAttribute(
        'href',
        '/subscriptions',
      );
      expect(within(shortcuts).getByRole('link', { name: /Mensagens/ })).toHaveAttribute(
        'href',
        '/messages',
      );
      expect(within(shortcuts).getByRole('link', { name: /Encontrar criadores/ })).toHaveAttribute(
        'href',
        '/explore',
      );
      expect(screen.getByText('As publicações dos criadores que você assina.')).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Nova publicação' })).not.toBeInTheDocument();
      expect(screen.queryByTestId('getting-started')).not.toBeInTheDocument();
      expect(screen.queryByText(/Seu espaço está pronto/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Quero ser criador' })).toBeInTheDocument();
    });

    it("an empty feed leads to the recommended creators ('Ver recomendados' → /explore)", async () => {
      signIn({ is_creator: false });
      feedApi({ posts: [] });
      renderAt(<DashboardRoute />, '/');
      expect(await screen.findByText('Seu feed está vazio')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ver recomendados' })).toHaveAttribute(
        'href',
        '/explore',
      );
      expect(screen.queryByRole('link', { name: 'Completar meu perfil' })).not.toBeInTheDocument();
    });

    it("'Quero ser criador' asks the server, keeps its answer and shows the creator's home", async () => {
      signIn({ is_creator: false });
      const api = mockFetch((call: Call) => {
        if (call.method === 'POST' && call.path === `/api/v1/workspaces/${WS_ID}/creator`)
          return {
            body: {
              ...fanWorkspace,
              description: '',
              avatar_url: null,
              cover_url: null,
              is_creator: true,
            },
          };
        if (call.path === `/api/v1/contents/${WS_ID}/feed`)
          return { body: contentsPage([], 1, 25, 0) };
        if (call.path === '/api/v1/profile')
          return {
            body: makeProfile({
              username: 'mariasilva',
              is_owner: true,
              is_member: true,
              total_content: 0,
            }),
          };
        return { body: {} };
      });
      renderAt(<DashboardRoute />, '/');
      await userEvent.click(await screen.findByRole('button', { name: 'Quero ser criador' }));
      expect(await screen.findByTestId('getting-started')).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Nova publicação' })).toBeInTheDocument();
      expect(screen.queryByTestId('fan-shortcuts')).not.toBeInTheDocument();
      expect(api.calls.filter((c) => c.path.endsWith('/creator'))).toHaveLength(1);
      expect(JSON.parse(localStorage.getItem('workspace')!).is_creator).toBe(true);
    });

    it('keeps the fan-first home and says why when the choice fails', async () => {
      signIn({ is_creator: false });
      mockFetch((call: Call) => {
        if (call.path.endsWith('/creator'))
          return {
            status: 403,
            body: {
              message: 'Apenas o proprietário do espaço de trabalho pode fazer isso.',
              code: 'OWNER_REQUIRED',
            },
          };
        if (call.path === `/api/v1/contents/${WS_ID}/feed`)
          return { body: contentsPage([], 1, 25, 0) };
        return { body: {} };
      });
      renderAt(<DashboardRoute />, '/');
      await userEvent.click(await screen.findByRole('button', { name: 'Quero ser criador' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Quero ser criador' })).toBeEnabled(),
      );
      expect(screen.getByTestId('fan-shortcuts')).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem('workspace')!).is_creator).toBe(false);
    });
  });
});
