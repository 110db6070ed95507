import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { meFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { storeSession } from '@/test/session';
import { standingOf } from './format';

const DAY = 86_400_000;
const WS = '0b0b0b0b-0000-4000-8000-00000000000a';
const iso = (ms: number) => new Date(ms).toISOString();

/** GET /subscriptions answers a page (page from 0). */
const paged = (body: { subscriptions: unknown[]; [key: string]: unknown }) => ({
  page: 0,
  size: 20,
  total: body.subscriptions.length,
  ...body,
});

function subscriptionsApi(body: { subscriptions: unknown[]; [key: string]: unknown }) {
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/subscriptions') return { body: paged(body) };
    if (call.path === '/api/v1/me') return { body: meFixture() };
    if (call.path === '/api/v1/workspaces') return { body: { workspaces: [] } };
    return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
  });
}

const sub = (username: string, status: string, endMs: number) => ({
  id: crypto.randomUUID(),
  workspace_id: WS,
  username,
  label: username.toUpperCase(),
  avatar_url: null,
  plan_type: 'monthly',
  status,
  current_period_end: iso(endMs),
  renewal: 'manual',
  recurrence_status: null,
});

describe('standingOf', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('reads ativa, vence em N dias in the last week, and expirada', () => {
    expect(standingOf({ status: 'active', current_period_end: iso(now + 20 * DAY) }, now)).toEqual({
      kind: 'active',
    });
    expect(standingOf({ status: 'active', current_period_end: iso(now + 2.5 * DAY) }, now)).toEqual(
      { kind: 'ending', days: 3 },
    );
    expect(standingOf({ status: 'active', current_period_end: iso(now - 1) }, now)).toEqual({
      kind: 'expired',
    });
    expect(standingOf({ status: 'expired', current_period_end: iso(now - DAY) }, now)).toEqual({
      kind: 'expired',
    });
  });
});

