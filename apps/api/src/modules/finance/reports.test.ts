import { BUSINESS_TIME_ZONE, todayIn } from '@fa-clube/contract';
import type { Account, Transaction } from '@fa-clube/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import {
  createAccount,
  createCategory,
  createTransactions,
  financeCall,
  getJson,
} from '../../../test/support/finance';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';
import { addMonths, monthStart } from './periods';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let ws: string;
let brl: Account;
let usd: Account;
let food: string;
let salary: string;
let transfer: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member } = await createTeam(t));
  ws = owner.workspaceId;
  brl = await createAccount(t, owner, { label: 'Conta' });
  usd = await createAccount(t, owner, { label: 'Dólar', currency: 'USD' });
  food = (await createCategory(t, owner, { label: 'Comida', color: '#FF0000' })).id;
  salary = (await createCategory(t, owner, { label: 'Salário', category_type: 'income' })).id;
  transfer = (await createCategory(t, owner, { label: 'Entre contas', category_type: 'transfer' }))
    .id;
  await createTransactions(t, owner, [
    // January 2024
    { account_id: brl.id, date: '2024-01-05', amount: 0.1, label: 'a', category: salary },
    { account_id: brl.id, date: '2024-01-31', amount: 0.2, label: 'b', category: salary },
    { account_id: brl.id, date: '2024-01-10', amount: -10.01, label: 'c', category: food },
    { account_id: brl.id, date: '2024-01-20', amount: -5, label: 'd' },
    { account_id: brl.id, date: '2024-01-21', amount: -500, label: 'e', category: transfer },
    { account_id: brl.id, date: '2024-01-22', amount: -999, label: 'f', status: 'canceled' },
    // March 2024 (February has nothing)
    { account_id: brl.id, date: '2024-03-15', amount: 1000, label: 'g', status: 'pending' },
    { account_id: brl.id, date: '2024-03-16', amount: -0.3, label: 'h', category: food },
    { account_id: brl.id, date: '2024-03-17', amount: 300, label: 'i', category: transfer },
  ]);
  await createTransactions(t, owner, [
    { account_id: usd.id, date: '2024-01-05', amount: 77, label: 'us' },
    { account_id: usd.id, date: '2024-03-05', amount: -8.5, label: 'us2', category: food },
  ]);
});
afterAll(async () => {
  await t.close();
});

const report = (path: string, who: TestUser = member) => getJson(t, who, path);
/** Raw SQL rows (both drivers answer `{ rows }`). */
const query = async <T>(statement: SQL) =>
  ((await t.ctx.db.execute(statement)) as unknown as { rows: T[] }).rows;

