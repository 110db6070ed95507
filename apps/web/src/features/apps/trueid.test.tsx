import { APP_CATALOGUE } from '@fa-clube/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { meFixture, mockFetch } from '@/test/fetch';
import { setViewportWidth } from '@/test/media';
import { renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';

const WS_ID = '11111111-1111-4111-8111-111111111111';
const CUSTOMER = '22222222-2222-4222-8222-222222222222';

const workspace = (isOwner: boolean) => ({
  id: WS_ID,
  label: 'Maria da Silva',
  username: 'mariasilva',
  description: '',
  avatar_url: null,
  cover_url: null,
  is_owner: isOwner,
});

const customer = {
  id: CUSTOMER,
  custom_id: null,
  custom_email: 'bruno@example.com',
  legal_name: 'Bruno Lima',
  legal_id: '52998224725',
  date_of_birth: '1995-03-10',
  country: 'BR',
  status: 'in_review',
  document_type: 'cnh',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const object = (path: string) => ({
  file_path: path,
  url: `/api/v1/storage/object?key=${path}`,
  content_type: 'image/jpeg',
  created_at: '2026-11-20T10:00:00.000Z',
});

function trueidApi({ isOwner = true } = {}) {
  return mockFetch((call) => {
    const { path, method } = call;
    if (path === '/api/v1/me') return { body: meFixture() };
    if (path === '/api/v1/workspaces') return { body: { workspaces: [workspace(isOwner)] } };
    if (path === `/api/v1/apps/${WS_ID}`)
      return {
        body: {
          apps: [
            {
              label: 'trueid',
              ...APP_CATALOGUE.trueid,
              installed: true,
              installed_at: '2026-11-01T10:00:00.000Z',
            },
            {
              label: 'email-marketing',
              ...APP_CATALOGUE['email-marketing'],
              installed: false,
              installed_at: null,
            },
          ],
        },
      };
    if (path === `/api/v1/apps/${WS_ID}/trueid/settings`)
      return method === 'PUT'
        ? { body: call.body }
        : { body: { settings: { require_age_verification: false, retention_days: 90 } } };
    if (path === `/api/v1/apps/trueid/${WS_ID}/customers`)
      return {
        body: {
          customers: call.query.get('status') === 'approved' ? [] : [customer],
          page: 1,
          size: 20,
          total: call.query.get('status') === 'approved' ? 0 : 1,
        },
      };
    const base = `/api/v1/apps/trueid/${WS_ID}/customer/${CUSTOMER}`;
    if (path === `${base}/document/objects`)
      return { body: { objects: [object(`document/${call.query.get('document_side')}/a.jpg`)] } };
    if (path === `${base}/liveness/objects`)
      return { body: { objects: [object('liveness/s.jpg')] } };
    if (path === `${base}/access-log`)
      return { body: { entries: [], page: 1, size: 50, total: 0 } };
    if (path === `${base}/review` && method === 'POST')
      return { body: { ...customer, status: 'approved' } };
    return { status: 404, body: { message: 'Não encontrado.', code: 'NOT_FOUND' } };
  });
}

beforeEach(() => setViewportWidth(1280));

describe('/settings/apps/trueid', { timeout: 20_000 }, () => {
  it('saves the age setting with the contract schema', async () => {
    storeSession(workspace(true));
    const { calls } = trueidApi();
    renderRoutes(routes, '/settings/apps/trueid');
    const age = await screen.findByRole('switch', {
      name: 'Exigir verificação de idade para assinar',
    });
    await userEvent.click(age);
    const days = screen.getByLabelText('Guardar os documentos por (dias)');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        settings: { require_age_verification: true, retention_days: 30 },
      }),
    );
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
  });

  it('refuses 0 days before sending', async () => {
    storeSession(workspace(true));
    const { calls } = trueidApi();
    renderRoutes(routes, '/settings/apps/trueid');
    const days = await screen.findByLabelText('Guardar os documentos por (dias)');
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Guarde os arquivos por pelo menos 1 dia.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the documents side by side and approves', async () => {
    storeSession(workspace(true));
    const { calls } = trueidApi();
    renderRoutes(routes, '/settings/apps/trueid');
    const list = await screen.findByRole('list', { name: 'Clientes da verificação' });
    const row = within(list).getByRole('listitem', { name: 'Bruno Lima' });
    expect(row).toHaveTextContent('529.982.247-25');
    await userEvent.click(within(row).getByRole('button', { name: 'Analisar Bruno Lima' }));
    const dialog = await screen.findByRole('dialog');
    for (const name of ['Frente do documento', 'Verso do documento', 'Selfie'])
      expect(await within(dialog).findByRole('img', { name })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('10/03/1995');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({ decision: 'approve' }),
    );
    expect(
      await screen.findByText('Bruno Lima foi aprovado(a). Avisamos por e-mail.'),
    ).toBeInTheDocument();
  });

  it('asks for a reason before rejecting', async () => {
    storeSession(workspace(true));
    const { calls } = trueidApi();
    renderRoutes(routes, '/settings/apps/trueid');
    await userEvent.click(await screen.findByRole('button', { name: 'Analisar Bruno Lima' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    const confirm = within(dialog).getByRole('button', { name: 'Recusar verificação' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Motivo da recusa'), 'Foto ilegível');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({
        decision: 'reject',
        reason: 'Foto ilegível',
      }),
    );
  });

  it('lets members see but not decide or change settings', async () => {
    storeSession(workspace(false));
    trueidApi({ isOwner: false });
    renderRoutes(routes, '/settings/apps/trueid');
    expect(
      await screen.findByRole('switch', { name: 'Exigir verificação de idade para assinar' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Ver Bruno Lima' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'Selfie' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Registro de acessos')).not.toBeInTheDocument();
  });

  it('shows the empty state of a filter, under the Apps tab', async () => {
    storeSession(workspace(true));
    trueidApi();
    renderRoutes(routes, '/settings/apps/trueid');
    expect(await screen.findByRole('link', { name: 'Apps' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Aprovados' }));
    expect(await screen.findByText('Nenhum cliente nesta situação.')).toBeInTheDocument();
  });
});

describe('/verification/:username', { timeout: 20_000 }, () => {
  const fan = (state: Record<string, unknown>, put?: { status: number; body: unknown }) =>
    mockFetch((call) => {
      if (call.path === '/api/v1/me') return { body: meFixture() };
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [workspace(true)] } };
      if (call.path === '/api/v1/verification/carla' && call.method === 'PUT')
        return put ?? { body: state };
      if (call.path === '/api/v1/verification/carla')
        return {
          body: {
            required: true,
            status: null,
            reason: null,
            legal_name: null,
            files: { document_front: false, document_back: false, liveness: false },
            ...state,
          },
        };
      return { status: 404, body: { message: 'Não encontrado.', code: 'NOT_FOUND' } };
    });

  it('marks the date of birth when the server answers UNDERAGE', async () => {
    storeSession(workspace(true));
    fan(
      {},
      {
        status: 403,
        body: {
          message: 'É preciso ter 18 anos ou mais para assinar este criador.',
          code: 'UNDERAGE',
        },
      },
    );
    renderRoutes(routes, '/verification/carla');
    await userEvent.type(await screen.findByLabelText('Nome completo'), 'Bruno Lima Souza');
    await userEvent.type(screen.getByLabelText('CPF'), '529.982.247-25');
    await userEvent.type(screen.getByLabelText('Data de nascimento'), '2012-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Data de nascimento')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Enviar para análise' })).toBeDisabled();
  });

  it('refuses a wrong CPF digit before sending', async () => {
    storeSession(workspace(true));
    const { calls } = fan({});
    renderRoutes(routes, '/verification/carla');
    await userEvent.type(await screen.findByLabelText('Nome completo'), 'Bruno Lima Souza');
    await userEvent.type(screen.getByLabelText('CPF'), '529.982.247-24');
    await userEvent.type(screen.getByLabelText('Data de nascimento'), '1995-03-10');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(await screen.findByText('CPF inválido: confira os dígitos.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('tells the fan when the documents are in review or approved', async () => {
    storeSession(workspace(true));
    fan({ status: 'in_review' });
    renderRoutes(routes, '/verification/carla');
    expect(await screen.findByText('Documentos em análise')).toBeInTheDocument();
  });

  it('shows the reason of a rejection', async () => {
    storeSession(workspace(true));
    fan({ status: 'rejected', reason: 'Selfie escura' });
    renderRoutes(routes, '/verification/carla');
    expect(await screen.findByRole('alert')).toHaveTextContent('Motivo: Selfie escura.');
  });
});
