import { BUSINESS_TIME_ZONE, todayIn } from '@fa-clube/contract';
import type { Account, Transaction } from '@fa-clube/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeTransactions } from '../../db/schema/finance';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { uploadJpeg } from '../../../test/support/content';
import { localPath } from '../../../test/support/media';
import {
  createAccount,
  createCategory,
  createTransactions,
  financeCall,
  getJson,
} from '../../../test/support/finance';
import { bearer } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { createTeam } from '../../../test/support/workspaces';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let ws: string;
let account: Account;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t));
  ws = owner.workspaceId;
  account = await createAccount(t, owner, { label: 'Nubank' });
});
afterAll(async () => {
  await t.close();
});

const storedRows = () =>
  t.ctx.db.select().from(financeTransactions).where(eq(financeTransactions.workspaceId, ws));
const post = (body: unknown, who: TestUser = owner) =>
  financeCall(t, who)('POST', `/transaction/${ws}`, body);
/** POST with a raw JSON text (numbers JSON.stringify cannot write, like 1e309). */
const postRaw = (json: string) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/transaction/${ws}`,
    headers: { ...bearer(owner.accessToken), 'content-type': 'application/json' },
    payload: json,
  });

describe('POST /transaction/{ws}', () => {
  it('creates rows with the defaults: today in São Paulo, paid, the account currency, manual', async () => {
    const [row] = await createTransactions(t, owner, [
      { account_id: account.id, amount: -45.9, label: '  Padaria  ' },
    ]);
    expect(row).toMatchObject({
      account_id: account.id,
      date: todayIn(BUSINESS_TIME_ZONE, t.clock.now()),
      amount: -45.9,
      label: 'Padaria',
      currency: 'BRL',
      status: 'paid',
      source: 'manual',
      issued_invoice: false,
      category: null,
      attachments: [],
      interest: null,
    });
    const [stored] = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.id, row!.id));
    expect(stored).toMatchObject({ amountCents: -4590, currency: 'BRL', source: 'manual' });
  });

  it('keeps every field the spec lists, money to the centavo', async () => {
    const category = await createCategory(t, owner, { label: 'Serviços', category_type: 'income' });
    const fields = {
      date: '2024-02-29',
      amount: 1234.56,
      label: 'Consultoria',
      description: 'Projeto X',
      assign_id: member.id,
      note: 'Pago no prazo',
      conciliation_id: 'CONC-1',
      category: category.id,
      status: 'reconciled',
      issued_invoice: true,
      interest: 0.1,
      discounts: 0.2,
      fines: 1.5,
      taxes: 99.99,
      fees: 0,
      price: -3.33,
      currency_quote: 5.43210987,
      external_id: 'NF-123',
    } as const;
    const [row] = await createTransactions(t, owner, [
      { account_id: account.id, currency: 'brl', ...fields },
    ]);
    expect(row).toMatchObject({ ...fields, currency: 'BRL' });
    const [stored] = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.id, row!.id));
    expect(stored).toMatchObject({
      amountCents: 123456,
      interestCents: 10,
      discountsCents: 20,
      finesCents: 150,
      taxesCents: 9999,
      feesCents: 0,
      priceCents: -333,
    });
  });

  it('creates 1,000 rows in one call and refuses 1,001 without writing any', async () => {
    const before = (await storedRows()).length;
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        account_id: account.id,
        date: '2023-01-01',
        amount: -(i + 1) / 100,
        label: `Linha ${i}`,
      }));
    const refused = await post({ transactions: rows(1001) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'No máximo 1.000 lançamentos por envio.',
    });
    expect(await storedRows()).toHaveLength(before);
    const created = await post({ transactions: rows(1000) });
    expect(created.statusCode).toBe(201);
    expect(created.json().transactions).toHaveLength(1000);
    expect(await storedRows()).toHaveLength(before + 1000);
  });

  it('is all or none: one bad row names its field and nothing is written', async () => {
    const before = (await storedRows()).length;
    const good = { account_id: account.id, amount: -1, label: 'Ok' };
    const res = await post({ transactions: [good, good, good, { ...good, amount: 1.005 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Use no máximo duas casas decimais.',
      errors: [{ field: 'transactions.3.amount', message: 'Use no máximo duas casas decimais.' }],
    });
    expect(await storedRows()).toHaveLength(before);
  });

  it('refuses hostile values with a clear pt-BR message, never a 5xx', async () => {
    const before = (await storedRows()).length;
    const row = { account_id: account.id, amount: -1, label: 'X' };
    const cases: [unknown, string, RegExp][] = [
      [{ ...row, amount: 'NaN' }, 'transactions.0.amount', /número/],
      [{ ...row, amount: '10,00' }, 'transactions.0.amount', /número/],
      [{ ...row, amount: 10.123 }, 'transactions.0.amount', /duas casas/],
      [{ ...row, amount: 0 }, 'transactions.0.amount', /zero/],
      [{ ...row, amount: 1e12 }, 'transactions.0.amount', /entre/],
      [{ ...row, date: '2024-02-30' }, 'transactions.0.date', /data existente/],
      [{ ...row, date: '30/02/2024' }, 'transactions.0.date', /data existente/],
      [{ ...row, status: 'deleted' }, 'transactions.0.status', /Situação inválida/],
      [{ ...row, account_id: 42 }, 'transactions.0.account_id', /Identificador/],
      [{ ...row, label: ['x'] }, 'transactions.0.label', /descrição/],
      [{ ...row, fees: -1 }, 'transactions.0.fees', /negativo/],
      [{ ...row, currency_quote: 0 }, 'transactions.0.currency_quote', /maior que zero/],
      [{ ...row, issued_invoice: 'sim' }, 'transactions.0.issued_invoice', /verdadeiro ou falso/],
    ];
    for (const [candidate, field, message] of cases) {
      const res = await post({ transactions: [candidate] });
      expect(res.statusCode, JSON.stringify(candidate)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message: expect.stringMatching(message) });
    }
    for (const body of [
      {},
      { transactions: [] },
      { transactions: 'x' },
      [],
      { transactions: [null] },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    for (const json of [
      `{"transactions":[{"account_id":"${account.id}","amount":1e309,"label":"x"}]}`,
      `{"transactions":[{"account_id":"${account.id}","amount":NaN,"label":"x"}]}`,
      '{"transactions":',
    ]) {
      const res = await postRaw(json);
      expect(res.statusCode, json).toBe(400);
      expect(['VALIDATION_ERROR', 'INVALID_JSON']).toContain(res.json().code);
    }
    expect(await storedRows()).toHaveLength(before);
  });

  it('checks what rows point at: every problem under its field, nothing written', async () => {
    const before = (await storedRows()).length;
    const theirAccount = await createAccount(t, stranger, { label: 'Deles' });
    const theirCategory = await createCategory(t, stranger, { label: 'Deles' });
    const usd = await createAccount(t, owner, { label: 'USD', currency: 'USD' });
    const row = { account_id: account.id, amount: -1, label: 'X' };
    const res = await post({
      transactions: [
        row,
        { ...row, account_id: theirAccount.id },
        { ...row, category: theirCategory.id },
        { ...row, assign_id: stranger.id },
        { ...row, account_id: usd.id, currency: 'BRL' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().errors).toEqual([
      { field: 'transactions.1.account_id', message: 'Conta não encontrada.' },
      { field: 'transactions.2.category', message: 'Categoria não encontrada.' },
      {
        field: 'transactions.3.assign_id',
        message: 'O responsável deve ser membro do espaço de trabalho.',
      },
      {
        field: 'transactions.4.currency',
        message: 'A moeda do lançamento (BRL) deve ser a mesma da conta (USD).',
      },
    ]);
    // one kind of problem answers its own code
    const mismatch = await post({ transactions: [{ ...row, currency: 'USD' }] });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('CURRENCY_MISMATCH');
    const notMember = await post({ transactions: [{ ...row, assign_id: stranger.id }] });
    expect(notMember.json().code).toBe('ASSIGNEE_NOT_MEMBER');
    expect(await storedRows()).toHaveLength(before);
    // a row without currency takes its account's
    const [dollars] = await createTransactions(t, owner, [
      { account_id: usd.id, amount: 10, label: 'Venda', assign_id: owner.id },
    ]);
    expect(dollars).toMatchObject({ currency: 'USD', assign_id: owner.id });
  });
});

describe('GET /transactions/{ws}', () => {
  let listOwner: TestUser;
  let a: Account;
  let b: Account;
  let rows: Transaction[];
  let food: string;

  beforeAll(async () => {
    ({ owner: listOwner } = await createTeam(t));
    a = await createAccount(t, listOwner, { label: 'A' });
    b = await createAccount(t, listOwner, { label: 'B' });
    food = (await createCategory(t, listOwner, { label: 'Comida' })).id;
    rows = await createTransactions(t, listOwner, [
      { account_id: a.id, date: '2024-01-10', amount: -10, label: 'Padaria 100% integral' },
      { account_id: a.id, date: '2024-03-05', amount: 2500, label: 'Salário', status: 'pending' },
      { account_id: b.id, date: '2024-02-20', amount: -30, label: 'Mercado', category: food },
      { account_id: a.id, date: '2024-02-01', amount: -99, label: 'Luz', status: 'canceled' },
    ]);
    // saved later on the same day as Salário: it comes first (rows of one batch share a
    // creation time and then follow their ids)
    rows.push(
      ...(await createTransactions(t, listOwner, [
        { account_id: b.id, date: '2024-03-05', amount: -5, label: 'Café', note: 'padaria' },
      ])),
    );
  });

  const list = async (query = '') =>
    getJson(t, listOwner, `/transactions/${listOwner.workspaceId}${query}`);
  const labels = (body: { transactions: Transaction[] }) => body.transactions.map((r) => r.label);

  it('lists newest first (date, then creation), page 1 of 20 by default', async () => {
    const body = await list();
    expect(body).toMatchObject({ page: 1, size: 20, total: 5 });
    expect(labels(body)).toEqual(['Café', 'Salário', 'Mercado', 'Luz', 'Padaria 100% integral']);
    const page2 = await list('?page=2&size=2');
    expect(page2).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(labels(page2)).toEqual(['Mercado', 'Luz']);
    expect((await list('?page=9')).transactions).toEqual([]);
  });

  it('filters by account, category, status, dates and text, with matching totals', async () => {
    expect(labels(await list(`?account_id=${b.id}`))).toEqual(['Café', 'Mercado']);
    expect(await list(`?account_id=${b.id}`)).toMatchObject({ total: 2 });
    expect(labels(await list(`?category=${food}`))).toEqual(['Mercado']);
    expect(await list('?category=none')).toMatchObject({ total: 4 });
    expect(labels(await list('?status=pending'))).toEqual(['Salário']);
    const feb = await list('?from=2024-02-01&to=2024-02-29');
    expect(labels(feb)).toEqual(['Mercado', 'Luz']);
    expect(feb.total).toBe(2);
    expect(labels(await list('?q=PADARIA'))).toEqual(['Café', 'Padaria 100% integral']);
    // % and _ are text, not wildcards
    expect(labels(await list('?q=100%25'))).toEqual(['Padaria 100% integral']);
    expect((await list('?q=_')).total).toBe(0);
    expect(await list(`?account_id=${a.id}&status=canceled&from=2024-01-01`)).toMatchObject({
      total: 1,
    });
  });

  it('refuses bad filters with a pt-BR message', async () => {
    const get = (q: string) =>
      financeCall(t, listOwner)('GET', `/transactions/${listOwner.workspaceId}${q}`);
    const cases: [string, RegExp][] = [
      ['?from=2024-02-30', /data existente/],
      ['?from=2024-03-01&to=2024-02-01', /data inicial/],
      ['?category=lazer', /Categoria inválida/],
      ['?status=x', /Situação inválida/],
      ['?size=101', /máximo de página é 100/],
      ['?account_id=1', /Identificador inválido/],
    ];
    for (const [q, message] of cases) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers one row; another workspace’s row is not found', async () => {
    const one = await getJson(t, listOwner, `/transaction/${listOwner.workspaceId}/${rows[2]!.id}`);
    expect(one).toMatchObject({ label: 'Mercado', category: food, amount: -30 });
    const foreign = await financeCall(t, owner)('GET', `/transaction/${ws}/${rows[2]!.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TRANSACTION_NOT_FOUND');
  });
});

