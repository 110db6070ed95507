import { and, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { financeCategories, financeTransactions as t } from '../../db/schema/finance';
import type { TransactionStatus } from '../../db/schema/finance';
import { categoryIs } from './figures.repo';

export type TransactionRow = typeof t.$inferSelect;
export type NewTransaction = typeof t.$inferInsert;

/**
 * Inserts the rows in one statement. A row whose import_key its account already
 * has (or an earlier row of the same statement has) is skipped, so saving an
 * imported file twice adds nothing, also when two saves run at once.
 */
export function insertTransactions(db: DbOrTx, rows: NewTransaction[]) {
  return db
    .insert(t)
    .values(rows)
    .onConflictDoNothing({ target: [t.accountId, t.importKey] })
    .returning();
}

/** Inserts the one row of a Pix charge; null when the charge already has its row. */
export async function insertChargeTransaction(db: DbOrTx, row: NewTransaction) {
  const [inserted] = await db
    .insert(t)
    .values(row)
    .onConflictDoNothing({ target: t.chargeId })
    .returning();
  return inserted ?? null;
}

export async function findTransaction(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.workspaceId, workspaceId), eq(t.id, id)))
    .limit(1);
  return row ?? null;
}

export interface TransactionFilter {
  accountId?: string;
  /** A category id, or 'none' for the uncategorized rows. */
  category?: string;
  status?: TransactionStatus;
  from?: string;
  to?: string;
  q?: string;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

function filterWhere(workspaceId: string, filter: TransactionFilter) {
  const pattern = filter.q ? likePattern(filter.q) : undefined;
  return and(
    eq(t.workspaceId, workspaceId),
    filter.accountId ? eq(t.accountId, filter.accountId) : undefined,
    categoryIs(t.categoryId, filter.category),
    filter.status ? eq(t.status, filter.status) : undefined,
    filter.from ? gte(t.date, filter.from) : undefined,
    filter.to ? lte(t.date, filter.to) : undefined,
    pattern
      ? or(ilike(t.label, pattern), ilike(t.description, pattern), ilike(t.note, pattern))
      : undefined,
  );
}

/** One page, newest first (the indexes are read backwards). */
export function listTransactions(
  db: DbOrTx,
  workspaceId: string,
  filter: TransactionFilter,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(t)
    .where(filterWhere(workspaceId, filter))
    .orderBy(desc(t.date), desc(t.createdAt), desc(t.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Counts the rows a filter with dates or text matches (the others are counted
 * from the figures): `countOf(countTransactions(...))`.
 */
export function countTransactions(db: DbOrTx, workspaceId: string, filter: TransactionFilter) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t)
    .where(filterWhere(workspaceId, filter));
}

export async function updateTransaction(
  db: DbOrTx,
  id: string,
  changes: Partial<NewTransaction>,
): Promise<TransactionRow> {
  return (await db.update(t).set(changes).where(eq(t.id, id)).returning())[0]!;
}

/** Deletes the workspace's rows among `ids`; answers the ids deleted. */
export async function deleteTransactionRows(
  db: DbOrTx,
  workspaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .delete(t)
    .where(and(eq(t.workspaceId, workspaceId), inArray(t.id, [...ids])))
    .returning({ id: t.id });
  return rows.map((r) => r.id);
}

/** True when one of the workspace's rows among `ids` books a Pix charge. */
export async function hasPixTransaction(db: DbOrTx, workspaceId: string, ids: readonly string[]) {
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.workspaceId, workspaceId), inArray(t.id, [...ids]), isNotNull(t.chargeId)))
    .limit(1);
  return rows.length > 0;
}

/** Takes one attachment off a row; null when the row does not have it. */
export async function removeAttachment(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  filePath: string,
) {
  const [row] = await db
    .update(t)
    .set({ attachments: sql`array_remove(${t.attachments}, ${filePath}::text)` })
    .where(
      and(
        eq(t.workspaceId, workspaceId),
        eq(t.id, id),
        sql`${filePath}::text = any(${t.attachments})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The import keys among `keys` that the account already has. */
export async function existingImportKeys(
  db: DbOrTx,
  accountId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: t.importKey })
    .from(t)
    .where(and(eq(t.accountId, accountId), inArray(t.importKey, [...keys])));
  return new Set(rows.map((r) => r.key!));
}

/** The workspace's latest categorized rows with their category's type (categorization history). */
export function recentCategorizedRows(db: DbOrTx, workspaceId: string, limit: number) {
  return db
    .select({
      label: t.label,
      description: t.description,
      amountCents: t.amountCents,
      category: t.categoryId,
      categoryType: financeCategories.categoryType,
      date: t.date,
    })
    .from(t)
    .innerJoin(financeCategories, eq(financeCategories.id, t.categoryId))
    .where(eq(t.workspaceId, workspaceId))
    .orderBy(desc(t.date), desc(t.createdAt), desc(t.id))
    .limit(limit);
}

/**
 * Account deletion of a payer: the income rows booked for their charges keep amount, date and
 * plan, and lose the payer's handle from the label.
 */
export async function anonymiseChargePayer(tx: DbOrTx, chargeIds: string[], label: string) {
  if (chargeIds.length === 0) return;
  await tx
    .update(t)
    .set({ label: sql`regexp_replace(${t.label}, ' — @.*$', ${' — ' + label})` })
    .where(inArray(t.chargeId, chargeIds));
}
