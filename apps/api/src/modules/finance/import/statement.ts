import type { ColumnMapping, ImportTextEncoding } from '@fa-clube/contract';
import { parseCsvStatement } from './csv';
import { decodeFileData } from './decode';
import { importKeys } from './dedupe';
import { isOfx, parseOfxStatement } from './ofx';
import type { ImportFailure, RowError, StatedBalance, StatementRow } from './types';

export interface ReadStatementInput {
  /** POST .../format's `data`: the whole file. */
  data: string;
  /** `base64` of the file's bytes (the encoding is then detected) or `text` already decoded. */
  dataEncoding: 'base64' | 'text';
  /** CSV column mapping; default: the suggested one for the header found. Ignored for OFX. */
  columns?: ColumnMapping;
  /** CSV only: flip the signs (a card bill that lists purchases as positive numbers). */
  invertAmounts?: boolean;
}

/** A row ready for `format`'s answer: read, normalised and keyed. */
export interface ImportRow extends StatementRow {
  /** De-duplication key, unique per account (see importKeys). */
  importKey: string;
}

export interface Statement {
  ok: true;
  format: 'csv' | 'ofx';
  encoding: ImportTextEncoding;
  /** The file's own currency (OFX CURDEF); null for CSV. */
  currency: string | null;
  /** The balance the file states (OFX LEDGERBAL, or a CSV's running balance after its latest row). */
  balance: StatedBalance | null;
  rows: ImportRow[];
  /** Rows that could not be read; the others are still returned. */
  errors: RowError[];
}

/**
 * Reads a bank file sent to POST .../format: decodes it, tells OFX/QFX from
 * CSV, reads every row (per-row errors instead of failing the file), and keys
 * each row for de-duplication. Pure: no database, no clock. A file that cannot
 * be read at all gives an ImportFailure whose code is a finance error code.
 */
export type StatementResult = Statement | ImportFailure;

export function readStatement(input: ReadStatementInput): StatementResult {
  const decoded = decodeFileData(input.data, input.dataEncoding);
  if (!decoded.ok) return decoded;
  const { text, encoding } = decoded.file;

  const ofx = isOfx(text);
  const read = ofx
    ? parseOfxStatement(text)
    : parseCsvStatement(text, { columns: input.columns, invertAmounts: input.invertAmounts });
  if (!read.ok) return read;

  const keys = importKeys(read.rows);
  return {
    ok: true,
    format: ofx ? 'ofx' : 'csv',
    encoding,
    currency: 'currency' in read ? read.currency : null,
    balance: read.balance,
    rows: read.rows.map((row, i) => ({ ...row, importKey: keys[i]! })),
    errors: read.errors,
  };
}
