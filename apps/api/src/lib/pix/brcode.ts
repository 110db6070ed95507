import { PIX_CITY_MAX, PIX_NAME_MAX, foldText, isBrCodeText } from '@fa-clube/contract';
import { centsToDecimalString, decimalStringToCents } from './amount';
import { crc16 } from './crc';
import { BrCodeError, parseTlv, tlv } from './tlv';

/**
 * BR Code ("Pix copia e cola") encoder and decoder, after Banco Central's
 * "Manual de Padrões para Iniciação do Pix" (EMV QRCPS-MPM profile):
 *
 *   00 "01"                 payload format indicator (first field)
 *   01 "11" | "12"          point of initiation (optional; 12 = single use / dynamic)
 *   26 merchant account     00 GUI "br.gov.bcb.pix", 01 key | 25 URL (no scheme), 02 description
 *   52 "0000"  53 "986"     category code, currency (BRL)
 *   54 "29.90"              amount (optional)
 *   58 "BR"  59 name (≤25)  60 city (≤15)
 *   62 additional data      05 txid (static: ≤25 of [A-Za-z0-9] or "***"; dynamic: "***")
 *   80 recurrence           Pix Automático: 00 GUI "br.gov.bcb.pix", 25 the recurrence's
 *                           location (no scheme). With 26/25 it is the composite code of
 *                           Jornada 3 (pay now + authorize); with 26 holding the GUI alone,
 *                           the recurrence-only code of Jornada 2.
 *   63 CRC16/CCITT-FALSE    over everything up to and including "6304" (last field)
 *
 * Decoding accepts what banks emit beyond what we write: a receiver name or
 * city longer than the Manual's 25 and 15 (up to the field's 99).
 */
export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_STATIC_TXID = 25;

export interface BrCodeInput {
  /** Pix key (static code). Exactly one of key and url. */
  key?: string;
  /** Payload location of a dynamic code, without "https://". */
  url?: string;
  /** Free text shown to the payer (26/02); folded to ASCII. */
  description?: string;
  /** Amount in centavos (54); omitted when undefined. */
  amountCents?: number;
  /** Receiver name (59) and city (60); folded to ASCII, then length-checked. */
  merchantName: string;
  merchantCity: string;
  /** 62/05; "***" when absent. Dynamic codes always carry "***". */
  txid?: string;
  /** 01; by default "12" for a dynamic code and absent for a static one; null omits it. */
  pointOfInitiation?: '11' | '12' | null;
  /** 80/25: the Pix Automático recurrence's location, without "https://". */
  recurrenceUrl?: string;
}

/** A location for 25: no scheme, printable ASCII without spaces. */
function location(url: string, what: string): string {
  const u = url.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(u))
    throw new BrCodeError('INVALID_URL', `the ${what} goes without its scheme`);
  if (!u || !isBrCodeText(u) || u.includes(' '))
    throw new BrCodeError('INVALID_URL', `the ${what} must be printable ASCII without spaces`);
  return u;
}

export function encodeBrCode(input: BrCodeInput): string {
  const hasKey = input.key !== undefined && input.key !== '';
  const hasUrl = input.url !== undefined && input.url !== '';
  const recurrence = input.recurrenceUrl ? location(input.recurrenceUrl, 'recurrence URL') : '';
  if ((hasKey && hasUrl) || (!hasKey && !hasUrl && !recurrence))
    throw new BrCodeError('KEY_OR_URL', 'a BR Code carries either a Pix key or a URL');

  const name = foldText(input.merchantName);
  const city = foldText(input.merchantCity);
  if (!name) throw new BrCodeError('NAME_REQUIRED', 'merchant name is required');
  if (!city) throw new BrCodeError('CITY_REQUIRED', 'merchant city is required');
  if (name.length > PIX_NAME_MAX)
    throw new BrCodeError('NAME_TOO_LONG', `merchant name over ${PIX_NAME_MAX} characters`);
  if (city.length > PIX_CITY_MAX)
    throw new BrCodeError('CITY_TOO_LONG', `merchant city over ${PIX_CITY_MAX} characters`);

  let account = tlv('00', PIX_GUI);
  if (hasKey) {
    const key = input.key!.trim();
    if (!isBrCodeText(key)) throw new BrCodeError('INVALID_KEY', 'Pix key must be ASCII');
    account += tlv('01', key);
  } else if (hasUrl) {
    account += tlv('25', location(input.url!, 'URL'));
  }
  const description = input.description ? foldText(input.description) : '';
  if (description) account += tlv('02', description);
  if (account.length > 99)
    throw new BrCodeError('ACCOUNT_TOO_LONG', 'merchant account information over 99 characters');

  const txid = input.txid ?? '***';
  if (hasUrl && txid !== '***')
    throw new BrCodeError('INVALID_TXID', 'a dynamic code carries "***" as its txid');
  if (txid !== '***' && !new RegExp(`^[A-Za-z0-9]{1,${MAX_STATIC_TXID}}$`).test(txid))
    throw new BrCodeError(
      'INVALID_TXID',
      `txid must be 1 to ${MAX_STATIC_TXID} letters and digits, or "***"`,
    );

  let amount = '';
  if (input.amountCents !== undefined) {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
      throw new BrCodeError('INVALID_AMOUNT', 'amount must be a positive number of centavos');
    amount = centsToDecimalString(input.amountCents);
    if (amount.length > 13) throw new BrCodeError('INVALID_AMOUNT', 'amount over 13 characters');
  }

  const poi =
    input.pointOfInitiation === undefined ? (hasUrl ? '12' : null) : input.pointOfInitiation;
  const body =
    tlv('00', '01') +
    (poi ? tlv('01', poi) : '') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (amount ? tlv('54', amount) : '') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', txid)) +
    (recurrence ? tlv('80', tlv('00', PIX_GUI) + tlv('25', recurrence)) : '') +
    '6304';
  return body + crc16(body);
}

