import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { STORAGE_KEYS } from '@/lib/session';
import { meFixture, metadataFixture, mockFetch } from '@/test/fetch';
import { storeSession } from '@/test/session';
import { setViewportWidth } from '@/test/media';
import { renderRoutes } from '@/test/render';
import { canConfirmDelete, canInvite, canRemoveMember } from './can';

const WS_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_WS_ID = '33333333-3333-4333-8333-333333333333';
const ME = metadataFixture.id;
const BRUNO = '44444444-4444-4444-8444-444444444444';
const INVITE_ID = '55555555-5555-4555-8555-555555555555';

const workspace = (isOwner: boolean) => ({
  id: WS_ID,
  label: 'Maria da Silva',
  username: 'mariasilva',
  description: '',
  avatar_url: null,
  cover_url: null,
  is_owner: isOwner,
  is_creator: true,
});

const otherWorkspace = {
  id: OTHER_WS_ID,
  label: 'Maria Doces',
  username: 'mariadoces',
  description: '',
  avatar_url: null,
  cover_url: null,
  is_owner: true,
  is_creator: true,
};

interface Options {
  isOwner?: boolean;
  failTeam?: boolean;
  lastOwnWorkspace?: boolean;
  teamDelay?: number;
}

/** An in-memory team API for the current workspace. */
function teamApi({
  isOwner = true,
  failTeam = false,
  lastOwnWorkspace = false,
  teamDelay,
}: Options = {}) {
  let owner = isOwner ? ME : BRUNO;
  let members = [
    { id: ME, full_name: 'Maria da Silva', email: 'maria@exemplo.com', avatar_url: null },
    { id: BRUNO, full_name: 'Bruno Reis', email: 'bruno@exemplo.com', avatar_url: null },
  ];
  let invitations = [
    {
      id: INVITE_ID,
      email: 'carla@exemplo.com',
      expires_at: '2030-05-10T12:00:00.000Z',
      invite_link: `https://faclube.example/invitation/${INVITE_ID}`,
    },
  ];
  let deleted = false;
  const team = () => ({
    members: members.map((m) => ({ ...m, role: m.id === owner ? 'owner' : 'member' })),
    invitations,
    page: 0,
    size: 100,
    total: members.length,
    invitations_total: invitations.length,
  });
  const mock = mockFetch((call) => {
    const { path, method } = call;
    if (path === '/api/v1/me') return { body: meFixture() };
    if (path === '/api/v1/workspaces')
      return {
        body: {
          workspaces: deleted
            ? [otherWorkspace]
            : [{ ...workspace(owner === ME) }, ...(lastOwnWorkspace ? [] : [otherWorkspace])],
        },
      };
    if (path === `/api/v1/teams/${WS_ID}/members`) {
      if (failTeam) return { status: 500, body: { message: 'Ocorreu um erro', code: 'INTERNAL' } };
      return { body: team(), delay: teamDelay };
    }
    if (path === `/api/v1/teams/${OTHER_WS_ID}/members`)
      return {
        body: {
          members: [{ ...members[0], role: 'owner' }],
          invitations: [],
          page: 0,
          size: 100,
          total: 1,
          invitations_total: 0,
        },
      };
    if (path === `/api/v1/workspaces/${WS_ID}/invite` && method === 'POST') {
      const email = (call.body as { email: string }).email;
      if (email === 'bruno@exemplo.com')
        return {
          status: 409,
          body: {
            message: 'Esta pessoa já faz parte da equipe.',
            code: 'ALREADY_MEMBER',
            errors: [{ field: 'email', message: 'Esta pessoa já faz parte da equipe.' }],
          },
        };
      const invitation = {
        id: '66666666-6666-4666-8666-666666666666',
        email,
        expires_at: '2030-05-12T12:00:00.000Z',
        invite_link: 'http://localhost/invitation/66666666-6666-4666-8666-666666666666',
      };
      invitations = [...invitations, invitation];
      return {
        status: 201,
        body: {
          invite_link: `http://localhost/invitation/${invitation.id}`,
          invitation,
          email_sent: true,
        },
      };
    }
    if (path === `/api/v1/workspaces/${WS_ID}/invite/${INVITE_ID}` && method === 'DELETE') {
      invitations = invitations.filter((i) => i.id !== INVITE_ID);
      return { body: { message: 'Convite para a equipe removido.' } };
    }
    if (path === `/api/v1/teams/${WS_ID}/member/${BRUNO}` && method === 'DELETE') {
      members = members.filter((m) => m.id !== BRUNO);
      return { body: { message: 'Bruno Reis foi removido(a) da equipe.' } };
    }
    if (path === `/api/v1/workspaces/${WS_ID}/transfer/ownership` && method === 'POST') {
      owner = BRUNO;
      return {
        body: {
          message: 'A propriedade foi transferida para Bruno Reis.',
          workspace: workspace(false),
        },
      };
    }
    if (path === `/api/v1/workspaces/${WS_ID}` && method === 'DELETE') {
      if (lastOwnWorkspace)
        return {
          status: 409,
          body: {
            message:
              'Você precisa manter pelo menos um espaço de trabalho próprio. Crie outro antes de excluir este.',
            code: 'LAST_OWN_WORKSPACE',
          },
        };
      deleted = true;
      return { body: { message: 'Espaço de trabalho excluído.' } };
    }
    return { status: 404, body: { message: 'Não encontrado.', code: 'NOT_FOUND' } };
  });
  return mock;
}

