import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { storeSession } from '@/test/session';
import { renderRoutes } from '@/test/render';
import { ProfilePlans } from './components/profile-plans';
import { PAYMENT_POLL_MS } from './components/subscribe-dialog';
import { payerReady } from './payer';
import { maskCpf } from '@/lib/masks';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');
const CODE =
  '00020126360014br.gov.bcb.pix0114+5511987654321520400005303986540525.425802BR5914Maria da Silva6009Sao Paulo62290525FC0123456789abcdefABCDEF16304ABCD';

/** A composite code (field 80: the recurrence's location), as the PSP writes it. */
const COMPOSITE =
  '00020101021226760014br.gov.bcb.pix2554psp.exemplo.com.br/qr/v2/cobv9f3b2a1c4d5e6f708192a3b4c5d6e7f520400005303986540525.425802BR5914Maria da Silva6009SAO PAULO62070503***80790014br.gov.bcb.pix2557psp.exemplo.com.br/qr/v2/rec/9f3b2a1c4d5e6f708192a3b4c5d6e7f6304ABCD';

const PLANS = [
  // unordered on purpose: the section shows Mensal, Trimestral, Anual
  {
    id: '0d0d0d0d-0000-4000-8000-000000000003',
    plan_type: 'yearly',
    value: 299.9,
    discount: 20,
    price: 239.92,
  },
  {
    id: '0d0d0d0d-0000-4000-8000-000000000001',
    plan_type: 'monthly',
    value: 29.9,
    discount: 0,
    price: 29.9,
  },
  {
    id: '0d0d0d0d-0000-4000-8000-000000000002',
    plan_type: 'quarterly',
    value: 29.9,
    discount: 15,
    price: 25.42,
  },
];

function signIn() {
  storeSession();
}

interface ApiState {
  /** How long a new charge stays payable (default one day). */
  ttlMs?: number;
  plans?: typeof PLANS;
  subscribed?: boolean;
  subscribe?: { status: number; body: unknown };
  refreshFails?: boolean;
  /** How the server says the payment is confirmed (default manual). */
  confirmation?: 'manual' | 'automatic';
  /** The creator offers 'Renovação automática' (Pix Automático). */
  automaticAvailable?: boolean;
  /** The plan's open charge is a Pix Automático one (asked again without `automatic`). */
  openComposite?: boolean;
  /** POST /subscribe/plan?automatic=true answers this error. */
  automaticError?: { status: number; body: unknown };
}

/** GET /plans and POST /subscribe/plan for the creator 'ana'; `state` can change mid-test. */
function creatorApi(state: ApiState) {
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/plans')
      return {
        body: {
          plans: state.plans ?? PLANS,
          is_subscribed: state.subscribed ?? false,
          automatic_available: state.automaticAvailable ?? false,
        },
      };
    if (call.path === '/api/v1/subscribe/plan') {
      if (state.subscribe) return state.subscribe;
      const automatic = call.query.get('automatic');
      if (automatic === 'true' && state.automaticError) return state.automaticError;
      const composite = automatic === 'true' || (automatic === null && state.openComposite);
      if (automatic === 'false') state.openComposite = false;
      if (composite) state.openComposite = true;
      return {
        body: {
          value: 25.42,
          payment_specs: composite ? COMPOSITE : CODE,
          ...(composite
            ? { recurrence: { id: 'RR1234567820261124abcdefghijk', status: 'CRIADA' } }
            : {}),
          charge: {
            id: composite
              ? '0e0e0e0e-0000-4000-8000-0000000000c0'
              : '0e0e0e0e-0000-4000-8000-000000000001',
            txid: 'FC0123456789abcdefABCDEF1',
            status: 'pending',
            expires_at: new Date(Date.now() + (state.ttlMs ?? 86_400_000)).toISOString(),
            plan_type: call.query.get('plan_type'),
            confirmation: state.confirmation ?? 'manual',
          },
        },
      };
    }
    if (call.path === '/api/v1/refresh-token')
      return { status: 401, body: { message: 'Sessão expirada.', code: 'INVALID_REFRESH_TOKEN' } };
    return { body: {} };
  });
}

function renderProfile(onSubscribed = vi.fn()) {
  // the api client reads the window's address (the profile path is exempt from its 401 policy)
  window.history.replaceState(null, '', '/profile/ana');
  const utils = renderRoutes(
    [
      {
        path: '/profile/:username',
        element: (
          <ProfilePlans
            username="ana"
            label="Ana Souza"
            avatarUrl={null}
            coverUrl="/public/images/cover.png"
            onSubscribed={onSubscribed}
          />
        ),
      },
      { path: '/login', element: <p>tela de login</p> },
      { path: '/verification/:username', element: <p>tela de verificação</p> },
    ],
    '/profile/ana',
  );
  return { ...utils, onSubscribed };
}

