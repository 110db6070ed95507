import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { applyDiscount, formatCents } from '@fa-clube/contract';
import { mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { storeSession, storedWorkspaces } from '@/test/session';
import { renderRoutes } from '@/test/render';
import { formatCentsInput, parseCentsInput } from '@/lib/money-input';
import { parseDiscountInput } from './format';
import { maskPixKey, normalizePixKey, validatePixForm } from './pix';

const WS = '0c0c0c0c-0000-4000-8000-000000000001';
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

function signIn(isOwner = true) {
  storeSession({
    id: WS,
    label: 'Maria da Silva',
    username: 'mariasilva',
    is_owner: isOwner,
  });
}

const PIX = {
  key: '52998224725',
  key_type: 'cpf',
  name: 'Maria da Silva',
  city: 'Sao Paulo',
  updated_at: '2026-05-01T12:00:00.000Z',
};

/** An in-memory plans + Pix API for the current workspace. */
function plansApi(opts: { pix?: typeof PIX | null; planError?: boolean } = {}) {
  let pix = opts.pix ?? null;
  const plans: Record<string, unknown>[] = [];
  return mockFetch((call: Call) => {
    if (call.path === '/api/v1/workspaces') return storedWorkspaces();
    if (call.path === `/api/v1/workspaces/${WS}/pix` && call.method === 'GET')
      return pix
        ? { body: pix }
        : {
            status: 404,
            body: { message: 'Os dados do Pix…', code: 'PIX_NOT_CONFIGURED' },
          };
    if (call.path === `/api/v1/workspaces/${WS}/pix` && call.method === 'PUT') {
      const body = call.body as typeof PIX;
      pix = { ...body, updated_at: new Date().toISOString() };
      return { body: pix };
    }
    if (call.path === '/api/v1/plans')
      return { body: { plans, is_subscribed: false, automatic_available: false } };
    if (call.path === `/api/v1/workspaces/${WS}/pix/connection`)
      return {
        status: 404,
        body: { message: 'Sem conta Pix conectada.', code: 'PIX_CONNECTION_NOT_FOUND' },
      };
    if (call.path === `/api/v1/workspaces/${WS}/plan`) {
      if (opts.planError)
        return {
          status: 400,
          body: {
            message: 'O valor máximo é R$ 10.000,00.',
            code: 'VALIDATION_ERROR',
            errors: [{ field: 'value', message: 'O valor máximo é R$ 10.000,00.' }],
          },
        };
      const body = call.body as { plan_type: string; value: number; discount: number };
      const plan = {
        id: '0d0d0d0d-0000-4000-8000-000000000001',
        ...body,
        price: applyDiscount(Math.round(body.value * 100), body.discount) / 100,
      };
      plans.push(plan);
      return { body: plan };
    }
    return { body: {} };
  });
}

describe('money (pt-BR)', () => {
  it('formats centavos as R$ 1.234,56', () => {
    expect(nbsp(formatCents(123456))).toBe('R$ 1.234,56');
    expect(nbsp(formatCents(2990))).toBe('R$ 29,90');
    expect(nbsp(formatCents(5))).toBe('R$ 0,05');
    expect(nbsp(formatCents(1_000_000))).toBe('R$ 10.000,00');
  });

  it('reads typed digits from the right, ignoring everything else, with a cap', () => {
    expect(parseCentsInput('2')).toBe(2);
    expect(parseCentsInput('R$ 29,905')).toBe(29905);
    expect(parseCentsInput('R$ 0,0')).toBe(0);
    expect(parseCentsInput('abc')).toBe(0);
    expect(parseCentsInput('99999999', 1_000_000)).toBe(1_000_000);
    expect(formatCentsInput(0)).toBe('');
    expect(nbsp(formatCentsInput(2990))).toBe('R$ 29,90');
  });

  it('applies a whole-percent discount rounded half up, like the server', () => {
    expect(applyDiscount(2990, 15)).toBe(2542); // 2541.5 -> 2542
    expect(applyDiscount(2990, 0)).toBe(2990);
    expect(applyDiscount(2990, 100)).toBe(0);
    expect(applyDiscount(999, 33)).toBe(669); // 669.33
  });

  it('keeps the discount an integer from 0 to 100', () => {
    expect(parseDiscountInput('15')).toBe('15');
    expect(parseDiscountInput('150')).toBe('100');
    expect(parseDiscountInput('1,5')).toBe('15');
    expect(parseDiscountInput('007')).toBe('7');
    expect(parseDiscountInput('')).toBe('');
  });
});

describe('Pix key masks and validation', () => {
  it('masks CPF, CNPJ and phone as they are typed', () => {
    expect(maskPixKey('cpf', '5299822')).toBe('529.982.2');
    expect(maskPixKey('cpf', '529982247251234')).toBe('529.982.247-25');
    expect(maskPixKey('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(maskPixKey('phone', '11987654321')).toBe('(11) 98765-4321');
    expect(maskPixKey('phone', '1134567890')).toBe('(11) 3456-7890');
    expect(maskPixKey('phone', '+5511987654321')).toBe('(11) 98765-4321');
    expect(maskPixKey('random', 'D3C1E5B8-zz')).toBe('d3c1e5b8-');
  });

  it('normalizes valid keys the way the API stores them and refuses invalid ones', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('cpf', '111.111.111-11')).toBeNull();
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('cnpj', '11.222.333/0001-82')).toBeNull();
    expect(normalizePixKey('email', ' Ana@Exemplo.COM ')).toBe('ana@exemplo.com');
    expect(normalizePixKey('email', 'sem-arroba.com')).toBeNull();
    expect(normalizePixKey('phone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '(01) 98765-4321')).toBeNull();
    expect(normalizePixKey('random', 'd3c1e5b8-3f6a-4b2c-9d1e-7a8b9c0d1e2f')).toBe(
      'd3c1e5b8-3f6a-4b2c-9d1e-7a8b9c0d1e2f',
    );
    expect(normalizePixKey('random', '123e4567-e12b-12d1-a456-426655440000')).toBeNull();
  });

  it('checks the receiver name and city against the BR Code limits, accents folded', () => {
    expect(
      validatePixForm({
        key_type: 'cpf',
        key: '529.982.247-25',
        name: 'Conceição',
        city: 'São Paulo',
      }),
    ).toEqual({});
    expect(validatePixForm({ key_type: 'cpf', key: '', name: ' ', city: '' })).toEqual({
      key: 'Informe a chave Pix.',
      name: 'Informe o nome do recebedor.',
      city: 'Informe a cidade do recebedor.',
    });
    const long = validatePixForm({
      key_type: 'email',
      key: 'a@b',
      name: 'Maria Aparecida da Conceição Silva',
      city: 'São José dos Campos',
    });
    expect(long.key).toBe('E-mail inválido.');
    expect(long.name).toMatch(/no máximo 25/);
    expect(long.city).toMatch(/no máximo 15/);
  });
});

describe('/settings/plans', () => {
  it('keeps plan Salvar disabled with the reason until the Pix data is saved', async () => {
    signIn();
    const { calls } = plansApi({ pix: null });
    renderRoutes(routes, '/settings/plans');
    const user = userEvent.setup();

    const monthly = await screen.findByRole('form', { name: 'Mensal' });
    await user.type(within(monthly).getByLabelText('Preço'), '2990');
    const save = within(monthly).getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(/Cadastre os dados do Pix/);

    // the Pix form explains a bad key and sends nothing
    const pixForm = screen.getByRole('form', { name: 'Recebimento por Pix' });
    await user.type(within(pixForm).getByLabelText('Chave Pix'), '52998224724');
    expect(within(pixForm).getByLabelText('Chave Pix')).toHaveValue('529.982.247-24');
    await user.type(within(pixForm).getByLabelText('Nome do recebedor'), 'Maria da Silva');
    await user.type(within(pixForm).getByLabelText('Cidade'), 'São Paulo');
    await user.click(within(pixForm).getByRole('button', { name: 'Salvar' }));
    expect(await within(pixForm).findByText('CPF inválido.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(within(pixForm).getByLabelText('Chave Pix'));
    await user.type(within(pixForm).getByLabelText('Chave Pix'), '52998224725');
    await user.click(within(pixForm).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      key_type: 'cpf',
      key: '52998224725',
      name: 'Maria da Silva',
      city: 'Sao Paulo',
    });
    expect(await screen.findByText('Configurado')).toBeInTheDocument();

    // now the plan can be saved (the typed price was kept)
    const monthlyAfter = screen.getByRole('form', { name: 'Mensal' });
    await waitFor(() =>
      expect(within(monthlyAfter).getByRole('button', { name: 'Salvar' })).toBeEnabled(),
    );
    expect(
      within(monthlyAfter).getByRole('button', { name: 'Salvar' }),
    ).not.toHaveAccessibleDescription();
  });

  it('formats the price as it is typed, previews the discount and saves without feedback', async () => {
    signIn();
    const { calls } = plansApi({ pix: PIX });
    renderRoutes(routes, '/settings/plans');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Trimestral' }));
    const form = screen.getByRole('form', { name: 'Trimestral' });
    const price = within(form).getByLabelText('Preço');
    await user.type(price, '2');
    expect(nbsp((price as HTMLInputElement).value)).toBe('R$ 0,02');
    await user.type(price, '990');
    expect(nbsp((price as HTMLInputElement).value)).toBe('R$ 29,90');
    await user.type(price, '{Backspace}');
    expect(nbsp((price as HTMLInputElement).value)).toBe('R$ 2,99');
    await user.type(price, '0');

    const discount = within(form).getByLabelText('Desconto (%)');
    await user.clear(discount);
    await user.type(discount, '15');
    const preview = within(form).getByTestId('plan-preview');
    expect(nbsp(preview.textContent ?? '')).toContain('R$ 25,42');
    expect(nbsp(preview.textContent ?? '')).toContain('15% de desconto: economia de R$ 4,48.');
    expect(nbsp(preview.textContent ?? '')).toContain('Equivale a R$ 8,47 por mês.');

    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      plan_type: 'quarterly',
      value: 29.9,
      discount: 15,
    });
    // no toast on success: the form takes the saved state
    const saved = screen.getByRole('form', { name: 'Trimestral' });
    expect(await within(saved).findByText('Publicado')).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(nbsp((within(saved).getByLabelText('Preço') as HTMLInputElement).value)).toBe(
      'R$ 29,90',
    );
    expect(screen.queryByText('Sucesso')).not.toBeInTheDocument();
    expect(screen.queryByText('Erro')).not.toBeInTheDocument();
  });

  it("shows a server error as an 'Erro' toast", async () => {
    signIn();
    plansApi({ pix: PIX, planError: true });
    renderRoutes(routes, '/settings/plans');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mensal' });
    await user.type(within(form).getByLabelText('Preço'), '1000');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(screen.getAllByText('O valor máximo é R$ 10.000,00.').length).toBeGreaterThan(0);
  });

  it('shows everything read-only to a member', async () => {
    signIn(false);
    const { calls } = plansApi({ pix: PIX });
    renderRoutes(routes, '/settings/plans');
    expect(
      await screen.findByText(/Somente o proprietário do espaço de trabalho pode alterar/),
    ).toBeInTheDocument();
    const pixForm = screen.getByRole('form', { name: 'Recebimento por Pix' });
    expect(within(pixForm).getByLabelText('Chave Pix')).toBeDisabled();
    expect(within(pixForm).getByLabelText('Chave Pix')).toHaveValue('529.982.247-25');
    expect(within(pixForm).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Mensal' });
    expect(within(form).getByLabelText('Preço')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('asks for the password (then the 2FA code) when the server wants the owner confirmed, and sends the change again', async () => {
    signIn();
    const puts: Record<string, unknown>[] = [];
    const required = (twoFactor: boolean) => ({
      status: 403,
      body: {
        message: 'Confirme que é você: informe a sua senha.',
        code: 'OWNER_CONFIRMATION_REQUIRED',
        errors: [
          { field: 'confirmation.password', message: 'Informe a sua senha.' },
          ...(twoFactor
            ? [{ field: 'confirmation.two_factor_code', message: 'Informe o código.' }]
            : []),
        ],
      },
    });
    mockFetch((call: Call) => {
      if (call.path === '/api/v1/workspaces') return storedWorkspaces();
      if (call.path === `/api/v1/workspaces/${WS}/pix` && call.method === 'GET')
        return { body: PIX };
      if (call.path === `/api/v1/workspaces/${WS}/pix` && call.method === 'PUT') {
        const body = call.body as { confirmation?: { password: string; two_factor_code?: string } };
        puts.push(body as Record<string, unknown>);
        if (!body.confirmation) return required(false);
        if (body.confirmation.password !== 'minha-senha')
          return {
            status: 400,
            body: {
              message: 'Senha incorreta.',
              code: 'WRONG_PASSWORD',
              errors: [{ field: 'confirmation.password', message: 'Senha incorreta.' }],
            },
          };
        if (!body.confirmation.two_factor_code) return required(true);
        return { body: { ...PIX, key: '11144477735', updated_at: new Date().toISOString() } };
      }
      if (call.path === '/api/v1/plans')
        return { body: { plans: [], is_subscribed: false, automatic_available: false } };
      if (call.path === `/api/v1/workspaces/${WS}/pix/connection`)
        return { status: 404, body: { message: 'Sem conta.', code: 'PIX_CONNECTION_NOT_FOUND' } };
      return { body: {} };
    });
    renderRoutes(routes, '/settings/plans');
    const user = userEvent.setup();

    const pixForm = await screen.findByRole('form', { name: 'Recebimento por Pix' });
    await user.clear(within(pixForm).getByLabelText('Chave Pix'));
    await user.type(within(pixForm).getByLabelText('Chave Pix'), '11144477735');
    await user.click(within(pixForm).getByRole('button', { name: 'Salvar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirme que é você' });
    expect(within(dialog).queryByLabelText('Código do aplicativo autenticador')).toBeNull();
    await user.type(within(dialog).getByLabelText('Senha'), 'errada');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Senha incorreta.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Senha'));
    await user.type(within(dialog).getByLabelText('Senha'), 'minha-senha');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    // the account has 2FA: the server names the code, the dialog asks for it
    const code = await within(dialog).findByLabelText('Código do aplicativo autenticador');
    await user.click(code);
    await user.keyboard('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts.map((b) => b.confirmation ?? null)).toEqual([
      null,
      { password: 'errada' },
      { password: 'minha-senha' },
      { password: 'minha-senha', two_factor_code: '123456' },
    ]);
    expect(puts[3]).toMatchObject({ key: '11144477735', key_type: 'cpf' });
  });
});
