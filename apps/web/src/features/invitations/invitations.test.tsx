import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationInfo } from '@fa-clube/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { STORAGE_KEYS } from '@/lib/session';
import { meFixture, mockFetch } from '@/test/fetch';
import { storeSession } from '@/test/session';
import { setViewportWidth } from '@/test/media';
import { renderRoutes } from '@/test/render';
import { invitationView } from './hooks/use-invitation';

const INVITE_ID = '55555555-5555-4555-8555-555555555555';
const OWN_WS = {
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Maria da Silva',
  username: 'mariasilva',
  description: '',
  avatar_url: null,
  cover_url: null,
  is_owner: true,
  is_creator: true,
};
const TEAM_WS = {
  id: '77777777-7777-4777-8777-777777777777',
  label: 'Estúdio Ana',
  username: 'estudioana',
  description: 'Fotografia',
  avatar_url: null,
  cover_url: null,
  is_owner: false,
  is_creator: true,
};

const info = (overrides: Partial<InvitationInfo> = {}): InvitationInfo => ({
  id: INVITE_ID,
  state: 'pending',
  for_you: true,
  is_member: false,
  expires_at: '2030-05-10T12:00:00.000Z',
  workspace: { label: 'Estúdio Ana', username: 'estudioana', avatar_url: null },
  ...overrides,
});

function signIn() {
  storeSession(OWN_WS);
}

/** The invitation endpoints; `accept` answers the POST. */
function invitationApi(
  current: { status?: number; body: unknown },
  accept: { status?: number; body: unknown } = { body: TEAM_WS },
) {
  let joined = false;
  return mockFetch((call) => {
    if (call.path === '/api/v1/me') return { body: meFixture() };
    if (call.path === '/api/v1/workspaces')
      return { body: { workspaces: joined ? [OWN_WS, TEAM_WS] : [OWN_WS] } };
    if (call.path === `/api/v1/teams/invitation/${INVITE_ID}`) return current;
    if (call.path === `/api/v1/teams/accept/invitation/${INVITE_ID}` && call.method === 'POST') {
      if (!accept.status || accept.status < 300) joined = true;
      return accept;
    }
    return { status: 404, body: { message: 'Não encontrado.', code: 'NOT_FOUND' } };
  });
}

const PATH = `/invitation/${INVITE_ID}`;

beforeEach(() => setViewportWidth(1280));

describe('invitation states', () => {
  it('maps the answer to what the page shows', () => {
    expect(invitationView(info(), null, false).kind).toBe('pending');
    expect(invitationView(info({ state: 'expired' }), null, false).kind).toBe('expired');
    expect(invitationView(info({ state: 'accepted' }), null, false).kind).toBe('used');
    expect(invitationView(info({ state: 'accepted', is_member: true }), null, false).kind).toBe(
      'member',
    );
    expect(invitationView(info({ for_you: false }), null, false).kind).toBe('not-for-you');
    expect(invitationView(undefined, null, true).kind).toBe('loading');
  });

  it('sends a signed-out visitor to /login with return_to back here', async () => {
    mockFetch(() => ({ body: {} }));
    const { router } = renderRoutes(routes, PATH);
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.location.search).get('return_to')).toBe(PATH);
  });

  it('accepts: the joined workspace becomes current and /dashboard opens with a toast', async () => {
    signIn();
    const { calls } = invitationApi({ body: info() });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, PATH);
    expect(
      await screen.findByRole('heading', {
        name: 'Você foi convidado para a equipe de Estúdio Ana',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('@estudioana')).toBeInTheDocument();
    expect(screen.getByText('O convite vale até 10 de maio de 2030.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceitar convite' }));

    expect(
      await screen.findByText('Convite aceito. Agora você faz parte da equipe de Estúdio Ana.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(calls.some((c) => c.method === 'POST' && c.path.includes('/accept/invitation/'))).toBe(
      true,
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!)).toMatchObject({
      id: TEAM_WS.id,
      username: 'estudioana',
      is_owner: false,
    });
  });

  it("a refused accept shows the server's message in an 'Erro' toast and reloads the state", async () => {
    signIn();
    let answer: { status?: number; body: unknown } = { body: info() };
    mockFetch((call) => {
      if (call.path === `/api/v1/teams/invitation/${INVITE_ID}`) return answer;
      if (call.path.startsWith('/api/v1/teams/accept/')) {
        answer = { body: info({ state: 'expired' }) };
        return {
          status: 409,
          body: {
            message:
              'Este convite expirou. Peça ao proprietário do espaço de trabalho um novo convite.',
            code: 'INVITATION_EXPIRED',
          },
        };
      }
      return { status: 404, body: { message: 'x', code: 'NOT_FOUND' } };
    });
    const user = userEvent.setup();
    renderRoutes(routes, PATH);
    await user.click(await screen.findByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Este convite expirou. Peça ao proprietário do espaço de trabalho um novo convite.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Este convite expirou' }),
    ).toBeInTheDocument();
  });

  it('expired', async () => {
    signIn();
    invitationApi({ body: info({ state: 'expired' }) });
    renderRoutes(routes, PATH);
    expect(
      await screen.findByRole('heading', { name: 'Este convite expirou' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Peça ao proprietário do espaço de trabalho um novo convite.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).not.toBeInTheDocument();
  });

  it('already used', async () => {
    signIn();
    invitationApi({ body: info({ state: 'accepted' }) });
    renderRoutes(routes, PATH);
    expect(
      await screen.findByRole('heading', { name: 'Este convite já foi usado' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).not.toBeInTheDocument();
  });

  it('not for you: offers to sign out and sign in with the invited account', async () => {
    signIn();
    invitationApi({ body: info({ for_you: false }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, PATH);
    expect(
      await screen.findByRole('heading', { name: 'Este convite é para outro e-mail' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Você entrou como maria@exemplo.com. Para aceitar, saia e entre com a conta do e-mail que recebeu o convite.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sair e entrar com outra conta' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.location.search).get('return_to')).toBe(PATH);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
  });

  it('not found', async () => {
    signIn();
    invitationApi({
      status: 404,
      body: { message: 'Convite não encontrado.', code: 'INVITATION_NOT_FOUND' },
    });
    renderRoutes(routes, PATH);
    expect(
      await screen.findByRole('heading', { name: 'Convite não encontrado' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('already a member: opens that workspace', async () => {
    signIn();
    mockFetch((call) => {
      if (call.path === `/api/v1/teams/invitation/${INVITE_ID}`)
        return { body: info({ state: 'accepted', is_member: true }) };
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [OWN_WS, TEAM_WS] } };
      return { status: 404, body: { message: 'x', code: 'NOT_FOUND' } };
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, PATH);
    expect(
      await screen.findByRole('heading', { name: 'Você já faz parte desta equipe' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir espaço de trabalho' }));
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!).id).toBe(TEAM_WS.id);
  });
});
