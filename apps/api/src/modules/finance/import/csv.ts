import type { ColumnMapping, ImportField } from '@fa-clube/contract';
import {
  EXTERNAL_ID_MAX,
  IMPORT_COLUMNS_MAX,
  IMPORT_LINE_MAX_CHARS,
  IMPORT_ROWS_MAX,
  TEXT_MAX,
  TRANSACTION_LABEL_MAX,
} from '@fa-clube/contract';
import { parse } from 'csv-parse/sync';
import { parseAmount } from './amount';
import { parseDate } from './dates';
import { resolveColumns, suggestMapping } from './mapping';
import type { ColumnRoles } from './mapping';
import { compactText } from './text';
import { importFailure } from './types';
import type { ImportFailure, RowError, StatedBalance, StatementRow } from './types';

export interface CsvOptions {
  /** The client's mapping; default (also for an empty one): suggestMapping of the header found. */
  columns?: ColumnMapping;
  /** Flip every amount's sign (a card bill listing purchases as positive numbers). */
  invertAmounts?: boolean;
}

export interface CsvStatement {
  ok: true;
  delimiter: ',' | ';';
  /** The header row's cells. */
  header: string[];
  rows: StatementRow[];
  errors: RowError[];
  balance: StatedBalance | null;
}

/** How many records above the header may be preamble (bank, account, period, balance lines). */
const PREAMBLE_MAX = 30;
const DELIMITERS = [';', ','] as const;

interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * Reads a bank's CSV export: delimiter `,` or `;` (the one under which a header
 * row is found), a preamble above the header skipped, quoted fields, summary
 * lines ("Saldo anterior", "Total") skipped, and a per-row error for each row
 * that cannot be read instead of failing the file.
 */
export function parseCsvStatement(
  text: string,
  options: CsvOptions = {},
): CsvStatement | ImportFailure {
  // Bounds first, so that no step below costs more than the file's size: a line
  // of at most IMPORT_LINE_MAX_CHARS, a header of at most IMPORT_COLUMNS_MAX cells.
  const longLine = firstLongLine(text);
  if (longLine)
    return importFailure(
      'IMPORT_LINE_TOO_LONG',
      `A linha ${longLine} do arquivo passa de ${IMPORT_LINE_MAX_CHARS.toLocaleString('pt-BR')} caracteres: o extrato de um banco não tem linhas assim. Envie o arquivo como o banco o exporta, em CSV ou OFX.`,
    );
  // The delimiter is the one under which the top of the file shows a header;
  // then the whole file is read once, with that delimiter.
  let delimiter: ',' | ';' | null = null;
  let bestSize = 0;
  let wide: CsvRecord | null = null;
  for (const candidate of DELIMITERS) {
    const top = readRecords(text, candidate, PREAMBLE_MAX + 1);
    wide ??= top?.find((r) => r.cells.length > IMPORT_COLUMNS_MAX) ?? null;
    const found = top && findHeader(top, options.columns);
    if (found && found.roles.fields.size > bestSize) {
      delimiter = candidate;
      bestSize = found.roles.fields.size;
    }
  }
  const records = delimiter && readRecords(text, delimiter);
  const found = records && findHeader(records, options.columns);
  if ((!delimiter || !records || !found) && wide)
    return importFailure(
      'IMPORT_TOO_MANY_COLUMNS',
      `A linha ${wide.line} do arquivo tem ${wide.cells.length.toLocaleString('pt-BR')} colunas: o limite é de ${IMPORT_COLUMNS_MAX}. Envie o extrato como o banco o exporta, em CSV ou OFX.`,
    );
  if (!delimiter || !records || !found)
    return importFailure(
      'IMPORT_FILE_INVALID',
      'Não encontramos o cabeçalho do extrato (colunas de data e valor). Confira o arquivo ou o mapeamento das colunas.',
    );

  const { at, roles } = found;
  const header = records[at]!.cells;
  const rows: StatementRow[] = [];
  const errors: RowError[] = [];
  let dataRows = 0;
  for (const record of records.slice(at + 1)) {
    if (record.cells.every((c) => !c) || sameCells(record.cells, header)) continue;
    const read = readRow(record, roles, options.invertAmounts ?? false);
    if (read === 'summary') continue;
    if (++dataRows > IMPORT_ROWS_MAX) return importFailure('IMPORT_TOO_MANY_ROWS');
    if ('message' in read) errors.push(read);
    else rows.push(read);
  }
  return {
    ok: true,
    delimiter,
    header,
    rows,
    errors,
    balance: closingBalance(rows),
  };
}

/** The records (up to `toLine`) under one delimiter; null when the text does not parse as CSV with it. */
function readRecords(text: string, delimiter: string, toLine?: number): CsvRecord[] | null {
  const options = {
    delimiter,
    ...(toLine ? { to_line: toLine } : {}),
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    skip_empty_lines: true,
    info: true,
  } as const;
  try {
    return toRecords(parse(text, options));
  } catch {
    // A stray quote that never closes: read the file as unquoted.
    try {
      return toRecords(parse(text, { ...options, quote: false }));
    } catch {
      return null;
    }
  }
}

