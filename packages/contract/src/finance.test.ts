import { describe, expect, it } from 'vitest';
import {
  Amount,
  CashflowQuery,
  Color,
  CreateAccountBody,
  CreateCategoryBody,
  CreateTransactionsBody,
  Currency,
  DeleteTransactionsBody,
  FINANCE_ERRORS,
  FormatBody,
  IMPORT_DATA_MAX_CHARS,
  ImportedTransaction,
  IsoDate,
  MappingBody,
  TransactionAmount,
  TransactionInput,
  TransactionsQuery,
  financePaths,
  isFinanceDate,
} from './finance';
import { apiPath } from './paths';

const ACCOUNT = '7f3c1a52-3b7e-4c1d-9a55-0e0b8f1d2c3a';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('Amount', () => {
  it.each([0, 29.9, -29.9, 0.01, -0.01, 1234.56, 999_999_999.99, -999_999_999.99, 19.99, 4.35])(
    'accepts %s',
    (v) => {
      expect(Amount.safeParse(v).success).toBe(true);
    },
  );

  it.each([
    [1.005, 'Use no máximo duas casas decimais.'],
    [0.1 + 0.2, 'Use no máximo duas casas decimais.'],
    [10.123, 'Use no máximo duas casas decimais.'],
    [1_000_000_000, 'O valor deve estar entre -999.999.999,99 e 999.999.999,99.'],
    [-1e15, 'O valor deve estar entre -999.999.999,99 e 999.999.999,99.'],
  ])('refuses %s with a pt-BR message', (v, message) => {
    expect(firstMessage(Amount.safeParse(v))).toBe(message);
  });

  it.each([NaN, Infinity, -Infinity, JSON.parse('1e309'), '10,00', '10.00', null, true, {}])(
    'refuses the non-number or non-finite %s',
    (v) => {
      const r = Amount.safeParse(v);
      expect(r.success).toBe(false);
      expect(firstMessage(r)).toMatch(/valor|número/i);
    },
  );

  it('amounts are exact on the doubles people write (money.ts isMajorAmount)', () => {
    expect(Amount.safeParse(1.1).success).toBe(true);
    expect(Amount.safeParse(-0).success).toBe(true);
    expect(Amount.safeParse(21474836.47).success).toBe(true);
    expect(Amount.safeParse(0.001).success).toBe(false);
    expect(Amount.safeParse(Number.MAX_VALUE).success).toBe(false);
  });

  it('a transaction amount is not zero', () => {
    expect(TransactionAmount.safeParse(0).success).toBe(false);
    expect(TransactionAmount.safeParse(-0).success).toBe(false);
    expect(TransactionAmount.safeParse(-45.9).success).toBe(true);
  });
});

describe('IsoDate', () => {
  it.each(['2024-02-29', '2024-12-31', '1900-01-01', '2100-12-31'])('accepts %s', (d) => {
    expect(IsoDate.safeParse(d).success).toBe(true);
  });

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '30/02/2024',
    '2024-2-3',
    '20241015',
    '2024-10-15T00:00:00Z',
    '1899-12-31',
    '2101-01-01',
    '',
    ' 2024-10-15',
  ])('refuses %s', (d) => {
    const r = IsoDate.safeParse(d);
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toMatch(/data/i);
  });
});

describe('Currency', () => {
  it('normalises to upper case ISO 4217 codes', () => {
    expect(Currency.parse(' brl ')).toBe('BRL');
    expect(Currency.parse('USD')).toBe('USD');
  });
  it.each(['', 'R$', 'BR', 'BRLL', 'XYZ', '123'])('refuses %s', (c) => {
    expect(firstMessage(Currency.safeParse(c))).toMatch(/moeda/i);
  });
});

