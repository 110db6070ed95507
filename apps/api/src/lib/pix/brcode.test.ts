import { describe, expect, it } from 'vitest';
import { foldText } from '@fa-clube/contract';
import { crc16, decodeBrCode, encodeBrCode, newTxid, parseTlv } from './index';
import { crcOf, writeDynamicBrCode } from '../../../test/support/brcode-writer';

/** Banco Central, "Manual de Padrões para Iniciação do Pix", static-code example (CRC 1D3D). */
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/**
 * The Manual's full EMV example (two merchant accounts, postal code, unreserved
 * template 80), also the fixture of naomijub/brcode (Rust) tests.
 */
const MANUAL_FULL =
  '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38';

describe('crc16 (CCITT-FALSE)', () => {
  it('matches the standard check value and the Manual example', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
    expect(crc16(MANUAL_FULL.slice(0, -4))).toBe('AD38');
  });
});

describe('encodeBrCode', () => {
  it('reproduces the Manual example byte for byte', () => {
    expect(
      encodeBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(MANUAL_STATIC);
  });

  // Expected outputs published by thalesog/pix-utils (tests/emvCodes.ts), a TypeScript implementation.
  it('matches thalesog/pix-utils for a static code with amount and description', () => {
    expect(
      encodeBrCode({
        key: 'thalesog@me.com',
        description: 'Pedido 123',
        amountCents: 1000,
        merchantName: 'Thales Ogliari',
        merchantCity: 'SÃO MIGUÉL DO O',
      }),
    ).toBe(
      '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63044367',
    );
  });

  it('matches thalesog/pix-utils for a dynamic code (URL, no point of initiation)', () => {
    expect(
      encodeBrCode({
        url: 'payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
        merchantName: 'Thales Ogliari',
        merchantCity: 'SÃO MIGUÉL DO O',
        pointOfInitiation: null,
      }),
    ).toBe(
      '00020126740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63040C64',
    );
  });

  it('writes a dynamic code with point of initiation 12 and txid ***', () => {
    const code = encodeBrCode({
      url: 'psp.example.com/qr/v2/abc',
      amountCents: 2542,
      merchantName: 'Ana',
      merchantCity: 'Recife',
    });
    expect(code.startsWith('000201010212')).toBe(true);
    const d = decodeBrCode(code);
    expect(d).toMatchObject({
      type: 'dynamic',
      pointOfInitiation: '12',
      amount: '25.42',
      amountCents: 2542,
      txid: '***',
      merchantAccount: { url: 'psp.example.com/qr/v2/abc', key: null },
    });
  });

  it('folds accents, keeps case, and round-trips every field through the decoder', () => {
    const code = encodeBrCode({
      key: '+5511987654321',
      description: 'Assinatura mensal de @joão',
      amountCents: 2990,
      merchantName: 'Conceição Araújo',
      merchantCity: 'São Paulo',
      txid: 'FC0123456789abcdefABCDEF1',
    });
    const d = decodeBrCode(code);
    expect(d).toEqual({
      payloadFormatIndicator: '01',
      pointOfInitiation: null,
      type: 'static',
      recurrence: null,
      merchantAccount: {
        gui: 'br.gov.bcb.pix',
        key: '+5511987654321',
        description: 'Assinatura mensal de @joao',
        url: null,
      },
      merchantCategoryCode: '0000',
      currency: '986',
      amount: '29.90',
      amountCents: 2990,
      countryCode: 'BR',
      merchantName: 'Conceicao Araujo',
      merchantCity: 'Sao Paulo',
      postalCode: null,
      txid: 'FC0123456789abcdefABCDEF1',
      crc: code.slice(-4),
    });
    expect(foldText('  Ñandú   Çedilha ')).toBe('Nandu Cedilha');
  });

  it.each([
    [{ merchantName: 'x'.repeat(26) }, 'NAME_TOO_LONG'],
    [{ merchantCity: 'Sao Jose dos Campos' }, 'CITY_TOO_LONG'],
    [{ merchantName: '' }, 'NAME_REQUIRED'],
    [{ txid: 'x'.repeat(26) }, 'INVALID_TXID'],
    [{ txid: 'com-hifen' }, 'INVALID_TXID'],
    [{ amountCents: 0 }, 'INVALID_AMOUNT'],
    [{ amountCents: 10.5 }, 'INVALID_AMOUNT'],
    [{ key: `${'a'.repeat(70)}@ex.com.br` }, 'ACCOUNT_TOO_LONG'],
    [{ key: 'a@b.co', description: 'd'.repeat(70) }, 'ACCOUNT_TOO_LONG'],
    [{ key: undefined }, 'KEY_OR_URL'],
    [{ url: 'x.com/a' }, 'KEY_OR_URL'],
  ])('refuses %o (%s)', (override, code) => {
    expect(() =>
      encodeBrCode({
        key: 'a@b.co',
        merchantName: 'Ana',
        merchantCity: 'Recife',
        ...override,
      }),
    ).toThrow(expect.objectContaining({ code }));
  });

  it('refuses a dynamic code with a scheme or a txid', () => {
    const base = { merchantName: 'Ana', merchantCity: 'Recife' };
    expect(() => encodeBrCode({ ...base, url: 'https://x.com/a' })).toThrow(
      expect.objectContaining({ code: 'INVALID_URL' }),
    );
    expect(() => encodeBrCode({ ...base, url: 'x.com/a', txid: 'ABC' })).toThrow(
      expect.objectContaining({ code: 'INVALID_TXID' }),
    );
  });
});

describe('decodeBrCode', () => {
  it('decodes the Manual example to a typed structure', () => {
    expect(decodeBrCode(MANUAL_STATIC)).toEqual({
      payloadFormatIndicator: '01',
      pointOfInitiation: null,
      type: 'static',
      recurrence: null,
      merchantAccount: {
        gui: 'br.gov.bcb.pix',
        key: '123e4567-e12b-12d1-a456-426655440000',
        description: null,
        url: null,
      },
      merchantCategoryCode: '0000',
      currency: '986',
      amount: null,
      amountCents: null,
      countryCode: 'BR',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      postalCode: null,
      txid: '***',
      crc: '1D3D',
    });
  });

  it('decodes the Manual full example (Pix account among other templates)', () => {
    expect(decodeBrCode(MANUAL_FULL)).toMatchObject({
      pointOfInitiation: null,
      merchantAccount: { gui: 'BR.GOV.BCB.PIX', key: '123e4567-e12b-12d1-a456-426655440000' },
      amountCents: 12345,
      merchantName: 'NOME DO RECEBEDOR',
      postalCode: '70074900',
      txid: 'RP12345678-2019',
    });
  });

  // Payloads from financial institutions, as published in stone-payments/ex-pix-brcode
  // (test/ex_pix_brcode/decoder_test.exs), with the fields that repository expects.
  it.each([
    [
      '00020101021226850014br.gov.bcb.pix2563exemplodeurl.com.br/pix/v2/11111111-1111-1111-1111-11111111111152040000530398654040.015802BR5925TESTE DE TESTE DO TESTEIE6014RIO DE JANEIRO62070503***6304CD52',
      {
        type: 'dynamic',
        pointOfInitiation: '12',
        merchantAccount: { url: 'exemplodeurl.com.br/pix/v2/11111111-1111-1111-1111-111111111111' },
        amount: '0.01',
        merchantName: 'TESTE DE TESTE DO TESTEIE',
        merchantCity: 'RIO DE JANEIRO',
        txid: '***',
        crc: 'CD52',
      },
    ],
    [
      '00020126580014BR.GOV.BCB.PIX013611111111-1111-1111-1111-11111111111152040000530398654040.015802BR5925Teste do Teste do TesteIE6009SAO PAULO61081111111162160512NUgpnvaS87Ts6304760E',
      {
        type: 'static',
        merchantAccount: { key: '11111111-1111-1111-1111-111111111111' },
        amountCents: 1,
        postalCode: '11111111',
        txid: 'NUgpnvaS87Ts',
        crc: '760E',
      },
    ],
    [
      '00020126490014BR.GOV.BCB.PIX0111111111111110212Vacina covid52040000530398654031005802BR5904CARL6010SAN.FIERRO62100506b4b4c46304040C',
      {
        merchantAccount: { key: '11111111111', description: 'Vacina covid' },
        amount: '100',
        amountCents: 10000,
        merchantCity: 'SAN.FIERRO',
        txid: 'b4b4c4',
      },
    ],
    [
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASÍLIA62070503***6304B4F6',
      { merchantCity: 'BRASÍLIA', crc: 'B4F6' },
    ],
  ])('decodes a published payload %#', (code, expected) => {
    expect(decodeBrCode(code)).toMatchObject(expected);
  });

  it('refuses a wrong CRC', () => {
    const bad = MANUAL_STATIC.slice(0, -4) + '1D3E';
    expect(() => decodeBrCode(bad)).toThrow(expect.objectContaining({ code: 'INVALID_CRC' }));
    const tampered = MANUAL_STATIC.replace('Fulano', 'Fulana');
    expect(() => decodeBrCode(tampered)).toThrow(expect.objectContaining({ code: 'INVALID_CRC' }));
  });

  it('refuses broken TLV lengths even with a matching CRC', () => {
    const body = '000201265800' + '6304';
    expect(() => decodeBrCode(body + crc16(body))).toThrow(
      expect.objectContaining({ code: 'INVALID_TLV' }),
    );
    const shortName = MANUAL_STATIC.slice(0, -4).replace('5913Fulano de Tal', '5999Fulano de Tal');
    expect(() => decodeBrCode(shortName + crc16(shortName))).toThrow(
      expect.objectContaining({ code: 'INVALID_TLV' }),
    );
  });

  it.each([
    ['5802BR', 'country code'],
    ['5303986', 'currency'],
    ['6008BRASILIA', 'city'],
    ['62070503***', 'additional data'],
  ])('refuses a payload without %s (%s)', (field) => {
    const body = MANUAL_STATIC.slice(0, -4).replace(field, '');
    expect(() => decodeBrCode(body + crc16(body))).toThrow(
      expect.objectContaining({ code: 'MISSING_FIELD' }),
    );
  });

  it('refuses a payload without CRC, or without the Pix GUI', () => {
    expect(() => decodeBrCode(MANUAL_STATIC.slice(0, -8))).toThrow(
      expect.objectContaining({ code: 'MISSING_CRC' }),
    );
    const body = MANUAL_STATIC.slice(0, -4).replace('br.gov.bcb.pix', 'br.gov.bcb.xyz');
    expect(() => decodeBrCode(body + crc16(body))).toThrow(
      expect.objectContaining({ code: 'MISSING_FIELD' }),
    );
  });

  it('parses TLV in order', () => {
    expect(parseTlv('0002010102ab')).toEqual([
      { id: '00', value: '01' },
      { id: '01', value: 'ab' },
    ]);
  });
});

describe('newTxid', () => {
  it('gives unique alphanumeric txids of the asked length', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newTxid(25)));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(newTxid(32)).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});

