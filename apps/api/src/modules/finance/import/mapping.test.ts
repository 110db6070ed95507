import { describe, expect, it } from 'vitest';
import { normalizeColumnName, resolveColumns, suggestMapping } from './mapping';

describe('suggestMapping', () => {
  it('maps Nubank account export columns', () => {
    expect(suggestMapping(['Data', 'Valor', 'Identificador', 'Descrição'])).toEqual({
      mapping: { Data: 'date', Valor: 'amount', Identificador: 'external_id', Descrição: 'label' },
      invertAmounts: false,
    });
  });

  it('maps Inter: Histórico is the label, Descrição the description, Saldo ignored', () => {
    expect(
      suggestMapping(['Data Lançamento', 'Histórico', 'Descrição', 'Valor', 'Saldo']).mapping,
    ).toEqual({
      'Data Lançamento': 'date',
      Histórico: 'label',
      Descrição: 'description',
      Valor: 'amount',
      Saldo: null,
    });
  });

  it("recognises Nubank's card bill and suggests inverting its positive purchases", () => {
    expect(suggestMapping(['date', 'title', 'amount'])).toEqual({
      mapping: { date: 'date', title: 'label', amount: 'amount' },
      invertAmounts: true,
    });
    expect(suggestMapping(['date', 'category', 'title', 'amount']).mapping.category).toBe(
      'category',
    );
  });

  it('reads pt-BR and English names whatever their case, accents and punctuation', () => {
    expect(
      suggestMapping([
        'DATA DO LANÇAMENTO',
        'Lançamento',
        'Valor (R$)',
        'Categoria',
        'Observação',
        'Saldo (R$)',
      ]).mapping,
    ).toEqual({
      'DATA DO LANÇAMENTO': 'date',
      Lançamento: 'label',
      'Valor (R$)': 'amount',
      Categoria: 'category',
      Observação: 'note',
      'Saldo (R$)': null,
    });
    expect(
      suggestMapping(['Date', 'Description', 'Amount', 'ID', 'Memo', 'Notes']).mapping,
    ).toEqual({
      Date: 'date',
      Description: 'label',
      Amount: 'amount',
      ID: 'external_id',
      Memo: 'description',
      Notes: 'note',
    });
    expect(suggestMapping(['Data Movimento', 'Histórico', 'Valor']).mapping['Data Movimento']).toBe(
      'date',
    );
    expect(suggestMapping(['Dt. Lançamento', 'x']).mapping['Dt. Lançamento']).toBe('date');
  });

  it('maps separate Crédito and Débito columns both to amount', () => {
    expect(
      suggestMapping(['Data', 'Histórico', 'Docto.', 'Crédito (R$)', 'Débito (R$)', 'Saldo (R$)'])
        .mapping,
    ).toEqual({
      Data: 'date',
      Histórico: 'label',
      'Docto.': null,
      'Crédito (R$)': 'amount',
      'Débito (R$)': 'amount',
      'Saldo (R$)': null,
    });
  });

  it('gives each field one column, keeps repeated names once and limits to to_columns', () => {
    expect(suggestMapping(['Data', 'Data', 'Valor']).mapping).toEqual({
      Data: 'date',
      Valor: 'amount',
    });
    expect(suggestMapping(['Data', 'Valor', 'Descrição'], ['date', 'amount'])).toEqual({
      mapping: { Data: 'date', Valor: 'amount', Descrição: null },
      invertAmounts: false,
    });
  });

  it('is safe with hostile header names', () => {
    const { mapping } = suggestMapping(['__proto__', 'constructor', 'toString', '', 'Data']);
    expect(Object.getPrototypeOf(mapping)).toBe(Object.prototype);
    expect(Object.keys(mapping)).toEqual(['__proto__', 'constructor', 'toString', '', 'Data']);
    expect(mapping.Data).toBe('date');
    expect(resolveColumns(['constructor', 'Valor'], { Valor: 'amount' })).toBeNull();
  });
});

describe('resolveColumns', () => {
  it('finds the client mapping by the names as written or as normalised', () => {
    const roles = resolveColumns(['DATA', 'valor', 'Débito', 'Saldo'], {
      Data: 'date',
      Valor: 'amount',
      Débito: 'amount',
    });
    expect(roles?.fields.get('date')).toEqual([0]);
    expect(roles?.fields.get('amount')).toEqual([1, 2]);
    expect([...(roles?.debitColumns ?? [])]).toEqual([2]);
    expect(roles?.balanceColumn).toBe(3);
  });

  it('is null without a date or an amount column', () => {
    expect(resolveColumns(['Data', 'Descrição'], { Data: 'date', Descrição: 'label' })).toBeNull();
  });

  it('normalises names', () => {
    expect(normalizeColumnName('  Data do Lançamento ')).toBe('data lancamento');
    expect(normalizeColumnName('Valor (R$)')).toBe('valor');
    expect(normalizeColumnName('Dt. Mov.')).toBe('data mov');
  });
});