describe('transactions', () => {
  const row = { account_id: ACCOUNT, amount: -45.9, label: 'Padaria' };

  it("fills the defaults of a minimal row (the currency is the account's, filled by the server)", () => {
    const parsed = TransactionInput.parse(row);
    expect(parsed).toMatchObject({ status: 'paid', issued_invoice: false });
    expect(parsed.currency).toBeUndefined();
  });

  it('carries the confirmed import mapping with the rows', () => {
    const body = CreateTransactionsBody.parse({
      transactions: [row],
      import_mapping: { columns: { Data: 'date', Valor: 'amount', Saldo: null } },
    });
    expect(body.import_mapping).toEqual({
      columns: { Data: 'date', Valor: 'amount', Saldo: null },
      invert_amounts: false,
    });
    expect(
      CreateTransactionsBody.safeParse({
        transactions: [row],
        import_mapping: { columns: { Data: 'x' } },
      }).success,
    ).toBe(false);
  });

  it('names the failing row in the error path (transactions.3.amount)', () => {
    const rows = [row, row, row, { ...row, amount: 1.005 }];
    const r = CreateTransactionsBody.safeParse({ transactions: rows });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['transactions', 3, 'amount']);
  });

  it('takes 1 to 1,000 rows', () => {
    expect(CreateTransactionsBody.safeParse({ transactions: [] }).success).toBe(false);
    const many = Array.from({ length: 1001 }, () => row);
    expect(firstMessage(CreateTransactionsBody.safeParse({ transactions: many }))).toBe(
      'No máximo 1.000 lançamentos por envio.',
    );
  });

  it('refuses hostile rows', () => {
    const bad = [
      { ...row, account_id: 'not-a-uuid' },
      { ...row, label: '   ' },
      { ...row, label: 'x'.repeat(201) },
      { ...row, date: '2024-02-30' },
      { ...row, status: 'deleted' },
      { ...row, fees: -1 },
      { ...row, currency: 'REAIS' },
      { ...row, currency_quote: 0 },
      { ...row, attachments: Array.from({ length: 11 }, () => ({ file_path: 'a.png' })) },
    ];
    for (const candidate of bad) expect(TransactionInput.safeParse(candidate).success).toBe(false);
  });

  it('drops read-only and import-only fields instead of trusting them', () => {
    const parsed = TransactionInput.parse({
      ...row,
      source: 'pix',
      duplicate: true,
      row: 4,
      category_source: 'rule',
    });
    expect(parsed).not.toHaveProperty('source');
    expect(parsed).not.toHaveProperty('duplicate');
    expect(parsed).not.toHaveProperty('category_source');
  });

  it('accepts the rows format answered as they are', () => {
    const imported = ImportedTransaction.parse({
      row: 2,
      account_id: ACCOUNT,
      date: '2024-10-15',
      amount: -10.5,
      label: 'Café',
      description: null,
      external_id: null,
      import_key: 'txt:abc',
      category: null,
      note: null,
      duplicate: false,
    });
    expect(TransactionInput.safeParse(imported).success).toBe(true);
  });

  it('filters: date range in order, category id or none, bounded text', () => {
    expect(TransactionsQuery.parse({})).toMatchObject({ page: 1, size: 20 });
    expect(TransactionsQuery.safeParse({ category: 'none' }).success).toBe(true);
    expect(TransactionsQuery.safeParse({ category: 'lazer' }).success).toBe(false);
    expect(
      firstMessage(TransactionsQuery.safeParse({ from: '2024-10-02', to: '2024-10-01' })),
    ).toBe('A data inicial deve ser anterior ou igual à data final.');
    expect(TransactionsQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(TransactionsQuery.safeParse({ page: 0 }).success).toBe(false);
    expect(TransactionsQuery.safeParse({ size: 101 }).success).toBe(false);
  });

  it('bulk delete takes uuids only', () => {
    expect(DeleteTransactionsBody.safeParse({ transactions: [ACCOUNT] }).success).toBe(true);
    expect(DeleteTransactionsBody.safeParse({ transactions: ['1; drop table'] }).success).toBe(
      false,
    );
  });
});

