import { IMPORT_FIELDS } from '@fa-clube/contract';
import type { ColumnMapping, ImportField } from '@fa-clube/contract';
import { compactText } from './text';

/**
 * A header name as compared with the names below: no accents, no case, no
 * punctuation, no currency marker, no "de/do/da", "dt" read as "data":
 * "Data do Lançamento" and "Dt. lançamento" -> "data lancamento", "Valor (R$)" -> "valor".
 */
export function normalizeColumnName(name: string): string {
  return compactText(name.replace(/\(?\s*(R\$|BRL)\s*\)?/gi, ' '))
    .split(' ')
    .filter((word) => !['de', 'do', 'da', 'dos', 'das', 'no', 'na', 'em', 'rs'].includes(word))
    .map((word) => (word === 'dt' ? 'data' : word))
    .join(' ');
}

/** Header names banks use for each field, best first (normalised as above). */
const NAMES: Record<ImportField, readonly string[]> = {
  date: [
    'data',
    'data lancamento',
    'data movimento',
    'data movimentacao',
    'data transacao',
    'data operacao',
    'data compra',
    'data contabil',
    'date',
    'transaction date',
    'posted date',
    'posting date',
  ],
  amount: [
    'valor',
    'valor lancamento',
    'valor transacao',
    'valor operacao',
    'montante',
    'quantia',
    'amount',
    'value',
    'transaction amount',
  ],
  external_id: [
    'identificador',
    'id',
    'id transacao',
    'codigo transacao',
    'transaction id',
    'fitid',
    'nsu',
  ],
  label: [
    'historico',
    'lancamento',
    'titulo',
    'title',
    'descricao',
    'description',
    'estabelecimento',
    'favorecido',
    'beneficiario',
    'payee',
    'name',
  ],
  description: [
    'descricao',
    'description',
    'detalhes',
    'detalhe',
    'complemento',
    'memo',
    'details',
  ],
  category: ['categoria', 'category'],
  note: [
    'observacao',
    'observacoes',
    'obs',
    'nota',
    'notas',
    'note',
    'notes',
    'comentario',
    'anotacao',
  ],
};

/**
 * Separate money-in and money-out columns (Bradesco, Santander): both fill
 * `amount`, and a positive number in a money-out column is made negative.
 */
const CREDIT_COLUMNS = ['credito', 'entrada', 'entradas', 'credit'];
const DEBIT_COLUMNS = ['debito', 'saida', 'saidas', 'debit'];
/** Running-balance columns: never a field, but read to report the file's balance. */
const BALANCE_COLUMNS = ['saldo', 'saldo final', 'saldo dia', 'balance'];

/** Fields in the order they pick their column (date and amount first, label before description). */
const PICK_ORDER: readonly ImportField[] = [
  'date',
  'amount',
  'external_id',
  'label',
  'description',
  'category',
  'note',
];

/**
 * Nubank's credit-card bill (`date,title,amount`, older ones with `category`)
 * lists purchases as positive numbers: the suggestion is to invert them.
 */
function looksLikeCardBill(names: readonly string[]): boolean {
  return names.includes('title') && names.includes('amount') && names.includes('date');
}

/**
 * Suggests the field of each column of a bank file's header (POST .../mapping):
 * each field goes to its best-named column, at most one column per field except
 * separate credit/debit columns, which both fill `amount`. Unknown columns and
 * the running balance ("Saldo") map to null. `toFields` limits the fields used.
 */
export function suggestMapping(
  fromColumns: readonly string[],
  toFields: readonly ImportField[] = IMPORT_FIELDS,
): { mapping: ColumnMapping; invertAmounts: boolean } {
  const names = fromColumns.map(normalizeColumnName);
  const fieldOf: (ImportField | null)[] = names.map(() => null);
  const allowed = new Set(toFields);

  for (const field of PICK_ORDER) {
    if (!allowed.has(field)) continue;
    const index = NAMES[field]
      .map((candidate) => names.findIndex((n, i) => n === candidate && fieldOf[i] === null))
      .find((i) => i >= 0);
    if (index !== undefined) fieldOf[index] = field;
    else if (field === 'amount') {
      names.forEach((n, i) => {
        if (fieldOf[i] === null && [...CREDIT_COLUMNS, ...DEBIT_COLUMNS].includes(n))
          fieldOf[i] = 'amount';
      });
    }
  }

  // A repeated column name keeps its first field; fromEntries makes own properties even for
  // names like "__proto__".
  const seen = new Set<string>();
  const entries = fromColumns.flatMap((column, i) => {
    if (seen.has(column)) return [];
    seen.add(column);
    return [[column, fieldOf[i]!] as const];
  });
  return {
    mapping: Object.fromEntries(entries),
    invertAmounts: allowed.has('amount') && looksLikeCardBill(names),
  };
}

/** Where each field is in a header row, for reading the rows under it. */
export interface ColumnRoles {
  /** Column indexes per field, in header order. */
  fields: Map<ImportField, number[]>;
  /** Amount columns holding money out as positive numbers. */
  debitColumns: Set<number>;
  /** The running-balance column, if any. */
  balanceColumn: number | null;
}

/**
 * Applies a mapping (keyed by the header's own names, or names that normalise
 * alike) to a header row. Null when the row lacks a date or an amount column,
 * i.e. it is not the header.
 */
export function resolveColumns(
  header: readonly string[],
  mapping: ColumnMapping,
): ColumnRoles | null {
  const byName = new Map<string, ImportField | null>();
  for (const [column, field] of Object.entries(mapping)) {
    const key = normalizeColumnName(column);
    if (!byName.has(key)) byName.set(key, field);
  }
  const fields = new Map<ImportField, number[]>();
  const debitColumns = new Set<number>();
  let balanceColumn: number | null = null;

  header.forEach((cell, i) => {
    const name = normalizeColumnName(cell);
    const field = Object.hasOwn(mapping, cell) ? mapping[cell] : byName.get(name);
    if (field) {
      const columns = fields.get(field);
      if (columns) columns.push(i);
      else fields.set(field, [i]);
      if (field === 'amount' && DEBIT_COLUMNS.includes(name)) debitColumns.add(i);
    } else if (balanceColumn === null && BALANCE_COLUMNS.includes(name)) {
      balanceColumn = i;
    }
  });
  if (!fields.has('date') || !fields.has('amount')) return null;
  return { fields, debitColumns, balanceColumn };
}