/** With `info: true` csv-parse returns `{ record, info }` items; its types do not say so. */
function toRecords(parsed: string[][]): CsvRecord[] {
  return (parsed as unknown as { record: string[]; info: { lines: number } }[]).map(
    ({ record, info }) => ({ cells: record, line: info.lines }),
  );
}

/** The number (1 = first) of the first line longer than IMPORT_LINE_MAX_CHARS, or 0. */
function firstLongLine(text: string): number {
  let line = 1;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13) continue;
    if (i - start > IMPORT_LINE_MAX_CHARS) return line;
    // CRLF is one break
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    line++;
    start = i + 1;
  }
  return 0;
}

/**
 * The first record near the top that has a date and an amount column under the
 * mapping; a record wider than IMPORT_COLUMNS_MAX is no header.
 */
function findHeader(records: CsvRecord[], columns: ColumnMapping | undefined) {
  for (let at = 0; at < Math.min(records.length, PREAMBLE_MAX); at++) {
    const cells = records[at]!.cells;
    if (cells.length < 2 || cells.length > IMPORT_COLUMNS_MAX) continue;
    const mapping =
      columns && Object.keys(columns).length > 0 ? columns : suggestMapping(cells).mapping;
    const roles = resolveColumns(cells, mapping);
    if (roles) return { at, roles };
  }
  return null;
}

const sameCells = (a: string[], b: string[]) =>
  a.length === b.length && a.every((cell, i) => cell === b[i]);

/** Balance and total lines some banks put between or after the rows. */
const SUMMARY_LABEL = /^(saldo|s a l d o)\b/;
const SUMMARY_LINE = /^(saldo|total)\b/;

function readRow(
  record: CsvRecord,
  roles: ColumnRoles,
  invert: boolean,
): StatementRow | RowError | 'summary' {
  const cell = (field: ImportField) => firstFilled(record.cells, roles.fields.get(field));
  const row = record.line;
  const dateText = cell('date');
  const label = cell('label');
  const description = cell('description');
  const date = parseDate(dateText);
  if (SUMMARY_LABEL.test(compactText(label || description))) return 'summary';
  if (!date.ok) {
    const firstText = compactText(record.cells.find((c) => c) ?? '');
    if (SUMMARY_LINE.test(firstText)) return 'summary';
    return { row, message: date.message };
  }

  const text = label || description;
  const hasAmount = (roles.fields.get('amount') ?? []).some((i) => record.cells[i]);
  // A line with a date and nothing else (a day heading) is not a transaction.
  if (!text && !hasAmount) return 'summary';
  const amount = readAmount(record.cells, roles);
  if (!amount.ok) return { row, message: amount.message };
  if (amount.value === 0) return { row, message: 'Valor zero: a linha não é um lançamento.' };

  if (!text) return { row, message: 'Linha sem descrição.' };
  const externalId = cell('external_id');
  if (externalId && externalId.length > EXTERNAL_ID_MAX)
    return { row, message: 'Identificador do banco longo demais.' };
  const balanceText = roles.balanceColumn === null ? '' : (record.cells[roles.balanceColumn] ?? '');
  const balance = balanceText ? parseAmount(balanceText) : null;

  return {
    row,
    date: date.value,
    amountCents: invert ? -amount.value : amount.value,
    label: text.slice(0, TRANSACTION_LABEL_MAX),
    description:
      label && description && description !== label ? description.slice(0, TEXT_MAX) : null,
    externalId: externalId || null,
    categoryLabel: cell('category') || null,
    note: cell('note').slice(0, TEXT_MAX) || null,
    balanceCents: balance?.ok ? balance.value : null,
  };
}

/** The first non-empty cell among a field's columns. */
function firstFilled(cells: string[], indexes: number[] | undefined): string {
  for (const i of indexes ?? []) if (cells[i]) return cells[i];
  return '';
}

/**
 * The row's amount: its first filled, non-zero amount column; a positive number
 * in a money-out (Débito) column is money out.
 */
function readAmount(cells: string[], roles: ColumnRoles) {
  const columns = (roles.fields.get('amount') ?? []).filter((i) => cells[i]);
  if (columns.length === 0) return { ok: false as const, message: 'Valor em branco.' };
  let zero: ReturnType<typeof parseAmount> | null = null;
  for (const i of columns) {
    const amount = parseAmount(cells[i]!);
    if (!amount.ok) return amount;
    if (amount.value === 0) {
      zero = amount;
      continue;
    }
    return roles.debitColumns.has(i) && amount.value > 0
      ? { ok: true as const, value: -amount.value }
      : amount;
  }
  return zero!;
}

/** The running balance after the latest row (files list newest or oldest first). */
function closingBalance(rows: StatementRow[]): StatedBalance | null {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return null;
  const latest = first.date > last.date ? first : last;
  return latest.balanceCents === null ? null : { cents: latest.balanceCents, date: latest.date };
}
