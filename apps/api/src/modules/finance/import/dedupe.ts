import { createHash } from 'node:crypto';
import { compactText } from './text';

/** What a row's de-duplication key is made of. */
export interface KeyedRow {
  date: string;
  amountCents: number;
  externalId: string | null;
  label: string;
  description: string | null;
}

/**
 * The import key of each row, in order. With the bank's own id (OFX FITID,
 * Nubank "Identificador") the key is that id with the date and amount;
 * without one, the date, amount and description (case, accents and
 * punctuation ignored). Either way the row's occurrence among identical rows
 * of the same file is part of the key, so two identical coffees on one day
 * stay two rows (and a FITID a bank repeats within a file keeps both), while
 * re-importing the same file, or an overlapping one, yields the same keys.
 *
 * The account is not part of the key: the key is unique per account (the
 * unique index is (account_id, import_key)), and `format` may run before the
 * user picks the account.
 */
export function importKeys(rows: readonly KeyedRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const externalId = row.externalId?.trim();
    const identity = externalId
      ? ['ext', externalId, row.date, row.amountCents]
      : ['txt', row.date, row.amountCents, compactText(`${row.label} ${row.description ?? ''}`)];
    const base = JSON.stringify(identity);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    const hash = createHash('sha256')
      .update(JSON.stringify([...identity, occurrence]))
      .digest('hex');
    return `${identity[0]}:${hash.slice(0, 40)}`;
  });
}