describe('PUT /transaction/{ws}/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const [row] = await createTransactions(t, owner, [
      { account_id: account.id, amount: -20, label: 'Uber', note: 'ida', date: '2024-05-01' },
    ]);
    const res = await financeCall(t, owner)('PUT', `/transaction/${ws}/${row!.id}`, {
      amount: -21.3,
      note: null,
      status: 'pending',
      assign_id: member.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: -21.3,
      note: null,
      status: 'pending',
      assign_id: member.id,
      label: 'Uber',
      date: '2024-05-01',
    });
  });

  it('moves a row only to an account of the same currency', async () => {
    const [row] = await createTransactions(t, owner, [
      { account_id: account.id, amount: -20, label: 'Livro' },
    ]);
    const eur = await createAccount(t, owner, { label: 'EUR', currency: 'EUR' });
    const put = (body: unknown) =>
      financeCall(t, owner)('PUT', `/transaction/${ws}/${row!.id}`, body);
    const refused = await put({ account_id: eur.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CURRENCY_MISMATCH' });
    const moved = await put({ account_id: eur.id, currency: 'EUR' });
    expect(moved.json()).toMatchObject({ account_id: eur.id, currency: 'EUR' });
    const missing = await put({ category: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'category', message: 'Categoria não encontrada.' },
    ]);
    expect((await put({ amount: 0 })).statusCode).toBe(400);
    const unknown = await financeCall(t, owner)(
      'PUT',
      `/transaction/${ws}/00000000-0000-4000-8000-000000000000`,
      { label: 'x' },
    );
    expect(unknown.json().code).toBe('TRANSACTION_NOT_FOUND');
  });
});

