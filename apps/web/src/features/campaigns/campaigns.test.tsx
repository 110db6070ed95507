import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { meFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storeSession, storedWorkspaces } from '@/test/session';

const WS = '5d1f8a3c-2b4e-4c6d-8e9f-0a1b2c3d4e5f';
const base = `/api/v1/apps/email-marketing/${WS}`;

function signIn(isOwner = true) {
  storeSession({ id: WS, label: 'Carla Mendes', username: 'carla', is_owner: isOwner });
}

const campaign = (over: Record<string, unknown> = {}) => ({
  id: '0c8b6f0e-1111-4222-8333-444455556666',
  subject: 'Novidades',
  status: 'sent',
  queued: 0,
  sent: 12,
  failed: 1,
  unsubscribed: 2,
  created_at: '2026-11-20T12:00:00.000Z',
  finished_at: '2026-11-20T12:01:00.000Z',
  ...over,
});

const contact = (over: Record<string, unknown> = {}) => ({
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  email: 'ana@exemplo.com',
  name: 'Ana Souza',
  opt_in: { method: 'form', at: '2026-10-02T03:00:00.000Z' },
  unsubscribed: false,
  confirmed_at: '2026-11-01T13:00:00.000Z',
  created_at: '2026-11-01T12:00:00.000Z',
  ...over,
});

function api(options: { installed?: boolean; campaigns?: unknown[]; contacts?: unknown[] } = {}) {
  return mockFetch((call: Call) => {
    if (call.path === `${base}/contacts`) {
      if (call.method === 'PUT') {
        const n = (call.body as { contacts: unknown[] }).contacts.length;
        return { body: { imported: n, updated: 0, total: n, confirmations_sent: n } };
      }
      const contacts = options.contacts ?? [];
      return { body: { contacts, page: 1, size: 20, total: contacts.length } };
    }
    if (call.path.startsWith(`${base}/contacts/`) && call.method === 'DELETE')
      return { body: { message: 'Contato excluído.' } };
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === '/api/v1/me') return { body: meFixture() };
    if (call.path === `${base}/campaigns`) {
      if (options.installed === false)
        return {
          status: 409,
          body: { message: 'Este app não está instalado.', code: 'APP_NOT_INSTALLED' },
        };
      const campaigns = options.campaigns ?? [];
      return { body: { campaigns, page: 1, size: 20, total: campaigns.length } };
    }
    if (call.path === `/api/v1/apps/${WS}/email-marketing/settings`) {
      const settings =
        call.method === 'PUT'
          ? (call.body as { settings: object }).settings
          : { sender_name: null, reply_to: null, rate_per_minute: 60 };
      return { body: { settings } };
    }
    if (call.path === `${base}/send-email`)
      return { status: 202, body: { id: campaign().id, queued: 3 } };
    return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
  });
}

