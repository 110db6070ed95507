export { crc16 } from './crc';
export { BrCodeError, parseTlv, tlv } from './tlv';
export type { TlvField } from './tlv';
export { decodeBrCode, encodeBrCode, MAX_STATIC_TXID, PIX_GUI } from './brcode';
export type { BrCodeInput, DecodedBrCode } from './brcode';
export { newTxid } from './keys';
