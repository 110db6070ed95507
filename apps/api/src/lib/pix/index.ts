export { crc16 } from './crc';
export { foldText, isBrCodeText } from './text';
export { BrCodeError, parseTlv, tlv } from './tlv';
export type { TlvField } from './tlv';
export { decodeBrCode, encodeBrCode, MAX_CITY, MAX_NAME, MAX_STATIC_TXID, PIX_GUI } from './brcode';
export type { BrCodeInput, DecodedBrCode } from './brcode';
export { isValidCnpj, isValidCpf, newTxid, normalizePixKey, PIX_KEY_TYPES } from './keys';
export type { PixKeyCheck, PixKeyType } from './keys';
