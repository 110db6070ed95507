import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes, shellNav } from '@/app/routes';
import { STORAGE_KEYS } from '@/lib/session';
import { meFixture, mockFetch } from '@/test/fetch';
import { storeSession } from '@/test/session';
import { setViewportWidth } from '@/test/media';
import { renderRoutes } from '@/test/render';
import { isNavItemActive, navItems } from './nav-items';
import type { StoredWorkspace } from '@/lib/session';

const stored = (username: string): StoredWorkspace => ({
  id: 'w1',
  label: 'Maria',
  username,
  is_owner: true,
});

function signIn(
  workspace: object | null = { id: 'w1', label: 'Maria', username: 'mariasilva', is_owner: true },
) {
  storeSession(workspace);
  mockFetch((call) =>
    call.path === '/api/v1/me'
      ? { body: meFixture() }
      : { status: 404, body: { message: 'x', code: 'NOT_FOUND' } },
  );
}

describe('navigation entries', () => {
  const [overview, , messages, subscribers, , , finance, , profile, settings] = navItems(
    shellNav,
    stored('mariasilva'),
  );

  it('point to the spec routes, the profile with the stored username', () => {
    expect(navItems(shellNav, stored('mariasilva')).map((i) => [i.label, i.to])).toEqual([
      ['Overview', '/dashboard'],
      ['Encontrar criadores', '/explore'],
      ['Mensagens', '/messages'],
      ['Assinantes', '/subscribers'],
      ['Gorjetas', '/tips'],
      ['Mensagem para todos', '/broadcasts'],
      ['Finanças', '/finance'],
      ['Arquivos', '/files'],
      ['Perfil', '/profile/mariasilva'],
      ['Configurações', '/settings/workspace'],
    ]);
    expect(navItems(shellNav, null)[8]!.to).toBe('/profile/');
  });

  it('for a fan (no creator yet): no creator places, and Minhas assinaturas (issue 34)', () => {
    const fan = { ...stored('fabio'), is_creator: false };
    expect(navItems(shellNav, fan).map((i) => [i.label, i.to])).toEqual([
      ['Overview', '/dashboard'],
      ['Encontrar criadores', '/explore'],
      ['Mensagens', '/messages'],
      ['Minhas assinaturas', '/subscriptions'],
      ['Perfil', '/profile/fabio'],
      ['Configurações', '/settings/workspace'],
    ]);
    // once chosen, the creator's menu again
    expect(navItems(shellNav, { ...fan, is_creator: true }).map((i) => i.label)).toEqual([
      'Overview',
      'Encontrar criadores',
      'Mensagens',
      'Assinantes',
      'Gorjetas',
      'Mensagem para todos',
      'Finanças',
      'Arquivos',
      'Perfil',
      'Configurações',
    ]);
  });

  it('are active when the path equals the route', () => {
    expect(isNavItemActive(overview!, '/dashboard')).toBe(true);
    // a conversation keeps 'Mensagens' active
    expect(isNavItemActive(messages!, '/messages')).toBe(true);
    expect(isNavItemActive(messages!, '/messages/w1/c1')).toBe(true);
    expect(isNavItemActive(overview!, '/')).toBe(false);
    expect(isNavItemActive(subscribers!, '/subscribers')).toBe(true);
    expect(isNavItemActive(subscribers!, '/subscribers/x')).toBe(false);
    expect(isNavItemActive(profile!, '/profile/mariasilva')).toBe(true);
    expect(isNavItemActive(profile!, '/profile/outra')).toBe(false);
    for (const path of ['/finance', '/finance/transactions', '/finance/import'])
      expect(isNavItemActive(finance!, path)).toBe(true);
  });

  it('mark Configurações active on any path containing /settings', () => {
    for (const path of [
      '/settings',
      '/settings/workspace',
      '/settings/plans',
      '/settings/security',
      '/settings/members',
    ])
      expect(isNavItemActive(settings!, path)).toBe(true);
    expect(isNavItemActive(settings!, '/dashboard')).toBe(false);
  });
});

