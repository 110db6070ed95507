/**
 * CRC16/CCITT-FALSE as the BR Code requires (field 63): polynomial 0x1021,
 * initial value 0xFFFF, no reflection, no final XOR, over the UTF-8 bytes of
 * the payload up to and including "6304". Answered as 4 uppercase hex digits.
 */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