function signIn(isOwner = true) {
  storeSession(workspace(isOwner));
}

async function openMembers() {
  const utils = renderRoutes(routes, '/settings/members');
  await screen.findByRole('list', { name: 'Membros da equipe' });
  return utils;
}

beforeEach(() => setViewportWidth(1280));

describe('enable rules', () => {
  it('invite: a simple e-mail pattern and the owner', () => {
    expect(canInvite('ana@exemplo.com', true)).toBe(true);
    expect(canInvite(' ana@exemplo.com ', true)).toBe(true);
    expect(canInvite('ana@exemplo', true)).toBe(false);
    expect(canInvite('ana exemplo.com', true)).toBe(false);
    expect(canInvite('ana@exemplo.com', false)).toBe(false);
  });

  it('remove: the owner, never on the owner row or their own', () => {
    const member = { id: BRUNO, full_name: 'B', email: 'b@x.com', avatar_url: null };
    expect(canRemoveMember({ ...member, role: 'member' }, true, ME)).toBe(true);
    expect(canRemoveMember({ ...member, role: 'member' }, false, ME)).toBe(false);
    expect(canRemoveMember({ ...member, role: 'owner' }, true, ME)).toBe(false);
    expect(canRemoveMember({ ...member, id: ME, role: 'member' }, true, ME)).toBe(false);
  });

  it('delete: the username typed exactly', () => {
    expect(canConfirmDelete('mariasilva', 'mariasilva')).toBe(true);
    expect(canConfirmDelete('mariasilv', 'mariasilva')).toBe(false);
    expect(canConfirmDelete('MariaSilva', 'mariasilva')).toBe(false);
  });
});