describe('/subscriptions (Minhas assinaturas)', () => {
  it('shows each subscription with its standing, the pending Pix and the history', async () => {
    storeSession();
    const now = Date.now();
    subscriptionsApi({
      subscriptions: [
        sub('carla', 'active', now + 40 * DAY),
        sub('duda', 'active', now + 3 * DAY - 60_000),
        sub('enzo', 'expired', now - 5 * DAY),
      ],
      pending_charges: [
        {
          id: crypto.randomUUID(),
          txid: 'TX1',
          status: 'pending',
          expires_at: iso(now + DAY),
          plan_type: 'monthly',
          confirmation: 'manual',
          value: 19.9,
          payment_specs: '000201PIXCODE',
          workspace_id: WS,
          username: 'duda',
          label: 'DUDA',
        },
      ],
      payments: [
        {
          id: crypto.randomUUID(),
          workspace_id: WS,
          username: 'carla',
          label: 'CARLA',
          plan_type: 'monthly',
          value: 29.9,
          currency: 'BRL',
          paid_at: iso(now - DAY),
          period_start: iso(now - DAY),
          period_end: iso(now + 40 * DAY),
        },
      ],
    });
    renderRoutes(routes, '/subscriptions');
    const cards = await screen.findAllByTestId('my-subscription');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Ativa')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/profile/carla');
    expect(within(cards[0]!).getByRole('button', { name: 'Renovar: @carla' })).toBeEnabled();
    expect(within(cards[1]!).getByText('Vence em 3 dias')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Expirada')).toBeInTheDocument();
    expect(
      within(cards[2]!).getByRole('button', { name: 'Assinar novamente: @enzo' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Pix copia e cola para @duda')).toHaveValue('000201PIXCODE');
    const history = screen.getByTestId('payment-history');
    expect(within(history).getByText('@carla')).toBeInTheDocument();
    expect(history.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 29,90');
  });

  it('without subscriptions: the empty state leads to the recommendations', async () => {
    storeSession();
    subscriptionsApi({ subscriptions: [], pending_charges: [], payments: [] });
    renderRoutes(routes, '/subscriptions');
    expect(await screen.findByText('Você ainda não assina nenhum perfil')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver recomendados' })).toHaveAttribute(
      'href',
      '/explore',
    );
  });

  it("'Renovar' opens the Pix dialog through POST /subscriptions/charge { plan }", async () => {
    storeSession();
    const now = Date.now();
    const planId = '0b0b0b0b-0000-4000-8000-0000000000b1';
    const { calls } = mockFetch((call: Call) => {
      if (call.path === '/api/v1/subscriptions')
        return {
          body: paged({
            subscriptions: [sub('carla', 'active', now + 40 * DAY)],
            pending_charges: [],
            payments: [],
          }),
        };
      if (call.path === '/api/v1/plans')
        return {
          body: {
            plans: [{ id: planId, plan_type: 'monthly', value: 19.9, discount: 0, price: 19.9 }],
            is_subscribed: true,
            automatic_available: false,
          },
        };
      if (call.path === '/api/v1/subscriptions/charge')
        return {
          body: {
            value: 19.9,
            payment_specs: '000201RENEW',
            charge: {
              id: '0b0b0b0b-0000-4000-8000-0000000000c1',
              txid: 'TX2',
              status: 'pending',
              expires_at: iso(now + DAY),
              plan_type: 'monthly',
              confirmation: 'manual',
            },
          },
        };
      if (call.path.startsWith('/api/v1/charges/'))
        return {
          body: {
            id: '0b0b0b0b-0000-4000-8000-0000000000c1',
            username: 'eu',
            label: 'Eu',
            kind: 'subscription',
            item_id: null,
            plan_type: 'monthly',
            value: 19.9,
            txid: 'TX2',
            status: 'pending',
            created_at: iso(now),
            expires_at: iso(now + DAY),
            paid_at: null,
            payment_specs: '000201RENEW',
            confirmation: 'manual',
          },
        };
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [] } };
      return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Renovar: @carla' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Pix copia e cola')).toHaveValue('000201RENEW'),
    );
    const charge = calls.find((c) => c.path === '/api/v1/subscriptions/charge');
    expect(charge?.method).toBe('POST');
    expect(charge?.body).toEqual({ plan: planId });
    expect(calls.some((c) => c.path === '/api/v1/subscribe/plan')).toBe(false);
    // still a subscriber: the chat benefit leads to the conversation with the creator
    expect(
      within(dialog).getByRole('link', { name: 'Chat exclusivo com o criador' }),
    ).toHaveAttribute('href', '/messages?to=carla');
  });
});

describe('Minha conta: excluir conta', () => {
  it('an account made through Google asks for no password and sends none', async () => {
    storeSession();
    const { calls } = mockFetch((call: Call) => {
      if (call.path === '/api/v1/me' && call.method === 'DELETE')
        return { body: { message: 'Sua conta foi excluída.' } };
      if (call.path === '/api/v1/me') return { body: meFixture({ has_password: false }) };
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [] } };
      return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
    });
    const { router } = renderRoutes(routes, '/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Sua conta entra pelo Google e não tem senha/)).toBeVisible();
    expect(within(dialog).queryByLabelText('Senha')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir conta' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    const sent = calls.find((c) => c.path === '/api/v1/me' && c.method === 'DELETE');
    expect(sent?.body).toEqual({});
  });
});

describe("/subscriptions: 'Renovação automática' (Pix Automático)", () => {
  it('shows it active and cancels it after a confirmation; the subscription stays to its end', async () => {
    storeSession();
    const now = Date.now();
    const automatic = {
      ...sub('carla', 'active', now + 20 * DAY),
      renewal: 'automatic',
      recurrence_status: 'APROVADA',
    };
    const calls: Call[] = [];
    mockFetch((call: Call) => {
      calls.push(call);
      if (call.path === `/api/v1/subscriptions/${automatic.id}/recurrence`) {
        automatic.renewal = 'manual';
        automatic.recurrence_status = 'CANCELADA';
        return {
          body: {
            id: automatic.id,
            renewal: 'manual',
            recurrence_status: 'CANCELADA',
            current_period_end: automatic.current_period_end,
          },
        };
      }
      if (call.path === '/api/v1/subscriptions')
        return {
          body: paged({
            subscriptions: [{ ...automatic }, sub('duda', 'active', now + 20 * DAY)],
            pending_charges: [],
            payments: [],
          }),
        };
      if (call.path === '/api/v1/me') return { body: meFixture() };
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [] } };
      return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
    });
    renderRoutes(routes, '/subscriptions');
    const [carla, duda] = await screen.findAllByTestId('my-subscription');
    const end = new Date(automatic.current_period_end).toLocaleDateString('pt-BR');
    expect(within(carla!).getByTestId('renewal')).toHaveTextContent('Renovação automática ativa');
    expect(within(carla!).getByTestId('renewal')).toHaveTextContent(`Próximo débito em ${end}`);
    // nothing to renew by hand while the bank debits it
    expect(within(carla!).queryByRole('button', { name: /^Renovar/ })).not.toBeInTheDocument();
    expect(within(duda!).queryByTestId('renewal')).not.toBeInTheDocument();
    expect(within(duda!).getByRole('button', { name: 'Renovar: @duda' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(
      within(carla!).getByRole('button', { name: 'Cancelar renovação automática: @carla' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Cancelar a renovação automática?',
    });
    expect(dialog).toHaveTextContent(`A assinatura continua ativa até ${end}`);
    await user.click(within(dialog).getByRole('button', { name: 'Manter' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(
      within(carla!).getByRole('button', { name: 'Cancelar renovação automática: @carla' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancelar renovação',
      }),
    );
    expect(
      await screen.findByText(
        `Renovação automática cancelada. A assinatura continua ativa até ${end}.`,
      ),
    ).toBeInTheDocument();
    const [after] = await screen.findAllByTestId('my-subscription');
    await waitFor(() =>
      expect(within(after!).getByTestId('renewal')).toHaveTextContent(
        'Renovação automática cancelada',
      ),
    );
    expect(within(after!).getByText('Ativa')).toBeInTheDocument();
    expect(within(after!).getByRole('button', { name: 'Renovar: @carla' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/v1/subscriptions/${automatic.id}/recurrence`,
    ]);
  });

  it("says where an authorization stands when it is not active (the PSP's status in pt-BR)", async () => {
    storeSession();
    const now = Date.now();
    subscriptionsApi({
      subscriptions: [
        { ...sub('ana', 'active', now + 20 * DAY), recurrence_status: 'CRIADA' },
        { ...sub('bia', 'active', now + 20 * DAY), recurrence_status: 'REJEITADA' },
        { ...sub('caio', 'active', now + 20 * DAY), recurrence_status: 'EXPIRADA' },
      ],
      pending_charges: [],
      payments: [],
    });
    renderRoutes(routes, '/subscriptions');
    const cards = await screen.findAllByTestId('my-subscription');
    expect(within(cards[0]!).getByTestId('renewal')).toHaveTextContent(
      'Renovação automática aguardando a autorização no banco',
    );
    expect(within(cards[1]!).getByTestId('renewal')).toHaveTextContent(
      'Renovação automática recusada no banco',
    );
    expect(within(cards[2]!).getByTestId('renewal')).toHaveTextContent(
      'A autorização da renovação automática expirou',
    );
    expect(screen.queryByRole('button', { name: /Cancelar renovação/ })).not.toBeInTheDocument();
  });
});

describe('Minha conta: baixar meus dados', () => {
  it('asks for the password when the sign-in is older than 10 minutes, then downloads', async () => {
    storeSession();
    URL.createObjectURL ??= () => 'blob:dados';
    URL.revokeObjectURL ??= () => undefined;
    const { calls } = mockFetch((call: Call) => {
      if (call.path === '/api/v1/me/export' && call.method === 'GET')
        return {
          status: 403,
          body: {
            message: 'Confirme sua senha para baixar os seus dados.',
            code: 'REAUTHENTICATION_REQUIRED',
          },
        };
      if (call.path === '/api/v1/me/export') return { body: { profile: { id: 'u' } } };
      if (call.path === '/api/v1/me') return { body: meFixture() };
      if (call.path === '/api/v1/workspaces') return { body: { workspaces: [] } };
      return { status: 404, body: { message: 'não', code: 'NOT_FOUND' } };
    });
    renderRoutes(routes, '/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Baixar meus dados' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/digite a sua senha para baixá-lo/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Senha'), 'minha-senha-1');
    await user.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    expect(
      (await screen.findAllByText('Seus dados foram baixados. Avisamos o seu e-mail.')).length,
    ).toBeGreaterThan(0);
    const sent = calls.filter((c) => c.path === '/api/v1/me/export');
    expect(sent.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(sent[1]!.body).toEqual({ password: 'minha-senha-1' });
  });
});
