import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeAccounts, financeCategories, financeTransactions } from '../../db/schema/finance';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createCategory, financeCall, getJson } from '../../../test/support/finance';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { readCharge } from '../../../test/support/subscriptions';

// Every paid charge books exactly one income transaction in its workspace's
// ledger, in the transaction that marks it paid — through the PSP webhook or the
// owner's confirmation, however often and however concurrently they arrive.

let t: TestContext;
/** The PSP of the creator made last (each connects their own). */
let psp: TestPsp;
const psps: TestPsp[] = [];

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: testCertificates().files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await Promise.all(psps.map((p) => p.close()));
});

/** A creator with a monthly plan and their own PSP connected (its webhooks reach this server). */
async function newCreator(plan = { value: 29.9, discount: 0 }) {
  const made = await creatorWithPsp(t, plan);
  expect((await connect(t, made.creator, made.psp)).statusCode).toBe(200);
  psp = made.psp;
  psps.push(psp);
  return made.creator;
}

async function openCharge(creator: TestUser, fan: TestUser, planType = 'monthly') {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=${planType}`,
    headers: bearer(fan.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json().charge as { id: string; txid: string };
}

const ledgerOf = (workspaceId: string) =>
  t.ctx.db
    .select()
    .from(financeTransactions)
    .where(eq(financeTransactions.workspaceId, workspaceId));
const pixAccounts = (workspaceId: string) =>
  t.ctx.db.select().from(financeAccounts).where(eq(financeAccounts.workspaceId, workspaceId));
const confirm = (creator: TestUser, chargeId: string) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/charges/${creator.workspaceId}/${chargeId}/confirm`,
    headers: bearer(creator.accessToken),
  });

