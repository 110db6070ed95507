import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { routes } from '@/app/routes';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { storeSession, storedWorkspaces } from '@/test/session';
import { renderRoutes } from '@/test/render';

const WS = '0c0c0c0c-0000-4000-8000-000000000001';
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function signIn(isOwner = true) {
  storeSession({ id: WS, label: 'Maria da Silva', username: 'mariasilva', is_owner: isOwner });
}

const uuid = (n: number) => `0f0f0f0f-0000-4000-8000-${String(n).padStart(12, '0')}`;

function subscriber(n: number, planType = 'monthly', extra: Record<string, unknown> = {}) {
  return {
    id: uuid(n),
    label: `Fã ${n}`,
    username: `fa_${n}`,
    avatar_url: null,
    description: `Descrição do fã ${n}`,
    plan_type: planType,
    current_period_end: '2026-06-01T12:00:00.000Z',
    renewal: 'manual',
    ...extra,
  };
}

interface State {
  subscribers: ReturnType<typeof subscriber>[];
  charges: Record<string, unknown>[];
  subscribersStatus?: number;
  delay?: number;
  reviews?: Record<string, unknown>[];
  reviewsStatus?: number;
  /** The workspace has its own PSP connected (then 'Pix sem cobrança' shows, even empty). */
  connected?: boolean;
  notifications?: Record<string, unknown>[];
  /** POST …/refund answers this refund status (or this error). */
  refund?: { status: string } | { error: { status: number; code: string; message: string } };
}

/** Subscribers, pending charges and confirmation for the workspace WS. */
function subscribersApi(state: State) {
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === `/api/v1/subscribers/${WS}`) {
      if (state.subscribersStatus)
        return { status: state.subscribersStatus, body: { message: 'Falhou', code: 'X' } };
      const page = Number(call.query.get('page'));
      const size = Number(call.query.get('size'));
      return {
        delay: state.delay,
        body: {
          subscribers: state.subscribers.slice(page * size, page * size + size),
          page,
          size,
          total: state.subscribers.length,
        },
      };
    }
    if (call.path === `/api/v1/charges/${WS}`) {
      const sales = call.query.get('kind') === 'sale';
      const listed = state.charges.filter(
        (c) =>
          c.status === call.query.get('status') &&
          (!sales || (c.kind !== undefined && c.kind !== 'subscription')),
      );
      return { body: { charges: listed, page: 0, size: 20, total: listed.length } };
    }
    if (call.path === `/api/v1/workspaces/${WS}/pix/connection`)
      return state.connected
        ? { body: {} }
        : {
            status: 404,
            body: { message: 'Sem conta.', code: 'PIX_CONNECTION_NOT_FOUND' },
          };
    if (call.path === `/api/v1/workspaces/${WS}/pix/notifications`) {
      const list = state.notifications ?? [];
      return { body: { notifications: list, page: 0, size: 20, total: list.length } };
    }
    const refund = /^\/api\/v1\/charges\/[^/]+\/([^/]+)\/refund$/.exec(call.path);
    if (refund && call.method === 'POST') {
      const answer = state.refund ?? { status: 'DEVOLVIDO' };
      if ('error' in answer)
        return {
          status: answer.error.status,
          body: { message: answer.error.message, code: answer.error.code },
        };
      const sold = state.charges
        .map((c) => c.payment as Record<string, unknown> | undefined)
        .find((p) => p?.end_to_end_id === refund[1]);
      const paid = sold
        ? { ...sold, id: sold.end_to_end_id, amount: 9.9 }
        : [...(state.reviews ?? []), ...(state.notifications ?? [])].find(
            (r) => r.id === refund[1],
          )!;
      if (sold)
        sold.refund = {
          id: 'D9',
          end_to_end_id: sold.end_to_end_id,
          amount: 9.9,
          currency: 'BRL',
          status: answer.status,
          created_at: '2026-05-02T10:00:00.000Z',
        };
      const made = {
        id: 'D0123456789abcdef0123456789abcd',
        end_to_end_id: paid.id,
        amount: paid.amount,
        currency: 'BRL',
        status: answer.status,
        created_at: '2026-05-02T10:00:00.000Z',
      };
      paid.refund = made;
      return { body: made };
    }
    if (call.path === `/api/v1/charges/${WS}/reviews`) {
      if (state.reviewsStatus)
        return { status: state.reviewsStatus, body: { message: 'Falhou', code: 'X' } };
      const open = (state.reviews ?? []).filter((r) => r.status === 'open');
      return { body: { reviews: open, page: 0, size: 20, total: open.length } };
    }
    const resolve = /^\/api\/v1\/charges\/[^/]+\/reviews\/([^/]+)\/resolve$/.exec(call.path);
    if (resolve && call.method === 'POST') {
      const review = (state.reviews ?? []).find((r) => r.id === resolve[1]);
      if (!review || review.status !== 'open')
        return {
          status: 409,
          body: { message: 'Já resolvido.', code: 'PAYMENT_REVIEW_RESOLVED' },
        };
      review.status = 'resolved';
      review.resolved_at = '2026-05-02T10:00:00.000Z';
      return { body: review };
    }
    const confirm = /^\/api\/v1\/charges\/[^/]+\/([^/]+)\/confirm$/.exec(call.path);
    if (confirm && call.method === 'POST') {
      const charge = state.charges.find((c) => c.id === confirm[1])!;
      charge.status = 'paid';
      state.subscribers.push(
        subscriber(99, charge.plan_type as string, {
          label: charge.label,
          username: charge.username,
        }),
      );
      return {
        body: {
          charge: {
            ...charge,
            expires_at: '2026-05-02T12:00:00.000Z',
            paid_at: '2026-05-01T13:00:00.000Z',
            payment_specs: 'x',
            confirmation: 'manual',
          },
          subscription: {
            id: uuid(500),
            plan_type: charge.plan_type,
            status: 'active',
            current_period_end: '2026-08-01T12:00:00.000Z',
          },
        },
      };
    }
    return { body: {} };
  });
}

