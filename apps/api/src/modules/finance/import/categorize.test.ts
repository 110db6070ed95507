import { describe, expect, it } from 'vitest';
import {
  buildCategorizationHistory,
  categoryFitsAmount,
  normalizeDescription,
  suggestCategory,
} from './categorize';
import type { CategorizationRule } from './categorize';

const FOOD = 'cat-food';
const SALES = 'cat-sales';
const TRANSFER = 'cat-transfer';
const REFUNDS = 'cat-refunds';

describe('normalizeDescription', () => {
  it.each([
    ['Compra no débito - PADARIA REAL', 'padaria real'],
    ['Compra no crédito - PADARIA REAL', 'padaria real'],
    ['Compra no débito via NuPay - iFood', 'ifood'],
    [
      'Transferência enviada pelo Pix - MARIA APARECIDA SOUZA - •••.123.456-•• - ITAÚ UNIBANCO S.A. (0341) Agência: 4321 Conta: 98765-4',
      'maria aparecida souza itau unibanco s a',
    ],
    [
      'Transferência recebida pelo Pix - JOAO PEDRO LIMA - ***.987.654-** - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 1234567-8',
      'joao pedro lima nu pagamentos ip',
    ],
    ['Pagamento de boleto efetuado - ENERGIA ELETRICA SA', 'energia eletrica sa'],
    ['Mercadolivre*3produtos - Parcela 2/5', 'mercadolivre 3produtos'],
    ['RSHOP-PADARIA REAL-02/10', 'padaria real'],
    ['Pix - Enviado - 26/02 16:37 Juliana Silva', 'juliana silva'],
    ['ESTUDIO ALFA LTDA 12.345.678/0001-90', 'estudio alfa ltda'],
    ['CPF 529.982.247-25 pagamento', 'cpf pagamento'],
    ['Pix enviado', ''],
  ])('%s -> %s', (text, expected) => {
    expect(normalizeDescription(text)).toBe(expected);
  });

  it('makes the same payee compare equal across banks and dates', () => {
    expect(normalizeDescription('Compra no débito - PADARIA REAL 12/03')).toBe(
      normalizeDescription('PADARIA REAL'),
    );
  });
});

describe('suggestCategory', () => {
  const rules: CategorizationRule[] = [
    { category: FOOD, categoryType: 'expense', match: 'iFood' },
    { category: SALES, categoryType: 'income', match: 'Estúdio Alfa' },
    { category: TRANSFER, categoryType: 'transfer', match: 'RDB' },
  ];
  const history = buildCategorizationHistory([
    {
      label: 'Compra no débito - PADARIA REAL',
      amountCents: -1875,
      category: FOOD,
      categoryType: 'expense',
      date: '2024-09-01',
    },
    {
      label: 'PADARIA REAL',
      amountCents: -900,
      category: FOOD,
      categoryType: 'expense',
      date: '2024-09-03',
    },
    {
      label: 'PADARIA REAL',
      amountCents: -900,
      category: 'cat-other',
      categoryType: 'expense',
      date: '2024-09-20',
    },
    {
      label: 'PADARIA REAL',
      amountCents: 500,
      category: REFUNDS,
      categoryType: 'income',
      date: '2024-09-05',
    },
    {
      label: 'Uber',
      amountCents: -2000,
      category: 'cat-a',
      categoryType: 'expense',
      date: '2024-01-01',
    },
    {
      label: 'Uber',
      amountCents: -2000,
      category: 'cat-b',
      categoryType: 'expense',
      date: '2024-02-01',
    },
  ]);

  it("applies the workspace's rules first", () => {
    expect(
      suggestCategory(
        { label: 'Compra no débito via NuPay - iFood', amountCents: -2990 },
        rules,
        history,
      ),
    ).toEqual({ category: FOOD, categorySource: 'rule' });
  });

  it('matches rules on whole words', () => {
    expect(suggestCategory({ label: 'IFOODIE STORE', amountCents: -100 }, rules, history)).toEqual({
      category: null,
      categorySource: null,
    });
  });

  it('then the most used category of the same description in its history', () => {
    expect(
      suggestCategory(
        { label: 'Compra no crédito - Padaria Real', amountCents: -1200 },
        rules,
        history,
      ),
    ).toEqual({ category: FOOD, categorySource: 'history' });
  });

  it('breaks a tie by the latest use', () => {
    expect(suggestCategory({ label: 'UBER', amountCents: -1500 }, [], history)).toEqual({
      category: 'cat-b',
      categorySource: 'history',
    });
  });

  it('never an expense category for money in, nor income for money out', () => {
    expect(suggestCategory({ label: 'iFood', amountCents: 2990 }, rules, history)).toEqual({
      category: null,
      categorySource: null,
    });
    expect(
      suggestCategory(
        { label: 'Pix recebido', description: 'ESTUDIO ALFA', amountCents: -100 },
        rules,
        history,
      ),
    ).toEqual({ category: null, categorySource: null });
    expect(suggestCategory({ label: 'PADARIA REAL', amountCents: 500 }, [], history)).toEqual({
      category: REFUNDS,
      categorySource: 'history',
    });
    expect(
      suggestCategory({ label: 'Aplicação RDB', amountCents: -50000 }, rules, history),
    ).toEqual({
      category: TRANSFER,
      categorySource: 'rule',
    });
  });

  it('never replaces a category the user chose, but may redo its own suggestion', () => {
    expect(
      suggestCategory({ label: 'iFood', amountCents: -2990, category: 'mine' }, rules, history),
    ).toEqual({ category: 'mine', categorySource: null });
    expect(
      suggestCategory(
        { label: 'iFood', amountCents: -2990, category: 'old', categorySource: 'history' },
        rules,
        history,
      ),
    ).toEqual({ category: FOOD, categorySource: 'rule' });
  });

  it('suggests nothing for an unknown or empty description', () => {
    expect(suggestCategory({ label: 'LOJA NOVA', amountCents: -100 }, rules, history)).toEqual({
      category: null,
      categorySource: null,
    });
    expect(suggestCategory({ label: 'Pix enviado', amountCents: -100 }, rules, history)).toEqual({
      category: null,
      categorySource: null,
    });
  });

  it('fits categories to the direction of money', () => {
    expect(categoryFitsAmount('income', 1)).toBe(true);
    expect(categoryFitsAmount('income', -1)).toBe(false);
    expect(categoryFitsAmount('expense', -1)).toBe(true);
    expect(categoryFitsAmount('expense', 1)).toBe(false);
    expect(categoryFitsAmount('transfer', 1)).toBe(true);
    expect(categoryFitsAmount('transfer', -1)).toBe(true);
  });
});