export interface DecodedBrCode {
  payloadFormatIndicator: string;
  pointOfInitiation: string | null;
  /**
   * dynamic when the merchant account carries a URL (25), static with a key
   * (01), recurrence when it holds neither and field 80 carries a recurrence.
   */
  type: 'static' | 'dynamic' | 'recurrence';
  /** Field 80 (Pix Automático): the recurrence's location; null on other codes. */
  recurrence: { gui: string; url: string } | null;
  merchantAccount: {
    gui: string;
    key: string | null;
    description: string | null;
    url: string | null;
  };
  merchantCategoryCode: string;
  currency: string;
  /** Field 54 as written ("29.90"), and in centavos. */
  amount: string | null;
  amountCents: number | null;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  postalCode: string | null;
  /** 62/05 ("***" when the payer's app should not send one). */
  txid: string;
  crc: string;
}

/**
 * Parses and validates a BR Code: CRC first, then TLV structure, then the
 * mandatory fields. Throws BrCodeError with a stable code on any defect.
 */
export function decodeBrCode(payload: string): DecodedBrCode {
  const code = payload.trim();
  const m = /^(.*6304)([0-9A-Fa-f]{4})$/s.exec(code);
  if (!m) throw new BrCodeError('MISSING_CRC', 'the payload does not end with field 63 (CRC)');
  const crc = m[2]!.toUpperCase();
  if (crc16(m[1]!) !== crc) throw new BrCodeError('INVALID_CRC', 'CRC does not match the payload');

  const fields = parseTlv(code);
  if (fields[0]?.id !== '00')
    throw new BrCodeError('MISSING_FIELD', 'field 00 must be the first field');
  if (fields.at(-1)?.id !== '63' || fields.at(-1)?.value.length !== 4)
    throw new BrCodeError('MISSING_CRC', 'field 63 must be the last field');
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.id)) throw new BrCodeError('DUPLICATE_FIELD', `field ${f.id} repeated`);
    seen.add(f.id);
  }
  const get = (id: string) => fields.find((f) => f.id === id)?.value ?? null;
  const need = (id: string, what: string) => {
    const v = get(id);
    if (v === null) throw new BrCodeError('MISSING_FIELD', `field ${id} (${what}) is missing`);
    return v;
  };

  const payloadFormatIndicator = need('00', 'payload format indicator');
  if (payloadFormatIndicator !== '01')
    throw new BrCodeError('INVALID_FIELD', 'field 00 must be "01"');

  // The Pix account may sit in any merchant account template 26..51, found by its GUI.
  let account: DecodedBrCode['merchantAccount'] | null = null;
  for (const f of fields) {
    const n = Number(f.id);
    if (n < 26 || n > 51) continue;
    const sub = parseTlv(f.value, `field ${f.id}`);
    const gui = sub.find((s) => s.id === '00')?.value;
    if (gui?.toLowerCase() !== PIX_GUI) continue;
    const subGet = (id: string) => sub.find((s) => s.id === id)?.value ?? null;
    account = { gui, key: subGet('01'), description: subGet('02'), url: subGet('25') };
    break;
  }
  if (!account)
    throw new BrCodeError('MISSING_FIELD', `no merchant account with GUI ${PIX_GUI} (26)`);

  // Pix Automático's recurrence: an unreserved template (80..99, the Manual uses 80) with the GUI
  let recurrence: DecodedBrCode['recurrence'] = null;
  for (const f of fields) {
    const n = Number(f.id);
    if (n < 80 || n > 99) continue;
    const sub = parseTlv(f.value, `field ${f.id}`);
    const gui = sub.find((s) => s.id === '00')?.value;
    if (gui?.toLowerCase() !== PIX_GUI) continue;
    const url = sub.find((s) => s.id === '25')?.value;
    if (!url)
      throw new BrCodeError('INVALID_FIELD', `field ${f.id}: a recurrence needs its URL (25)`);
    recurrence = { gui, url };
    break;
  }
  if (!account.key && !account.url && !recurrence)
    throw new BrCodeError(
      'MISSING_FIELD',
      'the merchant account has neither key (01) nor URL (25)',
    );

  const amount = get('54');
  const amountCents = amount === null ? null : decimalStringToCents(amount);
  if (amount !== null && (amountCents === null || amount.length > 13))
    throw new BrCodeError('INVALID_FIELD', 'field 54 (amount) is not a decimal amount');

  const additional = need('62', 'additional data');
  const txid = parseTlv(additional, 'field 62').find((s) => s.id === '05')?.value;
  if (!txid) throw new BrCodeError('MISSING_FIELD', 'field 62/05 (txid) is missing');

  // banks write names past the Manual's 25 (and cities past 15): read them as written
  const merchantName = need('59', 'merchant name');
  const merchantCity = need('60', 'merchant city');

  return {
    payloadFormatIndicator,
    pointOfInitiation: get('01'),
    type: account.url ? 'dynamic' : account.key ? 'static' : 'recurrence',
    recurrence,
    merchantAccount: account,
    merchantCategoryCode: need('52', 'merchant category code'),
    currency: need('53', 'transaction currency'),
    amount,
    amountCents,
    countryCode: need('58', 'country code'),
    merchantName,
    merchantCity,
    postalCode: get('61'),
    txid,
    crc,
  };
}
