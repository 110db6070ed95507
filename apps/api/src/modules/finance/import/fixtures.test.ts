import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';
import { suggestMapping } from './mapping';
import { readStatement } from './statement';
import type { ImportRow, ReadStatementInput, Statement } from './statement';

const bytes = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** Reads bytes as the web sends them: base64 of the raw file. */
function statementOf(file: Buffer, options: Partial<ReadStatementInput> = {}): Statement {
  const result = readStatement({
    data: file.toString('base64'),
    dataEncoding: 'base64',
    ...options,
  });
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result;
}
const read = (name: string, options: Partial<ReadStatementInput> = {}) =>
  statementOf(bytes(name), options);

const sum = (rows: ImportRow[]) => rows.reduce((total, row) => total + row.amountCents, 0);
const keys = (rows: ImportRow[]) => rows.map((row) => row.importKey);

describe('Nubank account CSV', () => {
  const statement = read('nubank-conta.csv');

  it('reads every row', () => {
    expect(statement).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      currency: null,
      errors: [],
    });
    expect(statement.rows).toHaveLength(12);
    expect(sum(statement.rows)).toBe(1811);
    expect(statement.rows[0]).toMatchObject({
      row: 2,
      date: '2024-10-01',
      amountCents: 320000,
      externalId: '66fb8e1a-4c2d-4b7e-9f10-2a3b4c5d6e01',
      label:
        'Transferência recebida pelo Pix - ESTUDIO ALFA LTDA - 12.345.678/0001-90 - BCO BRADESCO S.A. (0237) Agência: 1234 Conta: 56789-0',
      description: null,
    });
    expect(statement.rows[5]).toMatchObject({
      amountCents: -4590,
      label: 'Compra no débito - RESTAURANTE SABOR, BOM',
    });
  });

  it('keys rows by the bank id, so the two identical coffees stay two', () => {
    expect(keys(statement.rows).every((k) => k.startsWith('ext:'))).toBe(true);
    expect(new Set(keys(statement.rows)).size).toBe(12);
  });

  it('is mapped from its header as the export names it', () => {
    const header = bytes('nubank-conta.csv').toString('utf8').split('\n')[0]!.split(',');
    expect(suggestMapping(header).mapping).toEqual({
      Data: 'date',
      Valor: 'amount',
      Identificador: 'external_id',
      Descrição: 'label',
    });
  });
});

describe('Nubank card bill CSV', () => {
  it('suggests inverting its positive purchases, and reads every row so', () => {
    const text = bytes('nubank-fatura.csv').toString('utf8');
    const { invertAmounts } = suggestMapping(text.split('\n')[0]!.split(','));
    expect(invertAmounts).toBe(true);
    const statement = read('nubank-fatura.csv', { invertAmounts });
    expect(statement.errors).toEqual([]);
    expect(statement.rows).toHaveLength(9);
    expect(statement.rows.map((r) => r.amountCents)).toEqual([
      -2345, -2345, -8990, 131240, -2190, -5430, 2345, -14900, -3310,
    ]);
    expect(sum(statement.rows)).toBe(94075);
    const [uber1, uber2] = keys(statement.rows);
    expect(uber1).toMatch(/^txt:/);
    expect(uber1).not.toBe(uber2);
  });
});

describe('Inter statement CSV', () => {
  const file = bytes('inter-extrato.csv');
  const statement = read('inter-extrato.csv');

  it('skips the preamble and reads every row, BOM and CRLF included', () => {
    expect(statement).toMatchObject({ format: 'csv', encoding: 'utf-8', errors: [] });
    expect(statement.rows).toHaveLength(10);
    expect(statement.rows[0]).toMatchObject({
      row: 7,
      date: '2024-10-31',
      label: 'Tarifa',
      description: 'Tarifa mensal pacote de serviços',
      amountCents: -1290,
      balanceCents: 241033,
    });
  });

  it("agrees with the file's own balances", () => {
    const oldestFirst = [...statement.rows].reverse();
    const opening = oldestFirst[0]!.balanceCents! - oldestFirst[0]!.amountCents;
    let running = opening;
    for (const row of oldestFirst) {
      running += row.amountCents;
      expect(row.balanceCents).toBe(running);
    }
    const preambleBalance = /^Saldo ;(.*)$/m.exec(file.toString('utf8'))![1]!.trim();
    expect(parseAmount(preambleBalance)).toEqual({ ok: true, value: 241033 });
    expect(statement.balance).toEqual({ cents: 241033, date: '2024-10-31' });
    expect(opening).toBe(100000);
    expect(opening + sum(statement.rows)).toBe(241033);
  });

  it('keeps identical rows of one day apart and finds them again in an overlapping file', () => {
    expect(new Set(keys(statement.rows)).size).toBe(10);
    // The same export for 02/10 to 10/10 only: its rows are some of the month's.
    const lines = file.toString('utf8').split('\r\n');
    const header = lines.indexOf('Data Lançamento;Histórico;Descrição;Valor;Saldo');
    const inRange = lines.slice(header + 1).filter((l) => /^(0[2-9]|10)\/10\/2024;/.test(l));
    const partial = statementOf(
      Buffer.from([...lines.slice(0, header + 1), ...inRange, ''].join('\r\n')),
    );
    expect(partial.rows).toHaveLength(5);
    const monthKeys = new Set(keys(statement.rows));
    expect(keys(partial.rows).every((k) => monthKeys.has(k))).toBe(true);
  });
});