describe('accounts, categories and reports', () => {
  it('account defaults', () => {
    expect(CreateAccountBody.parse({ label: 'Nubank' })).toMatchObject({
      account_type: 'checking',
      currency: 'BRL',
      opening_balance: 0,
    });
    expect(CreateAccountBody.safeParse({ label: 'X', account_type: 'wallet' }).success).toBe(false);
  });

  it('category rules are a short list of words', () => {
    expect(CreateCategoryBody.parse({ label: 'Mercado' }).match).toEqual([]);
    expect(
      CreateCategoryBody.parse({ label: 'Mercado', match: [' padaria ', 'uber'] }).match,
    ).toEqual(['padaria', 'uber']);
    expect(CreateCategoryBody.safeParse({ label: 'M', match: ['a'] }).success).toBe(false);
    expect(CreateCategoryBody.safeParse({ label: 'M', match: 'padaria' }).success).toBe(false);
    expect(
      CreateCategoryBody.safeParse({
        label: 'M',
        match: Array.from({ length: 21 }, (_, i) => `p${i}`),
      }).success,
    ).toBe(false);
  });

  it('colors are #RRGGBB', () => {
    expect(Color.parse('#a1b2c3')).toBe('#A1B2C3');
    for (const c of ['red', '#abc', '#GGGGGG', 'a1b2c3'])
      expect(Color.safeParse(c).success).toBe(false);
  });

  it('cash flow spans at most 120 months', () => {
    expect(CashflowQuery.safeParse({ from: '2015-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(CashflowQuery.safeParse({ from: '2014-12-31', to: '2024-12-31' }).success).toBe(false);
  });
});

describe('import requests', () => {
  it('mapping takes a header', () => {
    expect(MappingBody.safeParse({ from_columns: ['Data', 'Valor'] }).success).toBe(true);
    expect(MappingBody.safeParse({ from_columns: [] }).success).toBe(false);
    expect(MappingBody.safeParse({ from_columns: ['Data'], account_id: ACCOUNT }).success).toBe(
      true,
    );
    expect(MappingBody.safeParse({ from_columns: ['Data'], account_id: 'x' }).success).toBe(false);
    expect(MappingBody.safeParse({ from_columns: ['Data'], to_columns: ['saldo'] }).success).toBe(
      false,
    );
  });

  it('format bounds the file and checks the mapping fields', () => {
    expect(FormatBody.parse({ data: 'a' })).toMatchObject({
      data_encoding: 'text',
      invert_amounts: false,
    });
    expect(FormatBody.safeParse({ data: '' }).success).toBe(false);
    expect(FormatBody.safeParse({ data: 'x'.repeat(IMPORT_DATA_MAX_CHARS + 1) }).success).toBe(
      false,
    );
    expect(FormatBody.safeParse({ data: 'a', data_encoding: 'utf-16' }).success).toBe(false);
    expect(FormatBody.safeParse({ data: 'a', columns: { Data: 'when' } }).success).toBe(false);
    expect(FormatBody.safeParse({ data: 'a', columns: { Saldo: null } }).success).toBe(true);
  });
});

describe('paths and error codes', () => {
  it('fills the spec paths', () => {
    expect(apiPath(financePaths.accountBalances, { ws: 'w' })).toBe('/api/v1/accounts/w/balances');
    expect(apiPath(financePaths.transactionAttachment, { ws: 'w', id: 'i' })).toBe(
      '/api/v1/transactions/w/i/attachment',
    );
    expect(apiPath(financePaths.cashflow, { ws: 'w' })).toBe('/api/v1/balances/cashflow/w');
  });

  it('every code has a status and a pt-BR message', () => {
    expect(FINANCE_ERRORS.ACCOUNT_HAS_TRANSACTIONS.status).toBe(409);
    expect(FINANCE_ERRORS.CATEGORY_LABEL_TAKEN.status).toBe(409);
    for (const { message } of Object.values(FINANCE_ERRORS))
      expect(message.length).toBeGreaterThan(5);
  });
});

describe('isFinanceDate', () => {
  it('accepts exactly what IsoDate accepts', () => {
    const samples = ['', '2024-1-01', '24-01-01', '2024-01-01T00:00', 'abcd-ef-gh', '0000-01-01'];
    for (const year of [1899, 1900, 1901, 2000, 2023, 2024, 2100, 2101])
      for (let month = 0; month <= 13; month++)
        for (const day of [0, 1, 28, 29, 30, 31, 32]) {
          const pad = (n: number) => String(n).padStart(2, '0');
          samples.push(`${year}-${pad(month)}-${pad(day)}`);
        }
    for (const value of samples)
      expect([value, isFinanceDate(value)]).toEqual([value, IsoDate.safeParse(value).success]);
  });
});