describe('GET /balances/cashflow/{ws}', () => {
  it('sums each month to the centavo, zero-fills the empty ones, leaves out transfers and canceled rows', async () => {
    const body = await report(`/balances/cashflow/${ws}?from=2024-01-01&to=2024-04-30`);
    expect(body).toEqual({
      currency: 'BRL',
      months: [
        { month: '2024-01', income: 0.3, expenses: -15.01, net: -14.71 },
        { month: '2024-02', income: 0, expenses: 0, net: 0 },
        { month: '2024-03', income: 1000, expenses: -0.3, net: 999.7 },
        { month: '2024-04', income: 0, expenses: 0, net: 0 },
      ],
    });
  });

  it('never adds two currencies', async () => {
    const body = await report(
      `/balances/cashflow/${ws}?currency=usd&from=2024-01-01&to=2024-03-31`,
    );
    expect(body).toEqual({
      currency: 'USD',
      months: [
        { month: '2024-01', income: 77, expenses: 0, net: 77 },
        { month: '2024-02', income: 0, expenses: 0, net: 0 },
        { month: '2024-03', income: 0, expenses: -8.5, net: -8.5 },
      ],
    });
    const eur = await report(`/balances/cashflow/${ws}?currency=EUR&from=2024-01-01&to=2024-01-31`);
    expect(eur.months).toEqual([{ month: '2024-01', income: 0, expenses: 0, net: 0 }]);
  });

  it('counts partial months by their dates', async () => {
    const body = await report(`/balances/cashflow/${ws}?from=2024-01-15&to=2024-03-15`);
    expect(body.months).toEqual([
      { month: '2024-01', income: 0.2, expenses: -5, net: -4.8 },
      { month: '2024-02', income: 0, expenses: 0, net: 0 },
      { month: '2024-03', income: 1000, expenses: 0, net: 1000 },
    ]);
    const inside = await report(`/balances/cashflow/${ws}?from=2024-01-06&to=2024-01-20`);
    expect(inside.months).toEqual([{ month: '2024-01', income: 0, expenses: -15.01, net: -15.01 }]);
  });

  it('defaults to the last 12 months, this one included', async () => {
    const today = todayIn(BUSINESS_TIME_ZONE, t.clock.now());
    const [row] = await createTransactions(t, owner, [
      { account_id: brl.id, amount: 12.34, label: 'hoje' },
    ]);
    const body = await report(`/balances/cashflow/${ws}`);
    expect(body.months).toHaveLength(12);
    expect(body.months[0].month).toBe(addMonths(today, -11).slice(0, 7));
    expect(body.months[11]).toEqual({
      month: today.slice(0, 7),
      income: 12.34,
      expenses: 0,
      net: 12.34,
    });
    const fromOnly = await report(`/balances/cashflow/${ws}?from=2024-03-10`);
    expect(fromOnly.months.map((m: { month: string }) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => addMonths('2024-03-01', i).slice(0, 7)),
    );
    expect(fromOnly.months[0]).toEqual({
      month: '2024-03',
      income: 1000,
      expenses: -0.3,
      net: 999.7,
    });
    await financeCall(t, owner)('DELETE', `/transactions/${ws}`, { transactions: [row!.id] });
    expect(monthStart(today)).toMatch(/-01$/);
  });

  it('refuses bad ranges with a pt-BR message', async () => {
    const cases: [string, RegExp][] = [
      ['from=2014-12-31&to=2024-12-31', /no máximo 120 meses/],
      ['from=2024-02-30', /data existente/],
      ['from=2024-03-01&to=2024-01-01', /data inicial/],
      ['currency=REAL', /Moeda inválida/],
    ];
    for (const [query, message] of cases) {
      const res = await financeCall(t, member)('GET', `/balances/cashflow/${ws}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('GET /categories/{ws}/expenses', () => {
  it('groups money out by category, the uncategorized under Sem categoria, largest first', async () => {
    const body = await report(`/categories/${ws}/expenses`);
    expect(body).toEqual({
      currency: 'BRL',
      total: -15.31,
      categories: [
        {
          category: food,
          label: 'Comida',
          color: '#FF0000',
          total: -10.31,
          count: 2,
          share: 0.6734,
        },
        { category: null, label: 'Sem categoria', color: null, total: -5, count: 1, share: 0.3266 },
      ],
    });
  });

  it('takes a date range and a currency', async () => {
    const march = await report(`/categories/${ws}/expenses?from=2024-03-01&to=2024-03-31`);
    expect(march).toMatchObject({
      total: -0.3,
      categories: [{ category: food, total: -0.3, count: 1, share: 1 }],
    });
    const usdBody = await report(`/categories/${ws}/expenses?currency=USD`);
    expect(usdBody).toMatchObject({
      currency: 'USD',
      total: -8.5,
      categories: [{ category: food, total: -8.5, count: 1, share: 1 }],
    });
    const none = await report(`/categories/${ws}/expenses?from=2030-01-01`);
    expect(none).toEqual({ currency: 'BRL', total: 0, categories: [] });
  });
});

describe('the maintained figures', () => {
  it('match the transactions after inserts, edits, moves, deletions and category deletions', async () => {
    const { owner: o } = await createTeam(t);
    const auth = financeCall(t, o);
    const a = await createAccount(t, o, { label: 'A' });
    const b = await createAccount(t, o, { label: 'B' });
    const cats = [
      (await createCategory(t, o, { label: 'X' })).id,
      (await createCategory(t, o, { label: 'Y', category_type: 'income' })).id,
    ];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rows = await createTransactions(
      t,
      o,
      Array.from({ length: 120 }, (_, i) => ({
        account_id: random() < 0.5 ? a.id : b.id,
        date: `2024-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-1${i % 10}`,
        amount: Math.round((random() - 0.5) * 200_000) / 100 || 1,
        label: `r${i}`,
        status: (['paid', 'pending', 'reconciled', 'canceled'] as const)[i % 4],
        category: i % 3 === 2 ? null : cats[i % 2],
      })),
    );
    // what each row must be after the edits, checked against the table below: an edit that
    // failed (or answered 200 and changed nothing) must not pass as maintained figures
    const expected = new Map(
      rows.map((r) => [
        r.id,
        {
          account_id: r.account_id,
          date: r.date,
          amount: r.amount,
          status: r.status,
          category: r.category,
        },
      ]),
    );
    const put = async (id: string, body: Partial<Transaction>) => {
      const res = await auth('PUT', `/transaction/${o.workspaceId}/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      const want = { ...expected.get(id)!, ...body };
      expect(res.json()).toMatchObject(want);
      expected.set(id, want);
    };
    for (const [i, row] of rows.entries()) {
      if (i % 5 === 0) await put(row.id, { amount: row.amount * -1, date: '2023-12-31' });
      if (i % 7 === 0)
        await put(row.id, { account_id: row.account_id === a.id ? b.id : a.id, status: 'paid' });
    }
    const gone = rows.filter((_, i) => i % 11 === 0).map((r) => r.id);
    const deleted = await auth('DELETE', `/transactions/${o.workspaceId}`, { transactions: gone });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: gone.length });
    for (const id of gone) expected.delete(id);
    const uncategorized = await auth('DELETE', `/categories/${o.workspaceId}/${cats[0]}`);
    expect(uncategorized.statusCode, uncategorized.body).toBe(200);
    for (const row of expected.values()) if (row.category === cats[0]) row.category = null;

    const stored = await query<{
      id: string;
      account_id: string;
      date: string;
      amount_cents: string | number;
      status: string;
      category_id: string | null;
    }>(sql`select id, account_id, to_char(date, 'YYYY-MM-DD') as date, amount_cents, status,
             category_id from finance_transactions where workspace_id = ${o.workspaceId}`);
    expect(
      new Map(
        stored.map((r) => [
          r.id,
          {
            account_id: r.account_id,
            date: r.date,
            amount: Number(r.amount_cents) / 100,
            status: r.status,
            category: r.category_id,
          },
        ]),
      ),
    ).toEqual(expected);

    const compare = sql`
      with raw as (
        select account_id, date_trunc('month', date)::date as month, category_id, status,
          coalesce(sum(amount_cents) filter (where amount_cents > 0), 0) as inc,
          count(*) filter (where amount_cents > 0) as inc_n,
          coalesce(sum(amount_cents) filter (where amount_cents < 0), 0) as exp,
          count(*) filter (where amount_cents < 0) as exp_n
        from finance_transactions where workspace_id = ${o.workspaceId}
        group by 1, 2, 3, 4),
      kept as (
        select account_id, month, category_id, status, income_cents as inc, income_count as inc_n,
          expense_cents as exp, expense_count as exp_n
        from finance_monthly_figures
        where workspace_id = ${o.workspaceId} and (income_count <> 0 or expense_count <> 0))
      select count(*)::int as differences from (
        (select * from raw except all select * from kept)
        union all (select * from kept except all select * from raw)) d`;
    const [result] = await query<{ differences: number }>(compare);
    expect(result!.differences).toBe(0);
    const figures = await query<{ n: number }>(
      sql`select count(*)::int as n from finance_monthly_figures where workspace_id = ${o.workspaceId}
          and (income_count < 0 or expense_count < 0)`,
    );
    expect(figures[0]!.n).toBe(0);
    // and the list total, counted from the figures, is the number of rows
    const list = await getJson(t, o, `/transactions/${o.workspaceId}`);
    const [count] = await query<{ n: number }>(
      sql`select count(*)::int as n from finance_transactions where workspace_id = ${o.workspaceId}`,
    );
    expect(list.total).toBe(count!.n);
  });
});

