import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { newSocialLoginState, takeSocialLoginState } from '../api/social-state';
import { STORAGE_KEYS } from '@/lib/session';
import { fakeJwt, metadataFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

const workspace = {
  id: '7d3f0a52-6a53-4c1e-9a52-2f0c5d8b1c11',
  label: 'Maria da Silva',
  username: 'mariasilva',
  description: '',
  avatar_url: null,
  cover_url: null,
  is_owner: true,
};

function tokens() {
  return {
    access_token: fakeJwt(900),
    refresh_token: 'refresh-1',
    expires_in: 900,
    metadata: metadataFixture,
  };
}

/** The accounts API as far as the login screen talks to it. */
function api(onToken: (call: Call) => { status?: number; body?: unknown }) {
  return mockFetch((call) => {
    if (call.path === '/api/v1/token') return onToken(call);
    if (call.path === '/api/v1/workspaces') return { body: { workspaces: [workspace] } };
    if (call.path === '/api/v1/me') return { body: {} };
    return { status: 404, body: { message: 'Rota não encontrada.', code: 'NOT_FOUND' } };
  });
}

async function fillCredentials(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Senha'), password);
  return user;
}

describe('login screen', () => {
  it('enables Entrar only for a valid e-mail and a password of 5+ characters', async () => {
    renderRoutes(routes, '/login');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Entrar' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo');
    await user.type(screen.getByLabelText('Senha'), '12345');
    expect(button).toBeDisabled(); // no dot after @

    await user.type(screen.getByLabelText('E-mail'), '.com');
    expect(button).toBeEnabled();

    await user.type(screen.getByLabelText('Senha'), '{backspace}');
    expect(button).toBeDisabled(); // 4 characters
  });

  it('prefills the e-mail from ?email= and links to reset and sign-up', async () => {
    renderRoutes(routes, '/login?email=ana%40exemplo.com');
    expect(await screen.findByLabelText('E-mail')).toHaveValue('ana@exemplo.com');
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Crie gratuitamente' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('signs in: clears storage, stores the session, loads the workspace and goes to return_to', async () => {
    localStorage.setItem('stale', 'x');
    const { calls } = api(() => ({ body: tokens() }));
    const { router } = renderRoutes(routes, '/login?return_to=%2Fsettings%2Fplans');
    const user = await fillCredentials('maria@exemplo.com', 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.location.pathname).toBe('/settings/plans'));
    expect(calls[0]!.body).toEqual({ email: 'maria@exemplo.com', password: 'senha-segura' });
    expect(localStorage.getItem('stale')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toMatch(/^ey/);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.metadata)!)).toEqual(metadataFixture);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!)).toMatchObject({
      id: workspace.id,
      username: 'mariasilva',
    });
  });

  it.each([
    '//evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/%2e%2e//evil.com',
    '\\\\evil.com',
    '/\\evil.com',
    'https://evil.com',
    'javascript:alert(1)',
  ])('goes to /dashboard when return_to is %j (off-site)', async (returnTo) => {
    api(() => ({ body: tokens() }));
    const { router } = renderRoutes(routes, `/login?return_to=${encodeURIComponent(returnTo)}`);
    const user = await fillCredentials('maria@exemplo.com', 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
  });

  it('shows an Erro toast with the server message and marks the fields red', async () => {
    api(() => ({
      status: 401,
      body: { message: 'E-mail ou senha incorretos.', code: 'INVALID_CREDENTIALS' },
    }));
    renderRoutes(routes, '/login');
    const user = await fillCredentials('maria@exemplo.com', 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect((await screen.findAllByText('E-mail ou senha incorretos.')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Erro').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('switches to the 2FA step, marks a wrong code red, and signs in with the right one', async () => {
    const { calls } = api((call) => {
      const code = (call.body as { two_factor_code?: string }).two_factor_code;
      if (!code)
        return {
          status: 401,
          body: { message: '2FA Required: informe o código.', code: 'TWO_FACTOR_REQUIRED' },
        };
      if (code !== '654321')
        return {
          status: 401,
          body: { message: 'Código inválido.', code: 'INVALID_TWO_FACTOR_CODE' },
        };
      return { body: tokens() };
    });
    const { router } = renderRoutes(routes, '/login');
    const user = await fillCredentials('maria@exemplo.com', 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(
      await screen.findByRole('heading', { name: 'Autenticação 2FA necessária' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Erro')).not.toBeInTheDocument(); // no toast for 2FA Required

    const code = screen.getByRole('textbox', { name: 'Código de verificação' });
    await user.type(code, '123456'); // auto-submits at 6 digits
    expect(await screen.findByText('Código inválido.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    const boxes = document.querySelectorAll('[data-slot="otp-slot"]');
    expect(boxes).toHaveLength(6);
    boxes.forEach((box) => expect(box).toHaveAttribute('data-invalid', 'true'));
    expect(calls.filter((c) => c.path === '/api/v1/token')).toHaveLength(2);

    await user.clear(code);
    expect(code).not.toHaveAttribute('aria-invalid');
    await user.type(code, '654321');
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    const last = calls.filter((c) => c.path === '/api/v1/token').at(-1)!;
    expect(last.body).toEqual({
      email: 'maria@exemplo.com',
      password: 'senha-segura',
      two_factor_code: '654321',
    });
  });

  it('signs in with a recovery code in place of the app code', async () => {
    const { calls } = api((call) => {
      const code = (call.body as { two_factor_code?: string }).two_factor_code;
      if (!code)
        return {
          status: 401,
          body: { message: '2FA Required: informe o código.', code: 'TWO_FACTOR_REQUIRED' },
        };
      if (code !== 'k7m2p-x6q4r')
        return {
          status: 401,
          body: { message: 'Código inválido ou já utilizado.', code: 'INVALID_TWO_FACTOR_CODE' },
        };
      return { body: tokens() };
    });
    const { router } = renderRoutes(routes, '/login');
    const user = await fillCredentials('maria@exemplo.com', 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await user.click(await screen.findByRole('button', { name: 'Usar um código de recuperação' }));
    expect(
      await screen.findByRole('heading', { name: 'Código de recuperação' }),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('Código de recuperação');
    const submit = screen.getByRole('button', { name: 'Entrar' });
    expect(submit).toBeDisabled();
    await user.type(field, 'aaaaa-aaaaa');
    await user.click(submit);
    expect(await screen.findByText('Código inválido ou já utilizado.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'k7m2p-x6q4r');
    await user.click(submit);
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(calls.filter((c) => c.path === '/api/v1/token').at(-1)!.body).toEqual({
      email: 'maria@exemplo.com',
      password: 'senha-segura',
      two_factor_code: 'k7m2p-x6q4r',
    });
  }, 20_000);

  it('shows an Erro toast instead of leaving when Google is not configured', async () => {
    mockFetch((call) =>
      call.path === '/api/v1/auth/providers' ? { body: { google: false } } : { status: 404 },
    );
    renderRoutes(routes, '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Entrar com o Google' }));
    expect(
      (await screen.findAllByText('O login com o Google não está disponível no momento.')).length,
    ).toBeGreaterThan(0);
  });

  it('completes a Google sign-in return from the query and continues to return_to', async () => {
    mockFetch((call) =>
      call.path === '/api/v1/workspaces'
        ? { status: 404, body: { message: 'Rota não encontrada.', code: 'NOT_FOUND' } }
        : { body: {} },
    );
    const access = fakeJwt(900);
    const metadata = btoa(JSON.stringify(metadataFixture));
    const state = newSocialLoginState();
    const { router, queryClient } = renderRoutes(
      routes,
      `/login?access_token=${access}&refresh_token=r-9&metadata=${encodeURIComponent(metadata)}&state=${state}&return_to=%2Fsubscribers`,
    );
    await waitFor(() => expect(router.location.pathname).toBe('/subscribers'));
    // the signed-in page loads its data; none of it may reach the next test's fetch (a query
    // awaiting a lazy module calls whatever fetch is installed when it resumes)
    await screen.findByRole('heading', { name: 'Assinantes' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // the one-time state is spent
    expect(takeSocialLoginState()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(access);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r-9');
    // the workspace list is not there: the workspace comes from the metadata
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!)).toMatchObject({
      username: 'mariasilva',
      label: 'Maria da Silva',
    });
  });

  it.each([
    ['no Google sign-in was started in this tab', null, 'qualquer-estado-123456'],
    [
      'the state is not the one this tab stored',
      'estado-deste-navegador-1',
      'estado-do-atacante-123',
    ],
    ['the state is missing', 'estado-deste-navegador-1', null],
  ])('ignores a session in the address when %s', async (_case, stored, sent) => {
    const { calls } = mockFetch(() => ({ body: {} }));
    if (stored) sessionStorage.setItem('fa-clube:google-login-state', stored);
    const metadata = btoa(JSON.stringify(metadataFixture));
    const { router } = renderRoutes(
      routes,
      `/login?access_token=${fakeJwt(900)}&refresh_token=r-atacante&metadata=${encodeURIComponent(metadata)}${sent ? `&state=${sent}` : ''}`,
    );
    expect(
      (
        await screen.findAllByText(
          'Este login com o Google não foi iniciado neste navegador. Entre novamente para continuar.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/login');
    expect(router.location.search).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(calls).toHaveLength(0);
    // a stored state is spent by the attempt
    expect(sessionStorage.getItem('fa-clube:google-login-state')).toBeNull();
  });

  it('shows a toast for ?error= from the Google return', async () => {
    mockFetch(() => ({ body: {} }));
    renderRoutes(routes, '/login?error=google_denied');
    expect(
      (await screen.findAllByText('O login com o Google foi cancelado.')).length,
    ).toBeGreaterThan(0);
  });
});
