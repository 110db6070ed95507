/**
 * The stand-in PSP's own BR Code writer, independent of the app's encoder
 * (src/lib/pix), so that a bug shared by both cannot hide (issue 27): a field is
 * id + two-digit length + value; the CRC is CRC16/CCITT-FALSE (poly 0x1021,
 * init 0xFFFF) over the UTF-8 bytes up to and including "6304", computed here
 * with a lookup table rather than the app's bit loop.
 */
const field = (id: string, value: string) => {
  if (value.length > 99) throw new Error(`field ${id} over 99 characters`);
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
};

const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});

export function crcOf(text: string): string {
  let crc = 0xffff;
  for (const b of new TextEncoder().encode(text))
    crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ b) & 0xff]!) & 0xffff;
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const GUI = 'br.gov.bcb.pix';

/**
 * A dynamic code as a PSP emits it. `paymentUrl` (26/25) for an immediate
 * charge, `recurrenceUrl` (80/25) for Pix Automático: both make the composite
 * code of Jornada 3; only the recurrence, that of Jornada 2 (26 with the GUI
 * alone, no point of initiation). Names are written as given, also past 25.
 */
export function writeDynamicBrCode(input: {
  paymentUrl?: string;
  recurrenceUrl?: string;
  amount?: string;
  name: string;
  city: string;
}): string {
  const merchant = field('00', GUI) + (input.paymentUrl ? field('25', input.paymentUrl) : '');
  const body =
    field('00', '01') +
    (input.paymentUrl ? field('01', '12') : '') +
    field('26', merchant) +
    field('52', '0000') +
    field('53', '986') +
    (input.amount ? field('54', input.amount) : '') +
    field('58', 'BR') +
    field('59', input.name) +
    field('60', input.city) +
    field('62', field('05', '***')) +
    (input.recurrenceUrl ? field('80', field('00', GUI) + field('25', input.recurrenceUrl)) : '') +
    '6304';
  return body + crcOf(body);
}