describe('GET /balances/charges/{ws}', () => {
  it('counts and sums the workspace’s Pix charges by status; an overdue pending one is expired', async () => {
    const creator = await createUser(t);
    const fans = [await createUser(t), await createUser(t), await createUser(t)];
    await makeActiveSubscriber(t, fans[0]!, creator, 'monthly');
    await makeActiveSubscriber(t, fans[1]!, creator, 'monthly');
    const open = (fan: TestUser) =>
      t.inject({
        method: 'POST',
        url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly`,
        headers: bearer(fan.accessToken),
      });
    expect((await open(fans[2]!)).statusCode).toBe(200);
    const path = `/balances/charges/${creator.workspaceId}`;
    expect(await report(path, creator)).toEqual({
      currency: 'BRL',
      pending: { count: 1, total: 29.9 },
      paid: { count: 2, total: 59.8 },
      expired: { count: 0, total: 0 },
    });
    t.clock.advance(2 * 24 * 3600 * 1000);
    // a new session: the old access token expired with the clock
    const again = {
      ...creator,
      accessToken: (await signIn(t, creator.email, creator.password)).access_token,
    };
    expect(await report(path, again)).toMatchObject({
      pending: { count: 0, total: 0 },
      expired: { count: 1, total: 29.9 },
    });
    expect(await report(`${path}?currency=USD`, again)).toEqual({
      currency: 'USD',
      pending: { count: 0, total: 0 },
      paid: { count: 0, total: 0 },
      expired: { count: 0, total: 0 },
    });
  });
});