// Pix Automático's composite codes and names past 25 characters, as PSPs and banks emit them.
// The vectors come from Banco Central's API Pix 2.9.0 document (its `dadosQR.pixCopiaECola`
// examples) and from the stand-in PSP's own TLV writer (test/support/brcode-writer.ts), never
// from our encoder.
describe('composite and long-name codes', () => {
  const JORNADA_2 =
    '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002630462C9';
  const JORNADA_3 =
    '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/94ed2badcbc04c15b0bb7fa35319489063047741';
  const JORNADA_4 =
    '00020101021226810014br.gov.bcb.pix2559pix.example.com/qr/v2/cobv/1e6c54d3ec9449b7a7fc53b6b0f998e75204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/3ffa640fa4f14080adccb949fa2dc0d06304A441';

  it('reads a recurrence-only code (Jornada 2): the Pix template holds the GUI alone', () => {
    expect(decodeBrCode(JORNADA_2)).toMatchObject({
      type: 'recurrence',
      pointOfInitiation: null,
      merchantAccount: { gui: 'br.gov.bcb.pix', key: null, url: null },
      recurrence: {
        gui: 'br.gov.bcb.pix',
        url: 'pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002',
      },
      amount: null,
      merchantName: 'Fulano de Tal',
      crc: '62C9',
    });
  });

  it.each([
    [
      JORNADA_3,
      'pix.example.com/qr/v2/8b3da2f39a4140d1a91abd93113bd441',
      '94ed2badcbc04c15b0bb7fa353194890',
    ],
    [
      JORNADA_4,
      'pix.example.com/qr/v2/cobv/1e6c54d3ec9449b7a7fc53b6b0f998e7',
      '3ffa640fa4f14080adccb949fa2dc0d0',
    ],
  ])('reads a payment-plus-recurrence code (%#)', (code, url, rec) => {
    expect(decodeBrCode(code)).toMatchObject({
      type: 'dynamic',
      pointOfInitiation: '12',
      merchantAccount: { url },
      recurrence: { url: `pix.example.com/qr/v2/rec/${rec}` },
      txid: '***',
    });
  });

  it('reads what the stand-in PSP writes: names past 25 characters, composite with an amount', () => {
    const name = 'PSP DE TESTE PAGAMENTOS DIGITAIS LTDA';
    const code = writeDynamicBrCode({
      paymentUrl: 'psp.example/qr/v2/abc',
      recurrenceUrl: 'psp.example/qr/v2/rec/def',
      amount: '29.90',
      name,
      city: 'SAO JOSE DOS CAMPOS',
    });
    expect(decodeBrCode(code)).toMatchObject({
      type: 'dynamic',
      merchantName: name,
      merchantCity: 'SAO JOSE DOS CAMPOS',
      amountCents: 2990,
      merchantAccount: { url: 'psp.example/qr/v2/abc' },
      recurrence: { url: 'psp.example/qr/v2/rec/def' },
    });
    expect(
      decodeBrCode(writeDynamicBrCode({ paymentUrl: 'p.example/x', name, city: 'SP' })),
    ).toMatchObject({
      merchantName: name,
      recurrence: null,
    });
  });

  it('writes a composite code that the independent writer agrees with, byte for byte', () => {
    const ours = encodeBrCode({
      url: 'psp.example/qr/v2/abc',
      recurrenceUrl: 'psp.example/qr/v2/rec/def',
      amountCents: 2990,
      merchantName: 'Criadora',
      merchantCity: 'Sao Paulo',
    });
    const theirs = writeDynamicBrCode({
      paymentUrl: 'psp.example/qr/v2/abc',
      recurrenceUrl: 'psp.example/qr/v2/rec/def',
      amount: '29.90',
      name: 'Criadora',
      city: 'Sao Paulo',
    });
    expect(ours).toBe(theirs);
    expect(crcOf(JORNADA_2.slice(0, -4))).toBe('62C9');
  });

  it('refuses a recurrence template without its URL, and ignores other templates at 80', () => {
    const body = JORNADA_2.slice(0, JORNADA_2.indexOf('8080')) + '80180014br.gov.bcb.pix6304';
    expect(() => decodeBrCode(body + crcOf(body))).toThrow(/URL \(25\)/);
  });
});
