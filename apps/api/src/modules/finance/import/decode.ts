import { IMPORT_FILE_MAX_BYTES } from '@fa-clube/contract';
import type { ImportTextEncoding } from '@fa-clube/contract';
import iconv from 'iconv-lite';
import { importFailure as failure } from './types';
import type { ImportFailure } from './types';

export interface DecodedFile {
  text: string;
  /** How the bytes were read; `text` when the client sent text already decoded. */
  encoding: ImportTextEncoding;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of a file's bytes. The encoding comes from the bytes themselves:
 * a BOM (UTF-8, UTF-16), else UTF-8 when they are valid UTF-8, else
 * Windows-1252 (the superset of Latin-1 that Brazilian banks' "ANSI" exports use).
 */
export function decodeBytes(bytes: Uint8Array): DecodedFile {
  const startsWith = (...b: number[]) => b.every((v, i) => bytes[i] === v);
  if (startsWith(0xef, 0xbb, 0xbf))
    return { text: decodeUtf8(bytes.subarray(3)), encoding: 'utf-8' };
  if (startsWith(0xff, 0xfe))
    return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16le'), encoding: 'utf-16le' };
  if (startsWith(0xfe, 0xff))
    return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16be'), encoding: 'utf-16be' };
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'win1252'), encoding: 'windows-1252' };
  }
}

/** UTF-8 after a BOM: invalid sequences become U+FFFD rather than failing the file. */
function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/i;

/**
 * POST .../format's `data`: `base64` of the file's bytes (a `data:` URL prefix
 * is accepted, as FileReader.readAsDataURL gives it) or `text` already decoded.
 */
export function decodeFileData(
  data: string,
  dataEncoding: 'base64' | 'text',
): { ok: true; file: DecodedFile } | ImportFailure {
  if (dataEncoding === 'text') {
    if (Buffer.byteLength(data, 'utf8') > IMPORT_FILE_MAX_BYTES)
      return failure('IMPORT_FILE_TOO_LARGE');
    const text = data.replace(/^\uFEFF/, '');
    if (!text.trim()) return failure('IMPORT_FILE_INVALID', 'O arquivo está vazio.');
    return { ok: true, file: { text, encoding: 'text' } };
  }
  const base64 = data.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 !== 0)
    return failure('IMPORT_DATA_ENCODING_INVALID');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_FILE_MAX_BYTES) return failure('IMPORT_FILE_TOO_LARGE');
  if (bytes.length === 0) return failure('IMPORT_FILE_INVALID', 'O arquivo está vazio.');
  const kind = binaryKind(bytes);
  if (kind)
    return failure(
      'IMPORT_FILE_INVALID',
      `Este arquivo é ${kind}. Exporte o extrato do banco em CSV ou OFX e envie-o de novo.`,
    );
  const file = decodeBytes(bytes);
  if (!file.text.trim()) return failure('IMPORT_FILE_INVALID', 'O arquivo está vazio.');
  return { ok: true, file };
}

/** Files people pick by mistake instead of the CSV/OFX export. */
function binaryKind(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 8));
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return 'um PDF';
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04)
    return 'uma planilha ou arquivo compactado (XLSX/ZIP)';
  if (head.length >= 4 && head.readUInt32BE(0) === 0xd0cf11e0) return 'uma planilha do Excel (XLS)';
  const sample = bytes.subarray(0, 4096);
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!utf16 && sample.includes(0)) return 'binário, não um texto';
  return null;
}