describe('Pix → ledger', () => {
  it('a webhook payment books one income row: account Pix and category Assinaturas, made on first use', async () => {
    const creator = await newCreator();
    const fan = await createUser(t);
    expect(await pixAccounts(creator.workspaceId)).toEqual([]);
    const charge = await openCharge(creator, fan);
    const endToEndId = newEndToEndId();
    expect((await psp.pay(charge.txid, { endToEndId })).status).toBe(200);

    const [account] = await pixAccounts(creator.workspaceId);
    expect(account).toMatchObject({
      label: 'Pix',
      systemKey: 'pix',
      accountType: 'payment_account',
      currency: 'BRL',
    });
    const [category] = await t.ctx.db
      .select()
      .from(financeCategories)
      .where(eq(financeCategories.workspaceId, creator.workspaceId));
    expect(category).toMatchObject({ label: 'Assinaturas', categoryType: 'income' });
    const rows = await ledgerOf(creator.workspaceId);
    expect(rows).toHaveLength(1);
    const paid = await readCharge(t, charge.id);
    expect(rows[0]).toMatchObject({
      accountId: account!.id,
      categoryId: category!.id,
      amountCents: 2990,
      currency: 'BRL',
      status: 'paid',
      source: 'pix',
      chargeId: charge.id,
      externalId: endToEndId,
      label: `Assinatura Mensal — @${fan.username}`,
      description: `Cobrança Pix ${charge.txid}`,
    });
    expect(rows[0]!.createdAt.getTime()).toBe(paid.paidAt!.getTime());

    // the owner sees it in the API like any other row, and in the balances
    const listed = await getJson(t, creator, `/transactions/${creator.workspaceId}`);
    expect(listed.transactions[0]).toMatchObject({ source: 'pix', amount: 29.9 });
    const balances = await getJson(t, creator, `/accounts/${creator.workspaceId}/balances`);
    expect(balances).toMatchObject({ balance: 29.9, accounts: [{ label: 'Pix', balance: 29.9 }] });
    const cashflow = await getJson(t, creator, `/balances/cashflow/${creator.workspaceId}`);
    expect(cashflow.months.at(-1)).toMatchObject({ income: 29.9, net: 29.9 });
  });

  it('the same notification delivered 10 times at once, and 10 other notifications for the same charge, book one row', async () => {
    const creator = await newCreator();
    const fan = await createUser(t);
    const charge = await openCharge(creator, fan);
    const item = {
      endToEndId: newEndToEndId(),
      txid: charge.txid,
      valor: '29.90',
      horario: new Date().toISOString(),
    };
    const same = await Promise.all(Array.from({ length: 10 }, () => psp.notify({ pix: [item] })));
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    const others = await Promise.all(
      Array.from({ length: 10 }, () =>
        psp.notify({ pix: [{ ...item, endToEndId: newEndToEndId() }] }),
      ),
    );
    expect(others.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await ledgerOf(creator.workspaceId)).toHaveLength(1);
    expect(await pixAccounts(creator.workspaceId)).toHaveLength(1);
  });

  it('10 concurrent confirmations by the owner book one row; a second confirmation books nothing', async () => {
    const creator = await newCreator();
    const fan = await createUser(t);
    const charge = await openCharge(creator, fan);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(creator, charge.id)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect((await confirm(creator, charge.id)).json().code).toBe('CHARGE_ALREADY_PAID');
    // a webhook for the already confirmed charge changes nothing either
    await psp.pay(charge.txid);
    const rows = await ledgerOf(creator.workspaceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ chargeId: charge.id, externalId: null, amountCents: 2990 });
  });

  it('first payments of many charges at once create one Pix account and one category, and book each', async () => {
    const creator = await newCreator();
    const fans = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const charges = [];
    for (const fan of fans) charges.push(await openCharge(creator, fan));
    await Promise.all(charges.map((c, i) => (i % 2 ? confirm(creator, c.id) : psp.pay(c.txid))));
    const rows = await ledgerOf(creator.workspaceId);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.chargeId))).toEqual(new Set(charges.map((c) => c.id)));
    const accounts = await pixAccounts(creator.workspaceId);
    expect(accounts).toHaveLength(1);
    expect(new Set(rows.map((r) => r.accountId))).toEqual(new Set([accounts[0]!.id]));
    const categories = await t.ctx.db
      .select()
      .from(financeCategories)
      .where(eq(financeCategories.workspaceId, creator.workspaceId));
    expect(categories).toHaveLength(1);
  });

  it('books the discounted price, into an existing income category of that name, never into an expense one', async () => {
    const creator = await newCreator({ value: 29.9, discount: 15 });
    const mine = await createCategory(t, creator, {
      label: 'assinaturas',
      category_type: 'income',
    });
    const charge = await openCharge(creator, await createUser(t));
    await confirm(creator, charge.id);
    expect(await ledgerOf(creator.workspaceId)).toEqual([
      expect.objectContaining({ amountCents: 2542, categoryId: mine.id }),
    ]);

    const other = await newCreator();
    await createCategory(t, other, { label: 'Assinaturas', category_type: 'expense' });
    const charge2 = await openCharge(other, await createUser(t));
    await confirm(other, charge2.id);
    expect(await ledgerOf(other.workspaceId)).toEqual([
      expect.objectContaining({ amountCents: 2990, categoryId: null, source: 'pix' }),
    ]);
  });

  it('a failure to book rolls the payment back: the charge stays pending', async () => {
    const creator = await newCreator();
    const charge = await openCharge(creator, await createUser(t));
    // the ledger refuses this workspace's rows for the length of the test
    await t.ctx.db.execute(
      sql.raw(`create function refuse_ledger() returns trigger language plpgsql as $$
        begin raise exception 'ledger down'; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(`create trigger refuse_ledger before insert on finance_transactions for each row
        when (new.workspace_id = '${creator.workspaceId}') execute function refuse_ledger()`),
    );
    try {
      const res = await confirm(creator, charge.id);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Ocorreu um erro', code: 'INTERNAL_ERROR' });
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger refuse_ledger on finance_transactions'));
      await t.ctx.db.execute(sql.raw('drop function refuse_ledger()'));
    }
    expect((await readCharge(t, charge.id)).status).toBe('pending');
    expect(await ledgerOf(creator.workspaceId)).toEqual([]);
    expect((await confirm(creator, charge.id)).statusCode).toBe(200);
    expect(await ledgerOf(creator.workspaceId)).toHaveLength(1);
  });

  it('the migration books the charges paid before the ledger existed, as bookPixIncome does', async () => {
    const creator = await newCreator();
    const fan = await createUser(t);
    const charge = await openCharge(creator, fan);
    await psp.pay(charge.txid);
    const [booked] = await ledgerOf(creator.workspaceId);
    // the state before the ledger: the paid charge, no finance rows
    await t.ctx.db.delete(financeTransactions).where(eq(financeTransactions.chargeId, charge.id));
    await t.ctx.db
      .delete(financeCategories)
      .where(eq(financeCategories.workspaceId, creator.workspaceId));
    await t.ctx.db
      .delete(financeAccounts)
      .where(eq(financeAccounts.workspaceId, creator.workspaceId));
    const migration = readFileSync(
      new URL('../../db/migrations/0007_finance.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((s) => /INSERT INTO/.test(s) && !/FUNCTION/.test(s));
    expect(backfill).toHaveLength(3);
    // run twice: the second run adds nothing
    for (let run = 0; run < 2; run++)
      for (const statement of backfill) await t.ctx.db.execute(sql.raw(statement));
    const rows = await ledgerOf(creator.workspaceId);
    expect(rows).toHaveLength(1);
    const pick = ({ id: _id, accountId: _a, categoryId: _c, ...rest }: typeof booked & object) =>
      rest;
    expect(pick(rows[0]!)).toEqual(pick(booked!));
    const [account] = await pixAccounts(creator.workspaceId);
    expect(account).toMatchObject({ label: 'Pix', systemKey: 'pix', id: rows[0]!.accountId });
    const balances = await getJson(t, creator, `/accounts/${creator.workspaceId}/balances`);
    expect(balances.balance).toBe(29.9);
  });

  it('a Pix row keeps its account, amount and currency, and is not deleted', async () => {
    const creator = await newCreator();
    const charge = await openCharge(creator, await createUser(t));
    await confirm(creator, charge.id);
    const [row] = await ledgerOf(creator.workspaceId);
    const call = financeCall(t, creator);
    const path = `/transaction/${creator.workspaceId}/${row!.id}`;
    const changed = await call('PUT', path, { amount: 1 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('PIX_TRANSACTION_LOCKED');
    const removed = await call('DELETE', `/transactions/${creator.workspaceId}`, {
      transactions: [row!.id],
    });
    expect(removed.statusCode).toBe(409);
    const noted = await call('PUT', path, {
      note: 'Conferido',
      status: 'reconciled',
      amount: 29.9,
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json()).toMatchObject({ note: 'Conferido', status: 'reconciled', amount: 29.9 });
    expect(await ledgerOf(creator.workspaceId)).toHaveLength(1);
    // the Pix account keeps its currency
    const [account] = await pixAccounts(creator.workspaceId);
    const currency = await call('PUT', `/account/${creator.workspaceId}/${account!.id}`, {
      currency: 'USD',
    });
    expect(currency.statusCode).toBe(409);
    expect(currency.json().code).toBe('ACCOUNT_CURRENCY_LOCKED');
  });
});
