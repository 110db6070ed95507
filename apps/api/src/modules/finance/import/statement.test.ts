import { FINANCE_ERRORS, IMPORT_FILE_MAX_BYTES } from '@fa-clube/contract';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readStatement } from './statement';

const CSV = 'Data;Descrição;Valor\n01/10/2024;Pão de açúcar;-12,50\n';
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const readBytes = (bytes: Uint8Array) =>
  readStatement({ data: base64(bytes), dataEncoding: 'base64' });

describe('readStatement: the file as the web sends it', () => {
  it.each([
    ['UTF-8', Buffer.from(CSV, 'utf8'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV)]), 'utf-8'],
    ['Windows-1252', iconv.encode(CSV, 'win1252'), 'windows-1252'],
    ['ISO-8859-1', iconv.encode(CSV, 'latin1'), 'windows-1252'],
    [
      'UTF-16LE with BOM',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(CSV, 'utf16le')]),
      'utf-16le',
    ],
  ])('detects %s from the bytes', (_, bytes, encoding) => {
    const result = readBytes(bytes);
    expect(result).toMatchObject({ ok: true, format: 'csv', encoding, errors: [] });
    expect(result.ok && result.rows[0]).toMatchObject({
      label: 'Pão de açúcar',
      amountCents: -1250,
    });
  });

  it('accepts a data: URL as FileReader.readAsDataURL gives it', () => {
    const result = readStatement({
      data: `data:text/csv;base64,${base64(Buffer.from(CSV))}`,
      dataEncoding: 'base64',
    });
    expect(result).toMatchObject({ ok: true, format: 'csv' });
  });

  it('takes text already decoded', () => {
    expect(readStatement({ data: `\uFEFF${CSV}`, dataEncoding: 'text' })).toMatchObject({
      ok: true,
      encoding: 'text',
    });
  });

  it.each([
    ['not base64', 'isto não é base64!', 'IMPORT_DATA_ENCODING_INVALID'],
    ['bad padding', 'QUJD=', 'IMPORT_DATA_ENCODING_INVALID'],
    ['an empty file', '', 'IMPORT_FILE_INVALID'],
    ['only blanks', base64(Buffer.from(' \r\n\t ')), 'IMPORT_FILE_INVALID'],
  ])('refuses %s', (_, data, code) => {
    expect(readStatement({ data, dataEncoding: 'base64' })).toMatchObject({ ok: false, code });
  });

  it('refuses a file over 2 MB, in either encoding', () => {
    const big = Buffer.alloc(IMPORT_FILE_MAX_BYTES + 1, 0x41);
    expect(readBytes(big)).toMatchObject({ ok: false, code: 'IMPORT_FILE_TOO_LARGE' });
    expect(readStatement({ data: big.toString('latin1'), dataEncoding: 'text' })).toMatchObject({
      ok: false,
      code: 'IMPORT_FILE_TOO_LARGE',
    });
  });

  it.each([
    [
      '%PDF-1.7\n...',
      'Este arquivo é um PDF. Exporte o extrato do banco em CSV ou OFX e envie-o de novo.',
    ],
    [
      'PK\u0003\u0004xl/workbook',
      'Este arquivo é uma planilha ou arquivo compactado (XLSX/ZIP). Exporte o extrato do banco em CSV ou OFX e envie-o de novo.',
    ],
    [
      'Data;Valor\u0000\u0000\u0001',
      'Este arquivo é binário, não um texto. Exporte o extrato do banco em CSV ou OFX e envie-o de novo.',
    ],
  ])('tells a person what they sent instead of a statement', (content, message) => {
    expect(readBytes(Buffer.from(content, 'latin1'))).toEqual({
      ok: false,
      code: 'IMPORT_FILE_INVALID',
      message,
    });
  });

  it('reads OFX whatever the extension or the mapping sent', () => {
    const ofx =
      'OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20241001<TRNAMT>-1,00<MEMO>X</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    expect(
      readStatement({
        data: ofx,
        dataEncoding: 'text',
        columns: { Data: 'date' },
        invertAmounts: true,
      }),
    ).toMatchObject({ ok: true, format: 'ofx', rows: [{ amountCents: -100 }] });
  });

  it('never throws on hostile input: it reads it or refuses it with a finance error code', () => {
    let seed = 20241015;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = [
      'OFXHEADER:100\n',
      '<OFX>',
      '</OFX>',
      '<STMTTRN>',
      '</STMTTRN>',
      '<TRNAMT>',
      '<DTPOSTED>',
      '<MEMO>',
      '<!--',
      ']]>',
      '<![CDATA[',
      '&',
      '&#99999999;',
      '"',
      ';',
      ',',
      '\n',
      '\r\n',
      'Data',
      'Valor',
      'Descrição',
      '01/10/2024',
      '-1.234,56',
      '(30,00)',
      '1e309',
      'NaN',
      '__proto__',
      '\uFEFF',
      '\u0000',
      '<',
      '>',
      '30/02/2024',
      '20241015120000[-3:BRT]',
    ];
    for (let i = 0; i < 400; i++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 60) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      const bytes = Buffer.from(
        Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256)),
      );
      for (const result of [
        readStatement({ data: text, dataEncoding: 'text' }),
        readBytes(bytes),
        readStatement({ data: text, dataEncoding: 'base64' }),
      ]) {
        if (!result.ok) expect(Object.keys(FINANCE_ERRORS)).toContain(result.code);
        else
          for (const row of result.rows) expect(Number.isSafeInteger(row.amountCents)).toBe(true);
      }
    }
  });
});
