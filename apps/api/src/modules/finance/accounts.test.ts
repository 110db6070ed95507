import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeAccounts } from '../../db/schema/finance';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import {
  createAccount,
  createTransactions,
  financeCall,
  getJson,
} from '../../../test/support/finance';
import type { TestUser } from '../../../test/support/fixtures';
import { createTeam } from '../../../test/support/workspaces';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let ws: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t));
  ws = owner.workspaceId;
});
afterAll(async () => {
  await t.close();
});

const accountRows = () =>
  t.ctx.db.select().from(financeAccounts).where(eq(financeAccounts.workspaceId, ws));

describe('accounts', () => {
  it('creates an account with defaults, stored in centavos', async () => {
    const account = await createAccount(t, owner, {
      label: '  Nubank  ',
      opening_balance: 1234.56,
      description: 'Conta PJ',
    });
    expect(account).toMatchObject({
      label: 'Nubank',
      account_type: 'checking',
      currency: 'BRL',
      opening_balance: 1234.56,
      balance: 1234.56,
      description: 'Conta PJ',
    });
    const [row] = await t.ctx.db
      .select()
      .from(financeAccounts)
      .where(eq(financeAccounts.id, account.id));
    expect(row).toMatchObject({ openingBalanceCents: 123456, currency: 'BRL', systemKey: null });
  });

  it('refuses hostile input with pt-BR messages and writes nothing', async () => {
    const before = (await accountRows()).length;
    const post = (body: unknown) => financeCall(t, owner)('POST', `/account/${ws}`, body);
    const cases: [unknown, string, RegExp][] = [
      [{ label: 'X', opening_balance: 'NaN' }, 'opening_balance', /número/],
      [{ label: 'X', opening_balance: 10.123 }, 'opening_balance', /duas casas/],
      [{ label: 'X', opening_balance: 1e15 }, 'opening_balance', /entre/],
      [{ label: 'X', currency: 'REAIS' }, 'currency', /Moeda inválida/],
      [{ label: 'X', account_type: 'wallet' }, 'account_type', /Tipo de conta/],
      [{ label: '' }, 'label', /nome da conta/],
      [{ label: 42 }, 'label', /nome da conta/],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors[0]).toMatchObject({
        field,
        message: expect.stringMatching(message),
      });
    }
    // 1e309 is Infinity once parsed: not a number the API accepts
    const huge = await t.inject({
      method: 'POST',
      url: `/api/v1/account/${ws}`,
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      payload: '{"label":"X","opening_balance":1e309}',
    });
    expect(huge.statusCode).toBe(400);
    expect(await accountRows()).toHaveLength(before);
  });

  it('pages from 1 with 20 by default, capped at 100', async () => {
    for (let i = 0; i < 21; i++) await createAccount(t, owner, { label: `Conta ${i}` });
    const total = (await accountRows()).length;
    const first = await getJson(t, member, `/accounts/${ws}`);
    expect(first).toMatchObject({ page: 1, size: 20, total });
    expect(first.accounts).toHaveLength(20);
    const second = await getJson(t, member, `/accounts/${ws}?page=2`);
    expect(second.accounts).toHaveLength(total - 20);
    // oldest first, no row on two pages
    const ids = [...first.accounts, ...second.accounts].map((a: { id: string }) => a.id);
    expect(new Set(ids).size).toBe(total);
    for (const query of ['size=101', 'page=0', 'page=abc', 'size=1.5', 'size=-1']) {
      const res = await financeCall(t, owner)('GET', `/accounts/${ws}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('changes an account; the currency only while it has no transactions', async () => {
    const account = await createAccount(t, owner, { label: 'Viagem', currency: 'USD' });
    const put = (body: unknown) =>
      financeCall(t, owner)('PUT', `/account/${ws}/${account.id}`, body);
    const renamed = await put({ label: 'Viagem EUA', account_type: 'cash', description: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      label: 'Viagem EUA',
      account_type: 'cash',
      description: null,
      currency: 'USD',
    });
    expect((await put({ currency: 'eur' })).json().currency).toBe('EUR');
    await createTransactions(t, owner, [{ account_id: account.id, amount: -10, label: 'Café' }]);
    const locked = await put({ currency: 'BRL' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('ACCOUNT_CURRENCY_LOCKED');
    // the same currency again is no change
    expect((await put({ currency: 'EUR', opening_balance: 5 })).json()).toMatchObject({
      currency: 'EUR',
      opening_balance: 5,
      balance: -5,
    });
  });

  it('deletes an empty account; one with transactions answers 409 and stays', async () => {
    const empty = await createAccount(t, owner, { label: 'Vazia' });
    const used = await createAccount(t, owner, { label: 'Usada' });
    await createTransactions(t, owner, [{ account_id: used.id, amount: 1, label: 'Pix' }]);
    const del = (id: string) => financeCall(t, owner)('DELETE', `/account/${ws}/${id}`);
    expect((await del(empty.id)).statusCode).toBe(200);
    const refused = await del(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_HAS_TRANSACTIONS' });
    const ids = (await accountRows()).map((a) => a.id);
    expect(ids).toContain(used.id);
    expect(ids).not.toContain(empty.id);
    expect((await del(empty.id)).json().code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('an account of another workspace is not found, even for its own owner elsewhere', async () => {
    const theirs = await createAccount(t, stranger, { label: 'Deles' });
    const res = await financeCall(t, owner)('PUT', `/account/${ws}/${theirs.id}`, { label: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ACCOUNT_NOT_FOUND');
    const [row] = await t.ctx.db
      .select()
      .from(financeAccounts)
      .where(eq(financeAccounts.id, theirs.id));
    expect(row!.label).toBe('Deles');
  });
});

describe('balances', () => {
  let other: TestUser;
  beforeAll(async () => {
    ({ owner: other } = await createTeam(t));
  });

  it('adds paid and reconciled rows to the opening balance, projects pending, ignores canceled, to the centavo', async () => {
    const auth = financeCall(t, other);
    const a = await createAccount(t, other, { label: 'A', opening_balance: 0.1 });
    const b = await createAccount(t, other, { label: 'B' });
    const usd = await createAccount(t, other, {
      label: 'USD',
      currency: 'USD',
      opening_balance: 7,
    });
    await createTransactions(t, other, [
      { account_id: a.id, amount: 0.2, label: 'Pix', status: 'paid' },
      { account_id: a.id, amount: 0.01, label: 'Conciliado', status: 'reconciled' },
      { account_id: a.id, amount: -0.02, label: 'Pendente', status: 'pending' },
      { account_id: a.id, amount: 1000, label: 'Cancelado', status: 'canceled' },
      { account_id: b.id, amount: -0.07, label: 'Tarifa' },
      { account_id: usd.id, amount: 100, label: 'Dólares' },
    ]);
    const brl = (await auth('GET', `/accounts/${other.workspaceId}/balances`)).json();
    expect(brl).toEqual({
      currency: 'BRL',
      accounts: [
        { id: a.id, label: 'A', balance: 0.31, projected_balance: 0.29 },
        { id: b.id, label: 'B', balance: -0.07, projected_balance: -0.07 },
      ],
      balance: 0.24,
      projected_balance: 0.22,
    });
    const dollars = (
      await auth('GET', `/accounts/${other.workspaceId}/balances?currency=usd`)
    ).json();
    expect(dollars).toEqual({
      currency: 'USD',
      accounts: [{ id: usd.id, label: 'USD', balance: 107, projected_balance: 107 }],
      balance: 107,
      projected_balance: 107,
    });
    const listed = (await auth('GET', `/accounts/${other.workspaceId}`)).json().accounts;
    expect(listed.map((x: { balance: number }) => x.balance)).toEqual([0.31, -0.07, 107]);
    const bad = await auth('GET', `/accounts/${other.workspaceId}/balances?currency=XYZ`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Moeda inválida/);
  });

  it('follows edits and deletions of transactions', async () => {
    const auth = financeCall(t, other);
    const c = await createAccount(t, other, { label: 'C' });
    const [row] = await createTransactions(t, other, [
      { account_id: c.id, amount: -50.5, label: 'Mercado', status: 'pending' },
    ]);
    const balanceOf = async () =>
      (await auth('GET', `/accounts/${other.workspaceId}/balances`))
        .json()
        .accounts.find((x: { id: string }) => x.id === c.id);
    expect(await balanceOf()).toMatchObject({ balance: 0, projected_balance: -50.5 });
    await auth('PUT', `/transaction/${other.workspaceId}/${row!.id}`, { status: 'paid' });
    expect(await balanceOf()).toMatchObject({ balance: -50.5, projected_balance: -50.5 });
    await auth('PUT', `/transaction/${other.workspaceId}/${row!.id}`, { amount: -0.3 });
    expect(await balanceOf()).toMatchObject({ balance: -0.3, projected_balance: -0.3 });
    await auth('DELETE', `/transactions/${other.workspaceId}`, { transactions: [row!.id] });
    expect(await balanceOf()).toMatchObject({ balance: 0, projected_balance: 0 });
  });
});
