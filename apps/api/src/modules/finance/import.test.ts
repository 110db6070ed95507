import { readFileSync } from 'node:fs';
import type { Account, FormatResponse, ImportedTransaction } from '@fa-clube/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeAccounts, financeTransactions } from '../../db/schema/finance';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import {
  createAccount,
  createCategory,
  createTransactions,
  financeCall,
  getJson,
} from '../../../test/support/finance';
import type { TestUser } from '../../../test/support/fixtures';
import { createTeam } from '../../../test/support/workspaces';

// The import end to end, as the web client runs it: the file's header to
// /mapping, the file's bytes (base64) to /format, the rows to /categorize, then
// POST /transaction/{ws} with the rows as they came back — and the same file
// again adds nothing. The files are the real exports of ./import/fixtures.

let t: TestContext;
let owner: TestUser;
let ws: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner } = await createTeam(t));
  ws = owner.workspaceId;
});
afterAll(async () => {
  await t.close();
});

const fixture = (name: string) =>
  readFileSync(new URL(`./import/fixtures/${name}`, import.meta.url));
const call = (method: 'POST' | 'GET', path: string, body?: unknown) =>
  financeCall(t, owner)(method, path, body);
const rowsOf = (accountId: string) =>
  t.ctx.db.select().from(financeTransactions).where(eq(financeTransactions.accountId, accountId));

