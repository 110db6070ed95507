import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lockUntilCommit } from '../../db/sql';
import { financeCategories } from '../../db/schema/finance';

export type CategoryRow = typeof financeCategories.$inferSelect;
export type NewCategory = typeof financeCategories.$inferInsert;

/** The unique index that keeps labels unique per workspace, case-insensitively. */
export const CATEGORY_LABEL_INDEX = 'finance_categories_label_uq';

export async function insertCategory(db: DbOrTx, input: NewCategory): Promise<CategoryRow> {
  return (await db.insert(financeCategories).values(input).returning())[0]!;
}

/**
 * How many categories the workspace has, counted after waiting for any other
 * category being created there (an advisory lock until the transaction ends),
 * so that two at once cannot both pass the limit.
 */
export async function countCategoriesLocked(tx: DbOrTx, workspaceId: string): Promise<number> {
  await lockUntilCommit(tx, `finance_categories:${workspaceId}`);
  const [row] = await tx
    .select({ n: count() })
    .from(financeCategories)
    .where(eq(financeCategories.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export function listCategories(db: DbOrTx, workspaceId: string) {
  return db
    .select()
    .from(financeCategories)
    .where(eq(financeCategories.workspaceId, workspaceId))
    .orderBy(asc(sql`lower(${financeCategories.label})`), asc(financeCategories.id));
}

export async function findCategory(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(financeCategories)
    .where(and(eq(financeCategories.workspaceId, workspaceId), eq(financeCategories.id, id)))
    .limit(1);
  return row ?? null;
}

export function findCategories(db: DbOrTx, workspaceId: string, ids: readonly string[]) {
  return db
    .select()
    .from(financeCategories)
    .where(
      and(eq(financeCategories.workspaceId, workspaceId), inArray(financeCategories.id, [...ids])),
    );
}

export async function updateCategory(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<NewCategory, 'label' | 'color' | 'categoryType' | 'description' | 'match'>>,
): Promise<CategoryRow> {
  return (
    await db.update(financeCategories).set(changes).where(eq(financeCategories.id, id)).returning()
  )[0]!;
}

/** Deletes a category; its transactions become uncategorized (ON DELETE SET NULL). */
export async function deleteCategoryRow(db: DbOrTx, workspaceId: string, id: string) {
  const rows = await db
    .delete(financeCategories)
    .where(and(eq(financeCategories.workspaceId, workspaceId), eq(financeCategories.id, id)))
    .returning({ id: financeCategories.id });
  return rows.length > 0;
}

/**
 * The workspace's category with this label (any case), created on first use:
 * concurrent first uses meet on the unique label index and all read the one row.
 */
export async function ensureCategory(db: DbOrTx, input: NewCategory): Promise<CategoryRow> {
  await db.insert(financeCategories).values(input).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(financeCategories)
    .where(
      and(
        eq(financeCategories.workspaceId, input.workspaceId),
        sql`lower(${financeCategories.label}) = lower(${input.label})`,
      ),
    )
    .limit(1);
  return row!;
}