describe('OFX 1.02 SGML (Windows-1252, comma decimals, [-3:BRT])', () => {
  const file = bytes('itau-extrato.ofx');
  const statement = read('itau-extrato.ofx');

  it('reads every row, with accents and comma decimals', () => {
    expect(statement).toMatchObject({
      format: 'ofx',
      encoding: 'windows-1252',
      currency: 'BRL',
      errors: [],
    });
    expect(statement.rows).toHaveLength(10);
    expect(statement.rows[2]).toMatchObject({
      row: 3,
      date: '2024-10-03',
      amountCents: -125000,
      label: 'PIX TRANSF JOSÉ ANTÔNI03/10',
      externalId: '20241003001',
    });
    expect(statement.rows[0]!.amountCents).toBe(500000);
  });

  it('sums to its LEDGERBAL', () => {
    expect(statement.balance).toEqual({ cents: 278921, date: '2024-11-01' });
    expect(sum(statement.rows)).toBe(statement.balance!.cents);
  });

  it('keeps the rows of a repeated FITID, each with its own key', () => {
    const repeated = statement.rows.filter((r) => r.externalId === '20241003002');
    expect(repeated).toHaveLength(2);
    expect(new Set(keys(statement.rows)).size).toBe(10);
  });

  it('gives the same keys to the rows of an overlapping file', () => {
    const text = file.toString('latin1');
    const withoutFirstTwo = text.replace(/(<STMTTRN>[\s\S]*?<\/STMTTRN>\r\n){2}/, '');
    const partial = statementOf(Buffer.from(withoutFirstTwo, 'latin1'));
    expect(partial.rows).toHaveLength(8);
    expect(keys(partial.rows)).toEqual(keys(statement.rows).slice(2));
  });
});

describe('QFX credit-card statement (ISO-8859-1)', () => {
  const statement = read('cartao-latin1.qfx');

  it('reads every row and sums to its LEDGERBAL', () => {
    expect(statement).toMatchObject({ format: 'ofx', encoding: 'windows-1252', errors: [] });
    expect(statement.rows.map((r) => [r.date, r.label, r.description, r.amountCents])).toEqual([
      ['2024-10-03', 'FARMÁCIA SÃO JOÃO', 'Compra à vista', -5990],
      ['2024-10-05', 'AÇOUGUE BOI BRAVO', 'Compra à vista', -12000],
      ['2024-10-09', 'CAFÉ & CIA', 'Compra à vista', -3500],
      ['2024-10-12', 'PAGAMENTO EFETUADO', 'Pagamento da fatura', 120000],
      ['2024-10-18', 'LOJA ÓTICA VISÃO', 'Parcela 1/3', -24990],
      ['2024-10-25', 'ESTACIONAMENTO CENTRO', null, -1875],
    ]);
    expect(sum(statement.rows)).toBe(statement.balance!.cents);
    expect(statement.balance).toEqual({ cents: 71645, date: '2024-10-31' });
  });
});

describe('OFX 2.2 XML (UTF-8)', () => {
  const statement = read('extrato-ofx2.ofx');

  it('reads every row and sums to its LEDGERBAL', () => {
    expect(statement).toMatchObject({ format: 'ofx', encoding: 'utf-8', errors: [] });
    expect(statement.rows.map((r) => [r.label, r.description, r.amountCents])).toEqual([
      ['Salário', 'ACME SERVICOS LTDA', 250000],
      ['Supermercado Bom Preço', null, -7540],
      ['Supermercado Bom Preço', null, -7540],
      ['Aluguel garagem', 'Ref. novembro', -30000],
    ]);
    expect(sum(statement.rows)).toBe(statement.balance!.cents);
    expect(new Set(keys(statement.rows)).size).toBe(4);
  });
});

describe('re-importing', () => {
  it.each([
    'nubank-conta.csv',
    'nubank-fatura.csv',
    'inter-extrato.csv',
    'itau-extrato.ofx',
    'cartao-latin1.qfx',
    'extrato-ofx2.ofx',
  ])('%s twice yields the same keys', (name) => {
    expect(keys(read(name).rows)).toEqual(keys(read(name).rows));
  });

  it('the same file sent as text or as base64 yields the same rows', () => {
    const text = bytes('nubank-conta.csv').toString('utf8');
    const asText = readStatement({ data: text, dataEncoding: 'text' });
    expect(asText.ok && asText.rows).toEqual(read('nubank-conta.csv').rows);
  });
});
