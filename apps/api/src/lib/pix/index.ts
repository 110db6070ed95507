export { crc16 } from './crc';
export { BrCodeError, parseTlv } from './tlv';
export { decodeBrCode, encodeBrCode, MAX_STATIC_TXID } from './brcode';
export { newTxid } from './keys';
export { centsToDecimalString, decimalStringToCents } from './amount';
