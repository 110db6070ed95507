import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { isOfx, parseOfxStatement, sgmlToXml } from './ofx';

const read = (text: string) => {
  const result = parseOfxStatement(text);
  if (!result.ok) throw new Error(result.message);
  return result;
};

const wrap = (transactions: string, extra = '') =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKTRANLIST>\n${transactions}\n</BANKTRANLIST>${extra}</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('sgmlToXml', () => {
  it('closes SGML leaves and keeps aggregates', () => {
    expect(sgmlToXml('<OFX>\n<STMTTRN>\n<TRNAMT>-45,90\n<MEMO>PADARIA\n</STMTTRN>\n</OFX>')).toBe(
      '<OFX><STMTTRN><TRNAMT>-45,90</TRNAMT><MEMO>PADARIA</MEMO></STMTTRN></OFX>',
    );
  });

  it('treats an empty, never-closed tag as an empty leaf, not a parent', () => {
    expect(sgmlToXml('<STMTTRN><MEMO>\n<NAME>X\n</STMTTRN>')).toBe(
      '<STMTTRN><MEMO></MEMO><NAME>X</NAME></STMTTRN>',
    );
  });

  it('leaves OFX 2 XML well-formed: closed leaves, self-closing tags, comments, declarations', () => {
    const xml = sgmlToXml(
      '<?xml version="1.0"?><?OFX OFXHEADER="200"?><!-- c --><OFX><A><B>1</B><C/><D></D></A></OFX>',
    );
    expect(xml).toBe('<OFX><A><B>1</B><C></C><D></D></A></OFX>');
  });

  it('escapes bare ampersands and brackets in text, keeps entities, upper-cases names', () => {
    const xml = sgmlToXml('<ofx><name>CAFÉ & CIA &amp; FILHOS &nbsp;<memo>a<b</ofx>');
    expect(xml).toBe(
      '<OFX><NAME>CAFÉ &amp; CIA &amp; FILHOS &nbsp;</NAME><MEMO>a&lt;b</MEMO></OFX>',
    );
    expect(new XMLParser().parse(xml)).toBeTruthy();
  });

  it('drops stray closing tags and closes unclosed aggregates at their parent', () => {
    expect(sgmlToXml('<A><B><C>1</C></X></A></B>')).toBe('<A><B><C>1</C></B></A>');
    expect(sgmlToXml('<A><B>\n<C>\n</A>')).toBe('<A><B></B><C></C></A>');
  });
});

describe('parseOfxStatement', () => {
  it('reads NAME as the label and MEMO as the description', () => {
    const r = read(
      wrap(
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20241002<TRNAMT>-10.00<FITID>A1<NAME>PADARIA<MEMO>Cartão final 1234</STMTTRN>',
      ),
    );
    expect(r.rows).toEqual([
      {
        row: 1,
        date: '2024-10-02',
        amountCents: -1000,
        label: 'PADARIA',
        description: 'Cartão final 1234',
        externalId: 'A1',
        categoryLabel: null,
        note: null,
        balanceCents: null,
      },
    ]);
    expect(r.currency).toBe('BRL');
  });

  it('uses MEMO as the label when there is no NAME, and PAYEE NAME when there is', () => {
    const r = read(
      wrap(
        '<STMTTRN><DTPOSTED>20241002<TRNAMT>-1,00<MEMO>SÓ MEMO</STMTTRN>' +
          '<STMTTRN><DTPOSTED>20241002<TRNAMT>-2,00<PAYEE><NAME>FAVORECIDO</PAYEE><MEMO>REF</STMTTRN>',
      ),
    );
    expect(r.rows.map((x) => [x.label, x.description])).toEqual([
      ['SÓ MEMO', null],
      ['FAVORECIDO', 'REF'],
    ]);
  });

  it('makes a positive DEBIT money out, as some banks write it', () => {
    const r = read(
      wrap('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20241002<TRNAMT>30,00<MEMO>TARIFA</STMTTRN>'),
    );
    expect(r.rows[0]?.amountCents).toBe(-3000);
  });

  it('gives per-row errors by position and keeps reading', () => {
    const r = read(
      wrap(
        '<STMTTRN><DTPOSTED>20240230<TRNAMT>-1,00<MEMO>A</STMTTRN>' +
          '<STMTTRN><DTPOSTED>20241002<TRNAMT>abc<MEMO>B</STMTTRN>' +
          '<STMTTRN><DTPOSTED>20241002<TRNAMT>-1,00</STMTTRN>' +
          '<STMTTRN><DTPOSTED>20241002<TRNAMT>-3,00<MEMO>D</STMTTRN>',
      ),
    );
    expect(r.rows.map((x) => x.row)).toEqual([4]);
    expect(r.errors).toEqual([
      { row: 1, message: 'Data inválida: "20240230".' },
      { row: 2, message: 'Valor inválido: "abc".' },
      { row: 3, message: 'Lançamento sem descrição (NAME/MEMO).' },
    ]);
  });

  it('reads LEDGERBAL as the stated balance', () => {
    const r = read(
      wrap('', '<LEDGERBAL><BALAMT>1.234,56<DTASOF>20241031120000[-3:BRT]</LEDGERBAL>'),
    );
    expect(r.balance).toEqual({ cents: 123456, date: '2024-10-31' });
    expect(r.rows).toEqual([]);
  });

  it('refuses a file without a statement or that is not OFX at all', () => {
    expect(
      parseOfxStatement('OFXHEADER:100\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>'),
    ).toMatchObject({
      ok: false,
      code: 'IMPORT_FILE_INVALID',
    });
    expect(parseOfxStatement('OFXHEADER:100\nnothing here')).toMatchObject({
      ok: false,
      code: 'IMPORT_FILE_INVALID',
    });
  });

  it('tells OFX from CSV', () => {
    expect(isOfx('OFXHEADER:100\nDATA:OFXSGML')).toBe(true);
    expect(isOfx('\uFEFF<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?>')).toBe(true);
    expect(isOfx('<OFX>')).toBe(true);
    expect(isOfx('Data;Valor\n01/10/2024;<OFX>')).toBe(false);
    expect(isOfx('<?xml version="1.0"?><planilha/>')).toBe(false);
  });
});

describe('hostile OFX', () => {
  // Up to 1.8 MB of one unclosed piece: a linear parser needs well under a second even on a
  // loaded machine; a quadratic one (a rescan per piece) needs hours. The bound only tells the
  // two apart, so a busy CI machine cannot make it fail.
  it('stays linear on unclosed comments, instructions and tags', { timeout: 180_000 }, () => {
    for (const piece of ['<!--', '<?', '<![CDATA[', '<A', '<', '</A>']) {
      const started = performance.now();
      const result = parseOfxStatement(`OFXHEADER:100\n<OFX>${piece.repeat(200_000)}`);
      expect(result.ok).toBe(false);
      expect(performance.now() - started).toBeLessThan(25_000);
    }
  });

  it('refuses nesting deeper than any statement', () => {
    const deep = `<OFX>${'<A>'.repeat(100)}x${'</A>'.repeat(100)}</OFX>`;
    expect(parseOfxStatement(deep)).toMatchObject({ ok: false, code: 'IMPORT_FILE_INVALID' });
  });
});