async function openQuarterly(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Assinar o plano Trimestral' }));
  return screen.findByRole('dialog');
}

describe('ProfilePlans', () => {
  it('lists the plans in order with the discounted price, the original struck through and the per-month price', async () => {
    signIn();
    creatorApi({});
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Assinaturas' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Mensal',
      'Trimestral',
      'Anual',
    ]);
    const quarterly = cards[1]!;
    expect(nbsp(quarterly.textContent)).toContain('R$ 25,42');
    expect(nbsp(quarterly.querySelector('s')?.textContent)).toContain('R$ 29,90');
    expect(within(quarterly).getByText('15% OFF')).toBeInTheDocument();
    expect(nbsp(quarterly.textContent)).toContain('equivale a R$ 8,47/mês');
    expect(nbsp(cards[2]!.textContent)).toContain('equivale a R$ 19,99/mês');
    // not discounted: no struck price
    expect(cards[0]!.querySelector('s')).toBeNull();
    expect(screen.queryByText('Assinado')).not.toBeInTheDocument();
  });

  it("shows 'Assinado' and no subscribe buttons to a subscriber", async () => {
    signIn();
    creatorApi({ subscribed: true });
    renderProfile();
    expect(await screen.findByText('Assinado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assinar/ })).not.toBeInTheDocument();
  });

  it('says so when the creator has no plans', async () => {
    creatorApi({ plans: [] });
    renderProfile();
    expect(
      await screen.findByText('Este criador ainda não oferece planos de assinatura.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assinar/ })).not.toBeInTheDocument();
  });
});

describe('subscribe dialog', () => {
  it('opens the charge on open and shows creator, benefits, price, QR and the copyable code', async () => {
    signIn();
    const { calls } = creatorApi({});
    renderProfile();
    const user = userEvent.setup();
    const dialog = await openQuarterly(user);

    expect(within(dialog).getByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(within(dialog).getByText('@ana')).toBeInTheDocument();
    expect(within(dialog).getByText('Acesso ao conteúdo')).toBeInTheDocument();
    expect(within(dialog).getByText('Chat exclusivo com o criador')).toBeInTheDocument();
    // not subscribed yet: the benefit is a promise, not a link
    expect(
      within(dialog).queryByRole('link', { name: 'Chat exclusivo com o criador' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByText('Formas de pagamento')).toBeInTheDocument();
    expect(dialog.querySelector('img[src="/public/images/cover.png"]')).not.toBeNull();

    const code = await within(dialog).findByLabelText('Pix copia e cola');
    expect(code).toHaveValue(CODE);
    expect(code).toHaveAttribute('readonly');
    expect(within(dialog).getByTestId('pix-qr')).toBeInTheDocument();
    expect(nbsp(within(dialog).getByTestId('subscribe-price').textContent)).toContain('R$ 25,42');
    expect(
      within(dialog).getByText(/o criador, que confirma o recebimento do Pix/),
    ).toBeInTheDocument();

    const post = calls.filter((c) => c.path === '/api/v1/subscribe/plan');
    expect(post).toHaveLength(1);
    expect(post[0]!.method).toBe('POST');
    expect(post[0]!.query.get('username')).toBe('ana');
    expect(post[0]!.query.get('plan_type')).toBe('quarterly');
    expect(post[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('tells the fan the provider confirms the Pix automatically when it does', async () => {
    signIn();
    creatorApi({ confirmation: 'automatic' });
    renderProfile();
    const dialog = await openQuarterly(userEvent.setup());
    expect(
      await within(dialog).findByText(/confirmado automaticamente assim que o Pix chegar/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Confirmação automática')).toBeInTheDocument();
    expect(within(dialog).queryByText(/o criador, que confirma o recebimento/)).toBeNull();
  });

  it("copies the code and says 'Copiado!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    creatorApi({});
    renderProfile();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openQuarterly(user);
    await within(dialog).findByLabelText('Pix copia e cola');

    await user.click(within(dialog).getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe(CODE);
    expect(within(dialog).getByRole('button', { name: 'Copiado!' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(within(dialog).getByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(within(dialog).queryByRole('button', { name: 'Copiado!' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
  });

  it('goes to /login with return_to when the session is gone (401 after the refresh)', async () => {
    signIn();
    creatorApi({
      subscribe: { status: 401, body: { message: 'Não autenticado.', code: 'UNAUTHORIZED' } },
    });
    const { router } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assinar o plano Trimestral' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(router.location.search).toBe(`?return_to=${encodeURIComponent('/profile/ana')}`);
    expect(screen.getByText('tela de login')).toBeInTheDocument();
  });

  it('goes to /login without a request when nobody is signed in', async () => {
    const { calls } = creatorApi({});
    const { router } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assinar o plano Mensal' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(router.location.search).toBe('?return_to=%2Fprofile%2Fana');
    expect(calls.filter((c) => c.path === '/api/v1/subscribe/plan')).toHaveLength(0);
  });

  it('sends a fan the creator must verify first to /verification/{username}', async () => {
    signIn();
    creatorApi({
      subscribe: {
        status: 403,
        body: {
          message:
            'Este criador exige a verificação de idade para assinar. Verifique sua identidade primeiro.',
          code: 'AGE_VERIFICATION_REQUIRED',
        },
      },
    });
    const { router } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assinar o plano Mensal' }));
    await waitFor(() => expect(router.location.pathname).toBe('/verification/ana'));
    expect(screen.getByText('tela de verificação')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Este criador exige a verificação de idade para assinar. Verifique sua identidade primeiro.',
      ),
    ).toBeInTheDocument();
  });

  it("shows an 'Erro' toast (and stays) for errors that are not about the session", async () => {
    signIn();
    creatorApi({
      subscribe: {
        status: 409,
        body: {
          message: 'Este criador ainda não configurou o recebimento por Pix.',
          code: 'PIX_NOT_CONFIGURED',
        },
      },
    });
    const { router } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assinar o plano Trimestral' }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(
      screen.getByText('Este criador ainda não configurou o recebimento por Pix.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.location.pathname).toBe('/profile/ana');
  });

  it("polls until the payment is confirmed, then shows 'Assinatura ativa!' and calls onSubscribed once", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const state: ApiState = {};
    const { calls } = creatorApi(state);
    const { onSubscribed } = renderProfile();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openQuarterly(user);
    await within(dialog).findByLabelText('Pix copia e cola');
    expect(within(dialog).getByText('Aguardando a confirmação do pagamento…')).toBeInTheDocument();

    const polls = () => calls.filter((c) => c.path === '/api/v1/plans').length;
    const before = polls();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS + 50));
    await waitFor(() => expect(polls()).toBeGreaterThan(before));
    expect(within(dialog).queryByText('Assinatura ativa!')).not.toBeInTheDocument();

    state.subscribed = true; // the creator confirmed (or the provider's webhook arrived)
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS + 50));
    expect(await within(dialog).findByText('Assinatura ativa!')).toBeInTheDocument();
    expect(onSubscribed).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();
    // the benefit just bought leads to the conversation with the creator
    expect(
      within(dialog).getByRole('link', { name: 'Chat exclusivo com o criador' }),
    ).toHaveAttribute('href', '/messages?to=ana');

    // polling stops once subscribed
    const after = polls();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(polls()).toBe(after);
    expect(onSubscribed).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Ver conteúdo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Assinado')).toBeInTheDocument();
  });

  it('offers a new code when the shown one expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const state: ApiState = { ttlMs: 60_000 };
    const { calls } = creatorApi(state);
    renderProfile();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dialog = await openQuarterly(user);
    await within(dialog).findByLabelText('Pix copia e cola');

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(await within(dialog).findByText('Este código Pix expirou.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();

    state.ttlMs = 86_400_000;
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novo código' }));
    expect(await within(dialog).findByLabelText('Pix copia e cola')).toHaveValue(CODE);
    expect(calls.filter((c) => c.path === '/api/v1/subscribe/plan')).toHaveLength(2);
  });
});

describe("subscribe dialog: 'Renovação automática' (Pix Automático)", () => {
  it('is not offered when the creator has no PSP with Pix Automático', async () => {
    signIn();
    creatorApi({ confirmation: 'automatic' });
    renderProfile();
    const dialog = await openQuarterly(userEvent.setup());
    expect(await within(dialog).findByLabelText('Pix copia e cola')).toHaveValue(CODE);
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('asks for a valid CPF and the full name, then shows the composite code', async () => {
    signIn();
    const { calls } = creatorApi({ confirmation: 'automatic', automaticAvailable: true });
    renderProfile();
    const user = userEvent.setup();
    const dialog = await openQuarterly(user);
    // the plain Pix first, as always (spec: the payment info loads on open)
    expect(await within(dialog).findByLabelText('Pix copia e cola')).toHaveValue(CODE);
    const pix = within(dialog).getByRole('radio', { name: /^Pix/ });
    expect(pix).toBeChecked();
    expect(within(dialog).getByText(/Confirmação automática/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Renovação automática/ }));
    const cpf = await within(dialog).findByLabelText('CPF');
    await waitFor(() => expect(cpf).toHaveFocus());
    expect(within(dialog).queryByLabelText('Pix copia e cola')).not.toBeInTheDocument();
    const generate = within(dialog).getByRole('button', { name: 'Gerar QR code' });
    await user.type(cpf, '52998224724');
    expect(cpf).toHaveValue('529.982.247-24');
    await user.type(within(dialog).getByLabelText('Nome completo'), 'Ana Paula Souza');
    // wrong check digits: the contract's rule, before anything is sent
    expect(generate).toBeDisabled();
    expect(await within(dialog).findByText('CPF inválido: confira os dígitos.')).toBeVisible();
    await user.clear(cpf);
    await user.type(cpf, '52998224725');
    await waitFor(() => expect(generate).toBeEnabled());
    await user.click(generate);

    const code = await within(dialog).findByLabelText('Pix copia e cola');
    expect(code).toHaveValue(COMPOSITE);
    expect(within(dialog).getByText('Como funciona a renovação automática')).toBeInTheDocument();
    expect(nbsp(dialog.textContent)).toContain('R$ 25,42 a cada 3 meses são debitados');
    const automatic = calls.filter(
      (c) => c.path === '/api/v1/subscribe/plan' && c.query.get('automatic') === 'true',
    );
    expect(automatic).toHaveLength(1);
    expect(automatic[0]!.query.get('plan_type')).toBe('quarterly');
    expect(automatic[0]!.body).toEqual({ cpf: '52998224725', name: 'Ana Paula Souza' });
  });

  it("shows the server's refusal on the form and keeps it", async () => {
    signIn();
    creatorApi({
      automaticAvailable: true,
      automaticError: {
        status: 409,
        body: {
          message: 'Você já tem a renovação automática ativa neste perfil.',
          code: 'AUTOMATIC_RENEWAL_UNAVAILABLE',
        },
      },
    });
    renderProfile();
    const user = userEvent.setup();
    const dialog = await openQuarterly(user);
    await within(dialog).findByLabelText('Pix copia e cola');
    await user.click(within(dialog).getByRole('radio', { name: /Renovação automática/ }));
    await user.type(await within(dialog).findByLabelText('CPF'), '52998224725');
    await user.type(within(dialog).getByLabelText('Nome completo'), 'Ana Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar QR code' }));
    expect(
      await screen.findByText('Você já tem a renovação automática ativa neste perfil.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('CPF')).toHaveValue('529.982.247-25');
  });

  it('reopened on an open Pix Automático charge, shows it; back to Pix asks for a plain one', async () => {
    signIn();
    const { calls } = creatorApi({ automaticAvailable: true, openComposite: true });
    renderProfile();
    const user = userEvent.setup();
    const dialog = await openQuarterly(user);
    expect(await within(dialog).findByLabelText('Pix copia e cola')).toHaveValue(COMPOSITE);
    expect(within(dialog).getByRole('radio', { name: /Renovação automática/ })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: /^Pix/ }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Pix copia e cola')).toHaveValue(CODE),
    );
    expect(
      calls.filter((c) => c.path === '/api/v1/subscribe/plan').map((c) => c.query.get('automatic')),
    ).toEqual([null, 'false']);
    // and back: the payer's form (the composite code was given up)
    await user.click(within(dialog).getByRole('radio', { name: /Renovação automática/ }));
    expect(await within(dialog).findByLabelText('CPF')).toBeInTheDocument();
  });

  it('reads a CPF the way the contract checks it', () => {
    expect(payerReady({ cpf: '529.982.247-25', name: 'Ana Souza' })).toBe(true);
    expect(payerReady({ cpf: '529.982.247-24', name: 'Ana Souza' })).toBe(false);
    expect(payerReady({ cpf: '111.111.111-11', name: 'Ana Souza' })).toBe(false);
    expect(payerReady({ cpf: '529.982.247-25', name: 'Ana' })).toBe(false);
    expect(maskCpf('5299822472599')).toBe('529.982.247-25');
    expect(maskCpf('529.98')).toBe('529.98');
  });
});