async function format(name: string, body: Record<string, unknown> = {}): Promise<FormatResponse> {
  const res = await call('POST', `/transactions/${ws}/format`, {
    data: fixture(name).toString('base64'),
    data_encoding: 'base64',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FormatResponse;
}

/** Saves the rows as the client does: in batches of at most 1,000, as format answered them. */
async function save(rows: ImportedTransaction[], extra: Record<string, unknown> = {}) {
  const res = await call('POST', `/transaction/${ws}`, { transactions: rows, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transactions as unknown[];
}

const cents = (rows: { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);
const balanceOf = async (account: Account) =>
  (await getJson(t, owner, `/accounts/${ws}/balances`)).accounts.find(
    (a: { id: string }) => a.id === account.id,
  ).balance;

describe('importing real bank exports', () => {
  it.each([
    // file, rows, options, opening balance, the balance the file states (or the rows' sum)
    ['nubank-conta.csv', 12, {}, 0, 18.11],
    ['nubank-fatura.csv', 9, { invert_amounts: true }, 0, 940.75],
    ['inter-extrato.csv', 10, {}, 1000, 2410.33],
    ['itau-extrato.ofx', 10, {}, 0, 2789.21],
    ['cartao-latin1.qfx', 6, {}, 0, 716.45],
    ['extrato-ofx2.ofx', 4, {}, 0, 2049.2],
  ] as const)(
    '%s: every row read and saved, the balance agrees with the file, the second import adds nothing',
    async (name, count, options, opening, expected) => {
      const account = await createAccount(t, owner, { label: name, opening_balance: opening });
      const first = await format(name, { account_id: account.id, ...options });
      expect(first.errors).toEqual([]);
      expect(first.transactions).toHaveLength(count);
      expect(first.transactions.every((r) => !r.duplicate && r.account_id === account.id)).toBe(
        true,
      );
      if (first.file.balance !== null) expect(first.file.balance).toBe(expected);
      // format wrote nothing
      expect(await rowsOf(account.id)).toEqual([]);

      expect(await save(first.transactions)).toHaveLength(count);
      const stored = await rowsOf(account.id);
      expect(stored).toHaveLength(count);
      expect(stored.every((r) => r.source === 'import' && r.importKey)).toBe(true);
      expect(opening * 100 + cents(stored)).toBe(Math.round(expected * 100));
      expect(await balanceOf(account)).toBe(expected);

      const again = await format(name, { account_id: account.id, ...options });
      expect(again.transactions.map((r) => r.duplicate)).toEqual(Array(count).fill(true));
      expect(await save(again.transactions)).toEqual([]);
      expect(await rowsOf(account.id)).toHaveLength(count);
    },
  );

  it('an overlapping file adds only the rows the account lacks', async () => {
    const account = await createAccount(t, owner, { label: 'Inter sobreposto' });
    const file = fixture('inter-extrato.csv').toString('utf8');
    const lines = file.split('\r\n');
    const header = lines.indexOf('Data Lançamento;Histórico;Descrição;Valor;Saldo');
    const firstHalf = [
      ...lines.slice(0, header + 1),
      ...lines.slice(header + 1).filter((l) => /^(0[1-9]|1[0-5])\/10\/2024;/.test(l)),
      '',
    ].join('\r\n');
    const partial = await call('POST', `/transactions/${ws}/format`, {
      data: firstHalf,
      account_id: account.id,
    });
    const partialRows = partial.json().transactions as ImportedTransaction[];
    await save(partialRows);
    const whole = await format('inter-extrato.csv', { account_id: account.id });
    const fresh = whole.transactions.filter((r) => !r.duplicate);
    expect(fresh).toHaveLength(10 - partialRows.length);
    expect(await save(whole.transactions)).toHaveLength(fresh.length);
    expect(await rowsOf(account.id)).toHaveLength(10);
  });

  it('the same file saved twice at once still adds each row once (unique index per account)', async () => {
    const account = await createAccount(t, owner, { label: 'Concorrência' });
    const { transactions } = await format('itau-extrato.ofx', { account_id: account.id });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `/transaction/${ws}`, { transactions })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const added = answers.map((r) => r.json().transactions.length);
    expect(added.reduce((a, b) => a + b, 0)).toBe(10);
    expect(await rowsOf(account.id)).toHaveLength(10);
  });

  it('the same rows go into another account as new rows', async () => {
    const a = await createAccount(t, owner, { label: 'A' });
    const b = await createAccount(t, owner, { label: 'B' });
    const rows = (await format('extrato-ofx2.ofx')).transactions;
    expect(rows.every((r) => r.account_id === null && r.currency === 'BRL')).toBe(true);
    await save(rows.map((r) => ({ ...r, account_id: a.id })));
    expect(await save(rows.map((r) => ({ ...r, account_id: b.id })))).toHaveLength(4);
  });

  it('refuses what it cannot read, with a pt-BR message', async () => {
    const post = (body: unknown) => call('POST', `/transactions/${ws}/format`, body);
    const pdf = await post({
      data: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj').toString('base64'),
      data_encoding: 'base64',
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().code).toBe('IMPORT_FILE_INVALID');
    expect(pdf.json().message).toMatch(/PDF/);
    const notBase64 = await post({ data: '***', data_encoding: 'base64' });
    expect(notBase64.json().code).toBe('IMPORT_DATA_ENCODING_INVALID');
    const noHeader = await post({ data: 'a;b\n1;2\n' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe('IMPORT_FILE_INVALID');
    const { owner: other } = await createTeam(t);
    const theirs = await createAccount(t, other, { label: 'Deles' });
    const foreign = await post({ data: 'Data;Valor\n01/10/2024;1,00\n', account_id: theirs.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ACCOUNT_NOT_FOUND');
    const badRows = await post({
      data: 'Data;Valor;Histórico\n30/02/2024;1,00;x\n01/10/2024;1.234;y\n02/10/2024;-5,50;z\n',
    });
    expect(badRows.statusCode).toBe(200);
    expect(badRows.json().transactions).toHaveLength(1);
    expect(badRows.json().errors.map((e: { row: number }) => e.row)).toEqual([2, 3]);
  });
});

describe('POST /transactions/{ws}/mapping', () => {
  it('maps a header by its names, and remembers the mapping confirmed for an account', async () => {
    const header = ['Data Lançamento', 'Histórico', 'Descrição', 'Valor', 'Saldo'];
    const suggested = await call('POST', `/transactions/${ws}/mapping`, { from_columns: header });
    expect(suggested.json()).toEqual({
      mapping: {
        'Data Lançamento': 'date',
        Histórico: 'label',
        Descrição: 'description',
        Valor: 'amount',
        Saldo: null,
      },
      invert_amounts: false,
    });
    const account = await createAccount(t, owner, { label: 'Inter PJ' });
    // the user keeps Histórico as a note and inverts the signs, then saves the rows
    const columns = {
      'Data Lançamento': 'date',
      Histórico: 'note',
      Descrição: 'label',
      Valor: 'amount',
      Saldo: null,
    };
    const read = await format('inter-extrato.csv', {
      account_id: account.id,
      columns,
      invert_amounts: true,
    });
    expect(read.transactions[0]).toMatchObject({
      label: 'Tarifa mensal pacote de serviços',
      note: 'Tarifa',
      amount: 12.9,
    });
    await save(read.transactions, { import_mapping: { columns, invert_amounts: true } });
    const [stored] = await t.ctx.db
      .select()
      .from(financeAccounts)
      .where(eq(financeAccounts.id, account.id));
    expect(stored!.importMapping).toEqual({ columns, invert_amounts: true });

    const remembered = await call('POST', `/transactions/${ws}/mapping`, {
      from_columns: header,
      account_id: account.id,
    });
    expect(remembered.json()).toEqual({ mapping: columns, invert_amounts: true });
    // a header with a new column: known columns remembered, the new one suggested,
    // never a field the remembered columns already fill
    const wider = await call('POST', `/transactions/${ws}/mapping`, {
      from_columns: ['data lancamento', 'Histórico', 'Descrição', 'Valor', 'Observação', 'Título'],
      account_id: account.id,
    });
    expect(wider.json()).toEqual({
      mapping: {
        'data lancamento': 'date',
        Histórico: 'note',
        Descrição: 'label',
        Valor: 'amount',
        Observação: null,
        Título: null,
      },
      invert_amounts: false,
    });
    // another account keeps the suggestion
    const other = await createAccount(t, owner, { label: 'Outra' });
    const fresh = await call('POST', `/transactions/${ws}/mapping`, {
      from_columns: header,
      account_id: other.id,
    });
    expect(fresh.json().mapping.Histórico).toBe('label');
  });

  it('refuses bad headers', async () => {
    for (const body of [
      {},
      { from_columns: [] },
      { from_columns: 'Data' },
      { from_columns: ['Data'], to_columns: ['saldo'] },
      { from_columns: Array.from({ length: 101 }, (_, i) => `c${i}`) },
    ]) {
      const res = await call('POST', `/transactions/${ws}/mapping`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const missing = await call('POST', `/transactions/${ws}/mapping`, {
      from_columns: ['Data'],
      account_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.json().code).toBe('ACCOUNT_NOT_FOUND');
  });
});

describe('POST /transactions/{ws}/categorize', () => {
  it('suggests by the categories’ words first, then by history; never over the user’s choice, never an expense for money in', async () => {
    const { owner: o } = await createTeam(t);
    const wsO = o.workspaceId;
    const account = await createAccount(t, o, { label: 'Conta' });
    const market = await createCategory(t, o, { label: 'Mercado', match: ['supermercado'] });
    const rent = await createCategory(t, o, { label: 'Moradia', match: ['aluguel'] });
    const income = await createCategory(t, o, { label: 'Salário', category_type: 'income' });
    const leisure = await createCategory(t, o, { label: 'Lazer' });
    // history: the workspace put 'Salário ACME' in Salário before
    await createTransactions(t, o, [
      {
        account_id: account.id,
        amount: 2500,
        label: 'Salário',
        description: 'ACME SERVICOS LTDA',
        category: income.id,
      },
    ]);
    const read = await financeCall(t, o)('POST', `/transactions/${wsO}/format`, {
      data: fixture('extrato-ofx2.ofx').toString('base64'),
      data_encoding: 'base64',
      account_id: account.id,
    });
    const rows = read.json().transactions as ImportedTransaction[];
    // the user chose Lazer for the second supermarket row
    rows[2] = { ...rows[2]!, category: leisure.id };
    const res = await financeCall(t, o)('POST', `/transactions/${wsO}/categorize`, {
      transactions: [
        ...rows,
        // money in that matches an expense rule is left alone
        { ...rows[1]!, amount: 75.4, category: null },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .transactions.map((r: ImportedTransaction) => [r.label, r.category, r.category_source]),
    ).toEqual([
      ['Salário', income.id, 'history'],
      ['Supermercado Bom Preço', market.id, 'rule'],
      ['Supermercado Bom Preço', leisure.id, null],
      ['Aluguel garagem', rent.id, 'rule'],
      ['Supermercado Bom Preço', null, null],
    ]);
    // writes nothing
    expect(await rowsOf(account.id)).toHaveLength(1);
    // saved as they are, with the suggested categories
    const saved = await financeCall(t, o)('POST', `/transaction/${wsO}`, {
      transactions: res.json().transactions.slice(0, 4),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().transactions.map((r: { category: string }) => r.category)).toEqual([
      income.id,
      market.id,
      leisure.id,
      rent.id,
    ]);
  });

  it('refuses what is not a row', async () => {
    const res = await call('POST', `/transactions/${ws}/categorize`, {
      transactions: [{ label: 'x', amount: 'dez', date: '2024-02-30' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['transactions.0.amount', 'transactions.0.date']),
    );
  });
});