describe('E-mail marketing', () => {
  it('sends the owner to Apps while the app is not installed', async () => {
    signIn();
    api({ installed: false });
    renderRoutes(routes, '/settings/apps/email-marketing');
    expect(await screen.findByText('O app E-mail marketing não está instalado')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para Apps' })).toHaveAttribute(
      'href',
      '/settings/apps',
    );
  });

  it('lists campaigns with their counts; members see no composer', async () => {
    signIn(false);
    api({ campaigns: [campaign()] });
    renderRoutes(routes, '/settings/apps/email-marketing');
    const row = await screen.findByRole('listitem', { name: 'Novidades' });
    expect(within(row).getByText('Enviada')).toBeVisible();
    expect(within(row).getByTestId('count-sent')).toHaveTextContent('Enviados12');
    expect(within(row).getByTestId('count-failed')).toHaveTextContent('Falhas1');
    expect(within(row).getByTestId('count-unsubscribed')).toHaveTextContent('Descadastros2');
    expect(screen.queryByRole('form', { name: 'Nova campanha de e-mail' })).toBeNull();
  });

  it(
    'sends segments and addresses after confirming; refuses a bad address without a request',
    { timeout: 20_000 },
    async () => {
      signIn();
      const { calls } = api();
      renderRoutes(routes, '/settings/apps/email-marketing');
      const form = await screen.findByRole('form', { name: 'Nova campanha de e-mail' });
      await userEvent.type(within(form).getByLabelText('Assunto'), 'Oi');
      await userEvent.click(within(form).getByRole('checkbox', { name: 'Assinantes anuais' }));
      await userEvent.type(
        within(form).getByLabelText('E-mails específicos'),
        'a@example.com, nao-e-email',
      );
      await userEvent.click(within(form).getByRole('button', { name: 'Enviar campanha' }));
      expect(await screen.findByText('E-mail inválido: nao-e-email')).toBeVisible();
      await userEvent.clear(within(form).getByLabelText('E-mails específicos'));
      await userEvent.type(within(form).getByLabelText('E-mails específicos'), 'a@example.com');
      await userEvent.click(within(form).getByRole('button', { name: 'Enviar campanha' }));
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar agora' }));
      expect(await screen.findByText('Campanha na fila: 3 e-mails.')).toBeVisible();
      const sent = calls.filter((c) => c.path === `${base}/send-email`);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toMatchObject({
        subject: 'Oi',
        contacts: ['subscribers', 'subscribers:yearly', 'a@example.com'],
      });
    },
  );

  it('sends a test to the signed-in user only', { timeout: 20_000 }, async () => {
    signIn();
    const { calls } = api();
    renderRoutes(routes, '/settings/apps/email-marketing');
    const form = await screen.findByRole('form', { name: 'Nova campanha de e-mail' });
    await userEvent.type(within(form).getByLabelText('Assunto'), 'Teste');
    const button = within(form).getByRole('button', { name: 'Enviar teste para mim' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Teste enviado para maria@exemplo.com.')).toBeVisible();
    expect(calls.find((c) => c.path === `${base}/send-email`)?.body).toMatchObject({
      contacts: ['maria@exemplo.com'],
    });
  });
});

describe('imported contacts', () => {
  it('lists them with how and when they agreed; members only read', async () => {
    signIn(false);
    api({
      contacts: [
        contact(),
        contact({
          id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
          email: 'bia@exemplo.com',
          name: null,
          unsubscribed: true,
        }),
        contact({
          id: '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
          email: 'caio@exemplo.com',
          name: 'Caio',
          confirmed_at: null,
        }),
      ],
    });
    renderRoutes(routes, '/settings/apps/email-marketing');
    const list = await screen.findByRole('list', { name: 'Contatos importados' });
    const ana = within(list).getByRole('listitem', { name: 'ana@exemplo.com' });
    expect(ana).toHaveTextContent('Ana Souza');
    expect(ana).toHaveTextContent('ana@exemplo.com · Formulário de inscrição em 02/10/2026');
    expect(within(ana).getByText('Confirmado')).toBeVisible();
    const bia = within(list).getByRole('listitem', { name: 'bia@exemplo.com' });
    expect(within(bia).getByText('Descadastrado')).toBeVisible();
    // double opt-in: not reached until the person follows the e-mailed link
    const caio = within(list).getByRole('listitem', { name: 'caio@exemplo.com' });
    expect(within(caio).getByText('Aguardando confirmação')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Importar contatos' })).toBeNull();
    expect(within(list).queryByRole('button', { name: /Excluir/ })).toBeNull();
  });

  it(
    'imports a pasted list only with the consent statement, with how and when',
    { timeout: 20_000 },
    async () => {
      signIn();
      const { calls } = api();
      renderRoutes(routes, '/settings/apps/email-marketing');
      expect(await screen.findByText('Nenhum contato importado')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Importar contatos' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importar contatos' });
      await userEvent.type(
        within(dialog).getByLabelText('Lista de contatos'),
        'email;nome{enter}Ana@Exemplo.com;Ana Souza{enter}bia@exemplo.com{enter}sem-arroba',
      );
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        '2 e-mails válidos · 2 linhas ignoradas',
      );
      await userEvent.selectOptions(
        within(dialog).getByLabelText('Como aceitaram receber seus e-mails'),
        'Presencialmente (evento, loja)',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
      expect(
        await within(dialog).findByText('Confirme o consentimento para importar.'),
      ).toBeVisible();
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /Confirmo que todas/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
      expect(
        await screen.findByText(
          '2 contatos importados. Enviamos 2 pedidos de confirmação por e-mail: cada contato recebe campanhas depois de confirmar.',
        ),
      ).toBeVisible();
      const put = calls.filter((c) => c.method === 'PUT' && c.path === `${base}/contacts`);
      expect(put).toHaveLength(1);
      const body = put[0]!.body as {
        contacts: { email: string; name: string | null; opt_in: { method: string; at: string } }[];
      };
      expect(body.contacts.map(({ email, name }) => ({ email, name }))).toEqual([
        { email: 'ana@exemplo.com', name: 'Ana Souza' },
        { email: 'bia@exemplo.com', name: null },
      ]);
      expect(body.contacts[0]!.opt_in.method).toBe('in_person');
      expect(Date.parse(body.contacts[0]!.opt_in.at)).toBeLessThanOrEqual(Date.now());
    },
  );

  it('deletes a contact after confirming', { timeout: 20_000 }, async () => {
    signIn();
    const { calls } = api({ contacts: [contact()] });
    renderRoutes(routes, '/settings/apps/email-marketing');
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir ana@exemplo.com' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir contato?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Contato excluído.')).toBeVisible();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`${base}/contacts/${contact().id}`);
  });
});