describe('DELETE /transactions/{ws}', () => {
  it('deletes all or none: one id that is not this workspace’s deletes nothing', async () => {
    const mine = await createTransactions(t, owner, [
      { account_id: account.id, amount: -1, label: 'um' },
      { account_id: account.id, amount: -2, label: 'dois' },
    ]);
    const theirAccount = await createAccount(t, stranger, { label: 'Deles' });
    const [theirs] = await createTransactions(t, stranger, [
      { account_id: theirAccount.id, amount: -3, label: 'deles' },
    ]);
    const del = (ids: string[]) =>
      financeCall(t, owner)('DELETE', `/transactions/${ws}`, { transactions: ids });
    const refused = await del([mine[0]!.id, theirs!.id, mine[1]!.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({
      code: 'TRANSACTION_NOT_FOUND',
      errors: [{ field: 'transactions.1', message: 'Lançamento não encontrado.' }],
    });
    const ids = (await storedRows()).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([mine[0]!.id, mine[1]!.id]));
    const done = await del([mine[0]!.id, mine[1]!.id, mine[0]!.id]);
    expect(done.json()).toEqual({ deleted: 2 });
    expect((await storedRows()).map((r) => r.id)).not.toContain(mine[0]!.id);
    const [stillTheirs] = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.id, theirs!.id));
    expect(stillTheirs).toBeDefined();
    for (const body of [{ transactions: [] }, { transactions: ['1; drop table'] }, {}]) {
      const res = await financeCall(t, owner)('DELETE', `/transactions/${ws}`, body);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('attachments', () => {
  it('takes files of the workspace store, signs their URLs and removes one by file_path', async () => {
    const receipt = await uploadJpeg(t, owner);
    const [row] = await createTransactions(t, owner, [
      {
        account_id: account.id,
        amount: -80,
        label: 'Jantar',
        attachments: [{ file_path: receipt }, { file_path: ` ${receipt}` }],
      },
    ]);
    expect(row!.attachments).toHaveLength(1);
    expect(row!.attachments[0]).toMatchObject({ file_path: receipt, url: expect.any(String) });
    // the member reads the row and its signed URL serves the file
    const seen = await getJson(t, member, `/transaction/${ws}/${row!.id}`);
    const file = await t.inject({ method: 'GET', url: localPath(seen.attachments[0].url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    const remove = (path: string) =>
      financeCall(t, owner)(
        'DELETE',
        `/transactions/${ws}/${row!.id}/attachment?file_path=${encodeURIComponent(path)}`,
      );
    expect((await remove('../../etc/passwd')).json().code).toBe('INVALID_PATH');
    const removed = await remove(receipt);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().attachments).toEqual([]);
    const again = await remove(receipt);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('ATTACHMENT_NOT_FOUND');
    const [stored] = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.id, row!.id));
    expect(stored!.attachments).toEqual([]);
  });

  it('refuses a path that is not an uploaded file of this workspace', async () => {
    const before = (await storedRows()).length;
    const theirs = await uploadJpeg(t, stranger);
    const res = await post({
      transactions: [
        {
          account_id: account.id,
          amount: -1,
          label: 'x',
          attachments: [{ file_path: 'uploads/nada.jpg' }, { file_path: theirs }],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_NOT_UPLOADED' });
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'transactions.0.attachments.0.file_path',
      'transactions.0.attachments.1.file_path',
    ]);
    const traversal = await post({
      transactions: [
        {
          account_id: account.id,
          amount: -1,
          label: 'x',
          attachments: [{ file_path: '../x.jpg' }],
        },
      ],
    });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().code).toBe('INVALID_PATH');
    expect(await storedRows()).toHaveLength(before);
  });
});