const pendingCharge = {
  id: uuid(200),
  username: 'joao',
  label: 'João Pereira',
  kind: 'subscription',
  item_id: null,
  plan_type: 'quarterly',
  value: 25.42,
  txid: 'FC0123456789abcdefABCDEF1',
  status: 'pending',
  created_at: '2026-05-01T12:00:00.000Z',
};

const review = {
  id: 'E12345678202605011200abcdefghijk',
  txid: 'FC0123456789abcdefABCDEF1',
  amount: 2.99,
  currency: 'BRL',
  reason: 'amount_mismatch',
  charge_id: uuid(200),
  charge_value: 25.42,
  plan_type: 'quarterly',
  kind: 'subscription',
  username: 'joao',
  label: 'João Pereira',
  paid_at: '2026-05-01T15:04:00.000Z',
  received_at: '2026-05-01T15:04:05.000Z',
  status: 'open',
  resolved_at: null,
  refundable: false,
  refund: null,
};

describe("/subscribers: 'Pagamento a revisar'", () => {
  it('shows money that activated nothing with amount, payer and date, and marks it resolved', async () => {
    signIn();
    const state: State = { subscribers: [], charges: [], reviews: [{ ...review }] };
    const { calls } = subscribersApi(state);
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const section = await screen.findByRole('region', { name: /Pagamento a revisar/ });
    const row = within(section).getByTestId('payment-review');
    expect(within(row).getByText('João Pereira')).toBeInTheDocument();
    expect(within(row).getByText('@joao')).toBeInTheDocument();
    expect(nbsp(row.textContent)).toContain('R$ 2,99');
    expect(nbsp(row.textContent)).toContain('Cobrança de R$ 25,42');
    expect(within(row).getByText('Valor diferente da cobrança')).toBeInTheDocument();
    expect(within(row).getByText(/01\/05\/26/)).toBeInTheDocument();
    expect(screen.getByText('Nenhum pagamento pendente')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Marcar como resolvido' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(nbsp(dialog.textContent)).toMatch(/Pix de R\$ 2,99 de João Pereira/);
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como resolvido' }));
    expect(await screen.findByText('Pagamento marcado como resolvido.')).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post.map((c) => c.path)).toEqual([`/api/v1/charges/${WS}/reviews/${review.id}/resolve`]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Pagamento a revisar/ })).not.toBeInTheDocument(),
    );
  });

  it('is not asked for by a member', async () => {
    signIn(false);
    const member = subscribersApi({ subscribers: [], charges: [], reviews: [{ ...review }] });
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    await screen.findByText('Nenhum pagamento pendente');
    expect(member.calls.some((c) => c.path.endsWith('/reviews'))).toBe(false);
    expect(screen.queryByText('Pagamento a revisar')).not.toBeInTheDocument();
  });

  it('a failed load of the reviews shows an error with a retry', async () => {
    signIn();
    const state: State = { subscribers: [], charges: [], reviews: [], reviewsStatus: 500 };
    subscribersApi(state);
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    expect(
      await screen.findByText('Falha ao carregar os pagamentos a revisar.'),
    ).toBeInTheDocument();
    state.reviewsStatus = undefined;
    state.reviews = [{ ...review }];
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('payment-review')).toBeInTheDocument();
  });
});