describe('sending settings', () => {
  it(
    'saves the sender name, Reply-To and rate; refuses a rate out of range',
    { timeout: 20_000 },
    async () => {
      signIn();
      const { calls } = api();
      renderRoutes(routes, '/settings/apps/email-marketing');
      await userEvent.click(await screen.findByRole('button', { name: 'Configurações de envio' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('Nome do remetente'), 'Carla');
      await userEvent.type(within(dialog).getByLabelText('Responder para'), 'carla@example.com');
      const rate = within(dialog).getByLabelText('E-mails por minuto');
      await userEvent.clear(rate);
      await userEvent.type(rate, '0');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(
        await within(dialog).findByText('Envie pelo menos 1 e-mail por minuto.'),
      ).toBeVisible();
      await userEvent.clear(rate);
      await userEvent.type(rate, '30');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Configurações de envio salvas.')).toBeVisible();
      const put = calls.filter((c) => c.method === 'PUT');
      expect(put).toHaveLength(1);
      expect(put[0]!.body).toEqual({
        settings: { sender_name: 'Carla', reply_to: 'carla@example.com', rate_per_minute: 30 },
      });
    },
  );
});

describe('/unsubscribe', () => {
  function unsubscribeApi(state: { unsubscribed: boolean; everywhere?: boolean }) {
    return mockFetch((call: Call) => {
      if (call.path !== '/api/v1/unsubscribe') return { status: 404, body: {} };
      if (call.query.get('token') !== 'tok')
        return {
          status: 400,
          body: { message: 'Link de descadastro inválido.', code: 'UNSUBSCRIBE_TOKEN_INVALID' },
        };
      if (call.method === 'POST') {
        state.unsubscribed = true;
        state.everywhere = call.query.get('scope') === 'all';
      }
      return {
        body: {
          workspace: { label: 'Carla Mendes', username: 'carla' },
          email: 'br***@example.com',
          unsubscribed: state.unsubscribed,
          everywhere: state.everywhere ?? false,
        },
      };
    });
  }

  it('asks first, then unsubscribes', async () => {
    const { calls } = unsubscribeApi({ unsubscribed: false });
    renderRoutes(routes, '/unsubscribe?token=tok');
    expect(
      await screen.findByText('Deixar de receber os e-mails de Carla Mendes em br***@example.com?'),
    ).toBeVisible();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    expect(await screen.findByRole('heading', { name: 'Inscrição cancelada' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('unsubscribes from every creator when asked', async () => {
    const { calls } = unsubscribeApi({ unsubscribed: false });
    renderRoutes(routes, '/unsubscribe?token=tok');
    await userEvent.click(
      await screen.findByRole('checkbox', {
        name: 'Também não quero receber e-mails de nenhum outro criador do Fã Clube',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    expect(
      await screen.findByText(
        'Pronto: br***@example.com não receberá mais e-mails de campanhas de nenhum criador do Fã Clube.',
      ),
    ).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.query.get('scope')).toBe('all');
  });

  it('says when the link is not valid', async () => {
    unsubscribeApi({ unsubscribed: false });
    renderRoutes(routes, '/unsubscribe?token=outro');
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeVisible();
  });
});