describe('/settings/members: owner', () => {
  it('shows skeletons while loading, then the team with roles', async () => {
    signIn();
    teamApi({ teamDelay: 150 });
    renderRoutes(routes, '/settings/members');
    expect(await screen.findByTestId('team-loading')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Membros da equipe' });
    const maria = within(list).getByRole('listitem', { name: 'Maria da Silva' });
    expect(within(maria).getByText('maria@exemplo.com')).toBeInTheDocument();
    expect(within(maria).getByText('Proprietário')).toBeInTheDocument();
    expect(within(maria).getByText('M')).toBeInTheDocument(); // first letter, no avatar
    expect(within(maria).getByRole('button', { name: 'Remover Maria da Silva' })).toBeDisabled();
    const bruno = within(list).getByRole('listitem', { name: 'Bruno Reis' });
    expect(within(bruno).getByText('Membro')).toBeInTheDocument();
    expect(within(bruno).getByRole('button', { name: 'Remover Bruno Reis' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Membros da Equipe' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('invites: the button needs a valid e-mail; toast, then the pending list refreshes', async () => {
    signIn();
    const { calls } = teamApi();
    const user = userEvent.setup();
    await openMembers();
    const form = screen.getByRole('form', { name: 'Convidar membro' });
    const email = within(form).getByLabelText('E-mail');
    const button = within(form).getByRole('button', { name: 'Convidar' });
    expect(button).toBeDisabled();
    await user.type(email, 'dani@exemplo');
    expect(button).toBeDisabled();
    await user.type(email, '.com');
    expect(button).toBeEnabled();
    await user.click(button);

    expect(await screen.findByText('Membro convidado com sucesso.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/invite'))?.body).toEqual({
      email: 'dani@exemplo.com',
    });
    expect(email).toHaveValue('');
    expect(screen.getByLabelText('Link do convite')).toHaveValue(
      'http://localhost/invitation/66666666-6666-4666-8666-666666666666',
    );
    await user.click(screen.getByRole('tab', { name: 'Convites Pendentes' }));
    const pending = await screen.findByRole('list', { name: 'Convites pendentes' });
    expect(await within(pending).findByText('dani@exemplo.com')).toBeInTheDocument();
    expect(within(pending).getByText('carla@exemplo.com')).toBeInTheDocument();
    expect(within(pending).getByText('Expira em 10/05/2030')).toBeInTheDocument();
  });

  it("an invite refused by the server: 'Erro' toast with its message, on the field too", async () => {
    signIn();
    teamApi();
    const user = userEvent.setup();
    await openMembers();
    const form = screen.getByRole('form', { name: 'Convidar membro' });
    await user.type(within(form).getByLabelText('E-mail'), 'bruno@exemplo.com');
    await user.click(within(form).getByRole('button', { name: 'Convidar' }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(within(form).getByText('Esta pessoa já faz parte da equipe.')).toBeInTheDocument();
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it("removes a member after confirming, with the server's message", async () => {
    signIn();
    const { calls } = teamApi();
    const user = userEvent.setup();
    await openMembers();
    await user.click(screen.getByRole('button', { name: 'Remover Bruno Reis' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover membro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Bruno Reis foi removido(a) da equipe.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(`/member/${BRUNO}`))).toBe(
      true,
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Bruno Reis' })).not.toBeInTheDocument(),
    );
  });

  it("deletes an invitation: 'Convite para a equipe removido.', then the empty state", async () => {
    signIn();
    teamApi();
    const user = userEvent.setup();
    await openMembers();
    await user.click(screen.getByRole('tab', { name: 'Convites Pendentes' }));
    await user.click(
      await screen.findByRole('button', { name: 'Excluir convite para carla@exemplo.com' }),
    );
    expect(await screen.findByText('Convite para a equipe removido.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum convite encontrado')).toBeInTheDocument();
  });

  it('transfers the ownership to a chosen member after confirming; then read-only', async () => {
    signIn();
    const { calls } = teamApi();
    const user = userEvent.setup();
    await openMembers();
    const zone = screen.getByRole('region', { name: 'Zona de perigo' });
    const transfer = within(zone).getByRole('button', { name: 'Transferir propriedade' });
    expect(transfer).toBeDisabled();
    await user.selectOptions(within(zone).getByLabelText('Novo proprietário'), BRUNO);
    await user.click(transfer);
    const dialog = await screen.findByRole('alertdialog', { name: 'Transferir a propriedade?' });
    expect(dialog).toHaveTextContent('Bruno Reis passará a ser o proprietário de Maria da Silva');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(
      await screen.findByText('A propriedade foi transferida para Bruno Reis.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/transfer/ownership'))?.body).toEqual({
      email: 'bruno@exemplo.com',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!).is_owner).toBe(false);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Zona de perigo' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Remover Bruno Reis' })).toBeDisabled();
  });

  it('deletes the workspace only once its username is typed; switches and opens /dashboard', async () => {
    signIn();
    const { calls } = teamApi();
    const user = userEvent.setup();
    const { router } = await openMembers();
    await user.click(screen.getByRole('button', { name: 'Excluir espaço de trabalho' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Excluir este espaço de trabalho?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Excluir definitivamente' });
    const input = within(dialog).getByLabelText('Nome de usuário do espaço de trabalho');
    expect(confirm).toBeDisabled();
    await user.type(input, 'mariasilv');
    expect(confirm).toBeDisabled();
    await user.type(input, 'a');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('Espaço de trabalho excluído.')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/workspaces/${WS_ID}`),
    ).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!)).toMatchObject({
      id: OTHER_WS_ID,
      username: 'mariadoces',
    });
  });

  it("shows the API's refusal to delete the last own workspace", async () => {
    signIn();
    teamApi({ lastOwnWorkspace: true });
    const user = userEvent.setup();
    const { router } = await openMembers();
    await user.click(screen.getByRole('button', { name: 'Excluir espaço de trabalho' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(
      within(dialog).getByLabelText('Nome de usuário do espaço de trabalho'),
      'mariasilva',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Excluir definitivamente' }));
    const message =
      'Você precisa manter pelo menos um espaço de trabalho próprio. Crie outro antes de excluir este.';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/settings/members');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace)!).id).toBe(WS_ID);
  });

  it("a failed load: 'Falha ao buscar dados do espaço de trabalho.'", async () => {
    signIn();
    teamApi({ failTeam: true });
    renderRoutes(routes, '/settings/members');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Falha ao buscar dados do espaço de trabalho.',
    );
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('/settings/members: member', () => {
  it('sees the team read-only: invite, remove and delete disabled, no danger zone', async () => {
    signIn(false);
    teamApi({ isOwner: false });
    const user = userEvent.setup();
    await openMembers();
    expect(
      screen.getByText(
        'Você faz parte desta equipe como membro. Apenas o proprietário pode convidar e remover membros.',
      ),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Convidar membro' });
    expect(within(form).getByLabelText('E-mail')).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Convidar' })).toBeDisabled();
    for (const name of ['Remover Maria da Silva', 'Remover Bruno Reis'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Zona de perigo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Convites Pendentes' }));
    expect(
      await screen.findByRole('button', { name: 'Excluir convite para carla@exemplo.com' }),
    ).toBeDisabled();
  });
});