describe('/subscribers', () => {
  it('shows a spinner while loading, then the empty text', async () => {
    signIn();
    subscribersApi({ subscribers: [], charges: [], delay: 50 });
    renderRoutes(routes, '/subscribers');
    expect(
      await screen.findByRole('heading', { name: 'Assinantes', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('status', { name: 'Carregando…' }).length).toBeGreaterThan(0);
    expect(
      await screen.findByText('No momento, você não tem nenhum assinante.'),
    ).toBeInTheDocument();
  });

  it('lists subscribers with avatar letter, plan badge, @username and description; a row opens the profile', async () => {
    signIn();
    const { calls } = subscribersApi({
      subscribers: [subscriber(1, 'monthly'), subscriber(2, 'quarterly'), subscriber(3, 'yearly')],
      charges: [],
    });
    const { router } = renderRoutes(routes, '/subscribers');
    const rows = await screen.findAllByTestId('subscriber-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Fã 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Mensal')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Trimestral')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Anual')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/@fa_1/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Descrição do fã 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('F')).toBeInTheDocument(); // first letter of the label

    const first = calls.find((c) => c.path === `/api/v1/subscribers/${WS}`)!;
    expect(first.query.get('page')).toBe('0');
    expect(first.query.get('size')).toBe('20');

    await userEvent.setup().click(rows[1]!);
    await waitFor(() => expect(router.location.pathname).toBe('/profile/fa_2'));
  });

  it('loads more in pages of 20', async () => {
    signIn();
    const all = Array.from({ length: 25 }, (_, i) => subscriber(i + 1));
    subscribersApi({ subscribers: all, charges: [] });
    renderRoutes(routes, '/subscribers');
    expect(await screen.findAllByTestId('subscriber-row')).toHaveLength(20);
    expect(screen.getByText('20 de 25')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByTestId('subscriber-row')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('only logs a load failure (no toast) and keeps the page usable', async () => {
    signIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    subscribersApi({ subscribers: [], charges: [], subscribersStatus: 500 });
    renderRoutes(routes, '/subscribers');
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(screen.queryByText('Erro')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Pagamentos pendentes/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });

  it('confirms a pending payment after the bank check and refreshes both lists', async () => {
    signIn();
    const state: State = { subscribers: [], charges: [{ ...pendingCharge }] };
    const { calls } = subscribersApi(state);
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await screen.findByText('No momento, você não tem nenhum assinante.');

    await user.click(screen.getByRole('tab', { name: /Pagamentos pendentes/ }));
    const row = await screen.findByTestId('pending-charge');
    expect(within(row).getByText('João Pereira')).toBeInTheDocument();
    expect(within(row).getByText('@joao')).toBeInTheDocument();
    expect(within(row).getByText('Trimestral')).toBeInTheDocument();
    expect(nbsp(row.textContent)).toContain('R$ 25,42');
    expect(within(row).getByText('FC0123456789abcdefABCDEF1')).toBeInTheDocument();
    const pendingQuery = calls.find((c) => c.path === `/api/v1/charges/${WS}`)!;
    expect(pendingQuery.query.get('status')).toBe('pending');

    await user.click(within(row).getByRole('button', { name: 'Confirmar pagamento' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(nbsp(dialog.textContent)).toMatch(
      /verifique se o Pix de R\$ 25,42 de João Pereira chegou/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar recebimento' }));

    expect(await screen.findByText('Sucesso')).toBeInTheDocument();
    expect(
      screen.getByText('Pagamento confirmado. João Pereira agora é assinante.'),
    ).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post).toHaveLength(1);
    expect(post[0]!.path).toBe(`/api/v1/charges/${WS}/${pendingCharge.id}/confirm`);
    expect(await screen.findByText('Nenhum pagamento pendente')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /^Assinantes/ }));
    const rows = await screen.findAllByTestId('subscriber-row');
    expect(within(rows[0]!).getByText('João Pereira')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Trimestral')).toBeInTheDocument();
  });

  it('does not offer the confirmation to a member', async () => {
    signIn(false);
    subscribersApi({ subscribers: [], charges: [{ ...pendingCharge }] });
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const row = await screen.findByTestId('pending-charge');
    expect(
      within(row).queryByRole('button', { name: 'Confirmar pagamento' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByText('Somente o proprietário pode confirmar pagamentos.'),
    ).toBeInTheDocument();
  });

  it('exports the CSV with the bearer token and saves it as a file', async () => {
    signIn();
    const state: State = { subscribers: [subscriber(1)], charges: [] };
    const inner = subscribersApi(state);
    const csv = '\uFEFFNome;Usuário\r\nFã 1;fa_1\r\n';
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/export.csv'))
        return new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } });
      return inner.fn(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs: record the Blob instead
    const created: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob as Blob);
      return 'blob:assinantes';
    };
    URL.revokeObjectURL = () => {};
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(`${this.download}|${this.href}`);
    });
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
      click.mockRestore();
    });

    renderRoutes(routes, '/subscribers');
    await screen.findAllByTestId('subscriber-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(clicks).toEqual(['assinantes.csv|blob:assinantes']));
    const exportCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/export.csv'))!;
    expect(String(exportCall[0])).toBe(`/api/v1/subscribers/${WS}/export.csv`);
    expect(new Headers(exportCall[1]!.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(await created[0]!.text()).toContain('Fã 1;fa_1');
  });
});

const unmatched = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `E12345678202605011200unmatch${String(n).padStart(3, '0')}`,
  txid: n === 1 ? null : `digitado${n}`,
  amount: 12.34,
  currency: 'BRL',
  paid_at: '2026-05-01T16:00:00.000Z',
  received_at: '2026-05-01T16:00:02.000Z',
  refund: null,
  ...extra,
});

describe('/subscribers: Pix Automático, refunds and Pix that matched no charge', () => {
  it('marks the subscribers who renew automatically', async () => {
    signIn();
    subscribersApi({
      subscribers: [subscriber(1), subscriber(2, 'yearly', { renewal: 'automatic' })],
      charges: [],
    });
    renderRoutes(routes, '/subscribers');
    const rows = await screen.findAllByTestId('subscriber-row');
    expect(within(rows[0]!).queryByTestId('automatic-renewal')).not.toBeInTheDocument();
    const badge = within(rows[1]!).getByTestId('automatic-renewal');
    expect(badge).toHaveTextContent('Renovação automática');
    // the row's link says it to a screen reader too
    expect(rows[1]).toHaveAccessibleName(/Renovação automática/);
  });

  it("refunds a review through the PSP: amount in the dialog, then the refund's status on the row", async () => {
    signIn();
    const state: State = {
      subscribers: [],
      charges: [],
      reviews: [{ ...review, refundable: true }],
    };
    const { calls } = subscribersApi(state);
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const row = await screen.findByTestId('payment-review');
    await user.click(
      within(row).getByRole('button', { name: /^Devolver R\$\s2,99 a João Pereira$/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Devolver este Pix?' });
    expect(nbsp(dialog.textContent)).toContain('R$ 2,99 voltam para a conta de João Pereira');
    expect(within(dialog).getByText(review.id)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Devolver R\$\s2,99$/ }));
    expect(await screen.findByText('Devolvido: R$ 2,99 para João Pereira.')).toBeInTheDocument();
    expect(within(row).getByTestId('refund-status')).toHaveTextContent('Devolvido');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/v1/charges/${WS}/${review.id}/refund`,
    ]);
  });

  it('offers no refund for a payment no PSP can send back, and another try after one not done', async () => {
    signIn();
    const state: State = {
      subscribers: [],
      charges: [],
      reviews: [
        { ...review },
        { ...review, id: 'E12345678202605011200second00001', refundable: true },
      ],
      refund: { status: 'NAO_REALIZADO' },
    };
    subscribersApi(state);
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const [manual, viaPsp] = await screen.findAllByTestId('payment-review');
    expect(within(manual!).queryByRole('button', { name: /Devolver/ })).not.toBeInTheDocument();
    await user.click(within(viaPsp!).getByRole('button', { name: /^Devolver/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: /^Devolver/ }),
    );
    expect(
      await screen.findByText('O PSP não realizou a devolução. Você pode pedir de novo.'),
    ).toBeInTheDocument();
    expect(within(viaPsp!).getByTestId('refund-status')).toHaveTextContent(
      'Devolução não realizada',
    );
    expect(
      within(viaPsp!).getByRole('button', { name: /^Devolver de novo R\$\s2,99 a João Pereira$/ }),
    ).toBeInTheDocument();
    expect(
      within(viaPsp!).getByRole('button', { name: 'Marcar como resolvido' }),
    ).toBeInTheDocument();
  });

  it("says why a refund failed (the server's message) and keeps the row", async () => {
    signIn();
    const state: State = {
      subscribers: [],
      charges: [],
      reviews: [{ ...review, refundable: true }],
      refund: {
        error: {
          status: 502,
          code: 'PIX_REFUND_FAILED',
          message: 'O PSP não aceitou a devolução agora. Tente novamente em instantes.',
        },
      },
    };
    subscribersApi(state);
    renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const row = await screen.findByTestId('payment-review');
    await user.click(within(row).getByRole('button', { name: /^Devolver/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: /^Devolver/ }),
    );
    expect(
      await screen.findByText('O PSP não aceitou a devolução agora. Tente novamente em instantes.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('payment-review')).toBeInTheDocument();
    expect(screen.queryByTestId('refund-status')).not.toBeInTheDocument();
  });

  it("lists 'Pix sem cobrança' with a connected PSP (empty state too), not without one", async () => {
    signIn();
    subscribersApi({ subscribers: [], charges: [], connected: true });
    const { unmount } = renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const section = await screen.findByRole('region', { name: /Pix sem cobrança/ });
    expect(within(section).getByText('Nenhum Pix sem cobrança.')).toBeInTheDocument();
    unmount();

    subscribersApi({ subscribers: [], charges: [], connected: false });
    renderRoutes(routes, '/subscribers');
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    expect(await screen.findByText('Nenhum pagamento pendente')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Pix sem cobrança/ })).not.toBeInTheDocument(),
    );
  });

  it('lets the owner refund a Pix that matched no charge; a member only reads them', async () => {
    signIn();
    const state: State = {
      subscribers: [],
      charges: [],
      connected: true,
      notifications: [
        unmatched(1),
        unmatched(2, {
          refund: {
            id: 'D1',
            end_to_end_id: 'x',
            amount: 12.34,
            currency: 'BRL',
            status: 'EM_PROCESSAMENTO',
            created_at: '2026-05-02T10:00:00.000Z',
          },
        }),
      ],
    };
    const { calls } = subscribersApi(state);
    const { unmount } = renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const [first, second] = await screen.findAllByTestId('unmatched-pix');
    expect(nbsp(first!.textContent)).toContain('R$ 12,34');
    expect(within(first!).getByText('sem txid')).toBeInTheDocument();
    expect(within(second!).getByText('digitado2')).toBeInTheDocument();
    expect(within(second!).getByTestId('refund-status')).toHaveTextContent(
      'Devolução em processamento',
    );
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(
      within(first!).getByRole('button', { name: /^Devolver R\$\s12,34 a quem pagou$/ }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: /^Devolver R\$\s12,34$/,
      }),
    );
    expect(await within(first!).findByTestId('refund-status')).toHaveTextContent('Devolvido');
    expect(calls.some((c) => c.path === `/api/v1/charges/${WS}/${unmatched(1).id}/refund`)).toBe(
      true,
    );
    unmount();

    signIn(false);
    subscribersApi({ ...state, notifications: [unmatched(3)] });
    renderRoutes(routes, '/subscribers');
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const row = await screen.findByTestId('unmatched-pix');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists the one-off sales paid; the owner refunds one the PSP received, a member only reads', async () => {
    const sale = (n: number, payment: Record<string, unknown> | null) => ({
      id: uuid(100 + n),
      username: `fa_${n}`,
      label: `Fã ${n}`,
      kind: 'message',
      item_id: uuid(200 + n),
      plan_type: null,
      value: 9.9,
      txid: `txid${n}`,
      status: 'paid',
      created_at: '2026-05-01T10:00:00.000Z',
      payment,
    });
    const state: State = {
      subscribers: [],
      charges: [
        sale(1, { end_to_end_id: 'E0000000000000000000000000001', refundable: true, refund: null }),
        sale(2, null),
      ],
    };
    signIn();
    subscribersApi(state);
    const { unmount } = renderRoutes(routes, '/subscribers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const rows = await screen.findAllByTestId('paid-sale');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Mensagem paga');
    expect(within(rows[1]!).queryByRole('button', { name: /^Devolver/ })).toBeNull();
    expect(rows[1]).toHaveTextContent('Confirmado por você');
    await user.click(within(rows[0]!).getByRole('button', { name: /^Devolver/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: /^Devolver/ }),
    );
    expect(
      await within((await screen.findAllByTestId('paid-sale'))[0]!).findByTestId('refund-status'),
    ).toBeInTheDocument();
    unmount();

    signIn(false);
    subscribersApi({
      subscribers: [],
      charges: [
        sale(3, { end_to_end_id: 'E0000000000000000000000000003', refundable: true, refund: null }),
      ],
    });
    renderRoutes(routes, '/subscribers');
    await user.click(await screen.findByRole('tab', { name: /Pagamentos pendentes/ }));
    const row = await screen.findByTestId('paid-sale');
    expect(within(row).queryByRole('button', { name: /^Devolver/ })).toBeNull();
  });
});