describe('app shell', () => {
  it('shows the sidebar with the brand in two words at 768 px and more', async () => {
    setViewportWidth(1280);
    signIn();
    renderRoutes(routes, '/settings/security');
    const sidebar = await screen.findByTestId('sidebar');
    const brand = within(sidebar).getByRole('link', { name: 'Fã Clube' });
    expect(within(brand).getByText('Fã')).toBeInTheDocument();
    expect(within(brand).getByText('Clube')).toBeInTheDocument();
    const nav = within(sidebar).getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Configurações' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute(
      'href',
      '/profile/mariasilva',
    );
    expect(screen.queryByRole('button', { name: 'Abrir menu' })).not.toBeInTheDocument();
  });

  it('below 768 px shows a top bar whose menu opens the same entries in a left panel', async () => {
    setViewportWidth(375);
    signIn();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('topbar')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const panel = await screen.findByRole('dialog');
    const nav = within(panel).getByRole('navigation', { name: 'Navegação principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Overview',
      'Encontrar criadores',
      'Mensagens',
      'Assinantes',
      'Gorjetas',
      'Mensagem para todos',
      'Finanças',
      'Arquivos',
      'Perfil',
      'Configurações',
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("a fan's phone menu has 'Minhas assinaturas' and none of the creator's places (issue 34)", async () => {
    setViewportWidth(375);
    signIn({ id: 'w1', label: 'Fábio', username: 'fabio', is_owner: true, is_creator: false });
    renderRoutes(routes, '/dashboard');
    // the search is one tap away in the top bar
    expect(await screen.findByRole('link', { name: 'Buscar criadores' })).toHaveAttribute(
      'href',
      '/explore',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const panel = await screen.findByRole('dialog');
    const nav = within(panel).getByRole('navigation', { name: 'Navegação principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Overview',
      'Encontrar criadores',
      'Mensagens',
      'Minhas assinaturas',
      'Perfil',
      'Configurações',
    ]);
  });

  it('switches live when the window is resized', async () => {
    setViewportWidth(1280);
    signIn();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
    act(() => setViewportWidth(600));
    expect(screen.getByTestId('topbar')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    act(() => setViewportWidth(768));
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
  });

  it('hides the navigation when no token is stored', async () => {
    setViewportWidth(1280);
    mockFetch(() => ({ body: {} }));
    renderRoutes(routes, '/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo ao Fã Clube' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Navegação principal' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByTestId('topbar')).not.toBeInTheDocument();
  });

  it('opens the user menu and the workspace list from the keyboard, first item focused', async () => {
    setViewportWidth(1280);
    signIn();
    renderRoutes(routes, '/dashboard');
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: /^Abrir menu do usuário/ });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemradio', { name: /Claro/ })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const reopened = screen.getByRole('button', { name: /^Abrir menu do usuário/ });
    await waitFor(() => expect(reopened).toHaveFocus());
    expect(reopened).toHaveAttribute('aria-expanded', 'false');

    const switcher = screen.getByRole('button', { name: /Trocar espaço de trabalho/ });
    switcher.focus();
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('menu');
    await waitFor(() => expect(within(list).getByRole('menuitemradio')).toHaveFocus());
  });

  it('signs out from the user menu: the server ends the session, the client forgets it', async () => {
    setViewportWidth(1280);
    storeSession({ id: 'w1', label: 'Maria', username: 'mariasilva', is_owner: true });
    const refreshToken = localStorage.getItem(STORAGE_KEYS.refreshToken);
    expect(refreshToken).toBeTruthy();
    const { calls } = mockFetch((call) =>
      call.path === '/api/v1/me'
        ? { body: meFixture() }
        : call.path === '/api/v1/logout'
          ? { body: { message: 'Sessão encerrada.' } }
          : { status: 404, body: { message: 'x', code: 'NOT_FOUND' } },
    );
    const { router } = renderRoutes(routes, '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Abrir menu do usuário/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(router.location.pathname).toBe('/login');
    expect(router.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/logout')).toBe(true));
    const logout = calls.find((c) => c.path === '/api/v1/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.body).toEqual({ refresh_token: refreshToken });
  });
});

describe('route guards', () => {
  it.each(['/', '/subscribers', '/settings/plans?x=1', '/settings/members', '/invitation/abc'])(
    'sends a signed-out visitor of %s to /login with return_to',
    async (path) => {
      mockFetch(() => ({ body: {} }));
      const { router } = renderRoutes(routes, path);
      await waitFor(() => expect(router.location.pathname).toBe('/login'));
      expect(new URLSearchParams(router.location.search).get('return_to')).toBe(path);
    },
  );

  it('leaves /dashboard and /profile/:username open', async () => {
    mockFetch(() => ({
      status: 404,
      body: { message: 'Perfil não encontrado.', code: 'PROFILE_NOT_FOUND' },
    }));
    const { router } = renderRoutes(routes, '/profile/ana');
    expect(
      await screen.findByRole('heading', { name: 'Perfil não encontrado' }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/profile/ana');
  });

  it('/settings opens /settings/workspace', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/settings');
    await waitFor(() => expect(router.location.pathname).toBe('/settings/workspace'));
    expect(await screen.findByRole('heading', { name: 'Perfil', level: 2 })).toBeInTheDocument();
    const sub = screen.getByRole('navigation', { name: 'Seções das configurações' });
    expect(
      within(sub)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Perfil', 'Planos', 'Segurança', 'Membros da Equipe', 'Apps']);
  });

  it('shows a pt-BR not-found page for unknown addresses', async () => {
    mockFetch(() => ({ body: {} }));
    renderRoutes(routes, '/nao-existe');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
  });
});

describe('Pix waiting for the owner (issue 34)', () => {
  function withWaiting(count: number) {
    storeSession({ id: 'w1', label: 'Maria', username: 'mariasilva', is_owner: true });
    return mockFetch((call) => {
      if (call.path === '/api/v1/me') return { body: meFixture() };
      if (call.path === '/api/v1/charges/w1/waiting') return { body: { count } };
      return { status: 404, body: { message: 'x', code: 'NOT_FOUND' } };
    });
  }

  it("counts them on 'Assinantes'", async () => {
    setViewportWidth(1280);
    withWaiting(2);
    renderRoutes(routes, '/settings/security');
    const entry = await screen.findByRole('link', {
      name: /^Assinantes ?\(2 Pix aguardando confirmação\)$/,
    });
    expect(entry).toHaveAttribute('href', '/subscribers');
    expect(within(entry).getByTestId('charges-waiting-badge')).toHaveTextContent('2');
  });

  it("marks the phone's menu button", async () => {
    setViewportWidth(375);
    withWaiting(1);
    renderRoutes(routes, '/settings/security');
    expect(
      await screen.findByRole('button', { name: 'Abrir menu, 1 Pix aguardando confirmação' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('menu-unread-dot')).toBeInTheDocument();
  });

  it('shows nothing when none waits', async () => {
    setViewportWidth(375);
    const { calls } = withWaiting(0);
    renderRoutes(routes, '/settings/security');
    expect(await screen.findByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/v1/charges/w1/waiting')).toBe(true),
    );
    expect(screen.queryByTestId('menu-unread-dot')).not.toBeInTheDocument();
  });
});
