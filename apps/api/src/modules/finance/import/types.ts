import { FINANCE_ERRORS } from '@fa-clube/contract';
import type { FinanceErrorCode } from '@fa-clube/contract';

/** A value read from one cell of a bank file, or why it could not be read (pt-BR, for a person). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const refused = <T = never>(message: string): Parsed<T> => ({ ok: false, message });

/** Quote a cell in an error message, cut short so a bad file cannot flood the answer. */
export function quoteCell(text: string): string {
  const t = text.trim();
  return `"${t.length > 40 ? `${t.slice(0, 40)}…` : t}"`;
}

/** A problem with one row of a file: the file is still read, the row is left out. */
export interface RowError {
  /** CSV: the line in the file (1 = first line); OFX: the transaction's position (1 = first). */
  row: number;
  message: string;
}

/** One transaction read from a bank file, before de-duplication. */
export interface StatementRow {
  /** Same numbering as RowError.row. */
  row: number;
  /** YYYY-MM-DD, the date the bank wrote. */
  date: string;
  /** Signed integer centavos: positive is money in, negative is money out. */
  amountCents: number;
  label: string;
  description: string | null;
  /** The bank's own id of the row (OFX FITID, Nubank "Identificador"). */
  externalId: string | null;
  /** The file's own category text, when it has a category column. */
  categoryLabel: string | null;
  note: string | null;
  /** The running balance after this row, when the file has a Saldo column. */
  balanceCents: number | null;
}

/** The balance a file states: OFX LEDGERBAL, or the running balance of a CSV's latest row. */
export interface StatedBalance {
  cents: number;
  /** YYYY-MM-DD, or null when the file does not say. */
  date: string | null;
}

/** Why a whole file was refused: a finance error code (its status in the contract's FINANCE_ERRORS) and a pt-BR message. */
export interface ImportFailure {
  ok: false;
  code: Extract<
    FinanceErrorCode,
    | 'IMPORT_FILE_INVALID'
    | 'IMPORT_DATA_ENCODING_INVALID'
    | 'IMPORT_FILE_TOO_LARGE'
    | 'IMPORT_TOO_MANY_ROWS'
    | 'IMPORT_TOO_MANY_COLUMNS'
    | 'IMPORT_LINE_TOO_LONG'
  >;
  message: string;
}

export function importFailure(
  code: ImportFailure['code'],
  message: string = FINANCE_ERRORS[code].message,
): ImportFailure {
  return { ok: false, code, message };
}
