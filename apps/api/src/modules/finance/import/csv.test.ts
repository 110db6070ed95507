import { describe, expect, it } from 'vitest';
import { parseCsvStatement } from './csv';

const read = (text: string, options = {}) => {
  const result = parseCsvStatement(text, options);
  if (!result.ok) throw new Error(result.message);
  return result;
};

describe('parseCsvStatement', () => {
  it('detects the delimiter: comma', () => {
    const r = read('Data,Valor,Descrição\n01/10/2024,-10.50,Café\n');
    expect(r.delimiter).toBe(',');
    expect(r.rows).toEqual([
      {
        row: 2,
        date: '2024-10-01',
        amountCents: -1050,
        label: 'Café',
        description: null,
        externalId: null,
        categoryLabel: null,
        note: null,
        balanceCents: null,
      },
    ]);
  });

  it('detects the delimiter: semicolon, with comma decimals', () => {
    const r = read('Data;Histórico;Valor\n01/10/2024;Pix, enviado;-1.234,56\n');
    expect(r.delimiter).toBe(';');
    expect(r.rows[0]).toMatchObject({ label: 'Pix, enviado', amountCents: -123456 });
  });

  it('skips a preamble above the header and reads quoted fields', () => {
    const text = [
      'Banco Exemplo S.A.',
      'Agência: 0001;Conta: 12345-6',
      'Período: 01/10/2024 a 31/10/2024',
      '',
      'Data;Descrição;Valor;Observação',
      '02/10/2024;"Loja ""Boa Vista""; filial 2";-99,90;"linha 1',
      'linha 2"',
      '03/10/2024;Salário;5.000,00;',
    ].join('\n');
    const r = read(text);
    expect(r.header).toEqual(['Data', 'Descrição', 'Valor', 'Observação']);
    expect(r.rows.map((x) => [x.row, x.label, x.amountCents, x.note])).toEqual([
      [7, 'Loja "Boa Vista"; filial 2', -9990, 'linha 1\nlinha 2'],
      [8, 'Salário', 500000, null],
    ]);
  });

  it('skips balance and total lines between and after the rows', () => {
    const text = [
      'Data;Lançamento;Valor',
      '30/09/2024;SALDO ANTERIOR;1.000,00',
      '30/09/2024;;;',
      '01/10/2024;PADARIA;-10,00',
      '01/10/2024;Saldo do dia;990,00',
      '',
      'Saldo final;;990,00',
      'Total de lançamentos;;1',
    ].join('\n');
    const r = read(text);
    expect(r.rows.map((x) => x.label)).toEqual(['PADARIA']);
    expect(r.errors).toEqual([]);
  });

  it('gives a per-row error for each unreadable row and reads the others', () => {
    const text = [
      'Data,Valor,Descrição',
      '30/02/2024,-10.00,Data inexistente',
      '01/10/2024,dez reais,Valor por extenso',
      '01/10/2024,,Sem valor',
      '01/10/2024,0.00,Zerado',
      '01/10/2024,-1.234,Ambíguo',
      ',-5.00,Sem data',
      '01/10/2024,-5.00,',
      '02/10/2024,-5.00,Boa',
    ].join('\n');
    const r = read(text);
    expect(r.rows.map((x) => x.label)).toEqual(['Boa']);
    expect(r.errors).toEqual([
      { row: 2, message: 'Data inválida: "30/02/2024".' },
      { row: 3, message: 'Valor inválido: "dez reais".' },
      { row: 4, message: 'Valor em branco.' },
      { row: 5, message: 'Valor zero: a linha não é um lançamento.' },
      {
        row: 6,
        message:
          'Valor ambíguo (milhar ou três casas decimais?); escreva os centavos, como 1.234,00: "-1.234".',
      },
      { row: 7, message: 'Data em branco.' },
      { row: 8, message: 'Linha sem descrição.' },
    ]);
  });

  it('reads separate Crédito and Débito columns, a positive Débito being money out', () => {
    const text = [
      'Data;Histórico;Docto.;Crédito (R$);Débito (R$);Saldo (R$)',
      '01/10/2024;TED RECEBIDA;123;1.500,00;;1.500,00',
      '02/10/2024;PAGTO ELETRON;456;;320,10;1.179,90',
      '03/10/2024;TARIFA;789;;-12,00;1.167,90',
    ].join('\n');
    const r = read(text);
    expect(r.rows.map((x) => x.amountCents)).toEqual([150000, -32010, -1200]);
    expect(r.balance).toEqual({ cents: 116790, date: '2024-10-03' });
  });

  it("uses the client's mapping, also for names no bank uses", () => {
    const text = 'Quando;Quanto;O quê\n01/10/2024;-10,00;Café\n';
    expect(parseCsvStatement(text).ok).toBe(false);
    const r = read(text, { columns: { Quando: 'date', Quanto: 'amount', 'O quê': 'label' } });
    expect(read('Data;Valor;Descrição\n01/10/2024;-1,00;A\n', { columns: {} }).rows).toHaveLength(
      1,
    );
    expect(r.rows[0]).toMatchObject({ date: '2024-10-01', amountCents: -1000, label: 'Café' });
  });

  it('inverts amounts on request', () => {
    const r = read(
      'date,title,amount\n2024-10-02,Uber,23.45\n2024-10-05,Pagamento recebido,-100\n',
      {
        invertAmounts: true,
      },
    );
    expect(r.rows.map((x) => x.amountCents)).toEqual([-2345, 10000]);
  });

  it('reads a file whose stray quote never closes', () => {
    const r = read('Data;Descrição;Valor\n01/10/2024;"Loja;-10,00\n02/10/2024;Outra;-5,00\n');
    expect(r.rows.map((x) => x.amountCents)).toEqual([-1000, -500]);
  });

  it('skips a header repeated on every page', () => {
    const r = read(
      'Data,Valor,Descrição\n01/10/2024,-1.00,A\nData,Valor,Descrição\n02/10/2024,-2.00,B\n',
    );
    expect(r.rows.map((x) => x.label)).toEqual(['A', 'B']);
    expect(r.errors).toEqual([]);
  });

  it('refuses a file without a header it can read', () => {
    expect(parseCsvStatement('just some text\nwithout columns\n')).toEqual({
      ok: false,
      code: 'IMPORT_FILE_INVALID',
      message:
        'Não encontramos o cabeçalho do extrato (colunas de data e valor). Confira o arquivo ou o mapeamento das colunas.',
    });
  });

  it('refuses more than 5,000 rows', () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `01/10/2024,-1.00,Linha ${i}`);
    const result = parseCsvStatement(['Data,Valor,Descrição', ...rows].join('\n'));
    expect(result).toMatchObject({ ok: false, code: 'IMPORT_TOO_MANY_ROWS' });
  });
});
