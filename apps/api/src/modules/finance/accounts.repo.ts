import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { financeAccounts, financeTransactions } from '../../db/schema/finance';
import type { AccountSystemKey, StoredImportMapping } from '../../db/schema/finance';

export type AccountRow = typeof financeAccounts.$inferSelect;
export type NewAccount = typeof financeAccounts.$inferInsert;

export async function insertAccount(db: DbOrTx, input: NewAccount): Promise<AccountRow> {
  return (await db.insert(financeAccounts).values(input).returning())[0]!;
}

export async function findAccount(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(financeAccounts)
    .where(and(eq(financeAccounts.workspaceId, workspaceId), eq(financeAccounts.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The workspace's accounts among `ids`, locked FOR SHARE until the caller's
 * transaction ends: a concurrent currency change (which locks FOR UPDATE) waits.
 */
export function lockAccountsForShare(db: DbOrTx, workspaceId: string, ids: readonly string[]) {
  return db
    .select()
    .from(financeAccounts)
    .where(and(eq(financeAccounts.workspaceId, workspaceId), inArray(financeAccounts.id, [...ids])))
    .for('share');
}

export async function lockAccountForUpdate(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(financeAccounts)
    .where(and(eq(financeAccounts.workspaceId, workspaceId), eq(financeAccounts.id, id)))
    .for('update');
  return row ?? null;
}

export async function listAccounts(db: DbOrTx, workspaceId: string, limit: number, offset: number) {
  const where = eq(financeAccounts.workspaceId, workspaceId);
  const rows = await db
    .select()
    .from(financeAccounts)
    .where(where)
    .orderBy(asc(financeAccounts.createdAt), asc(financeAccounts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(financeAccounts).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every account of the workspace in one currency (the balances report). */
export function listAccountsInCurrency(db: DbOrTx, workspaceId: string, currency: string) {
  return db
    .select()
    .from(financeAccounts)
    .where(
      and(eq(financeAccounts.workspaceId, workspaceId), eq(financeAccounts.currency, currency)),
    )
    .orderBy(asc(financeAccounts.createdAt), asc(financeAccounts.id));
}

export async function updateAccount(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<NewAccount, 'label' | 'accountType' | 'description' | 'currency'>> & {
    openingBalanceCents?: number;
  },
  now: Date,
): Promise<AccountRow> {
  return (
    await db
      .update(financeAccounts)
      .set({ ...changes, updatedAt: now })
      .where(eq(financeAccounts.id, id))
      .returning()
  )[0]!;
}

export async function deleteAccountRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(financeAccounts).where(eq(financeAccounts.id, id));
}

export async function accountHasTransactions(db: DbOrTx, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: financeTransactions.id })
    .from(financeTransactions)
    .where(eq(financeTransactions.accountId, accountId))
    .limit(1);
  return Boolean(row);
}

/** Remembers the mapping an import into these accounts was confirmed with. */
export async function storeImportMapping(
  db: DbOrTx,
  accountIds: readonly string[],
  mapping: StoredImportMapping,
): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .update(financeAccounts)
    .set({ importMapping: mapping })
    .where(inArray(financeAccounts.id, [...accountIds]));
}

/**
 * The workspace's system account (`pix`), created on first use: concurrent
 * first uses meet on the unique index and all read the one row.
 */
export async function ensureSystemAccount(
  db: DbOrTx,
  input: NewAccount & { systemKey: AccountSystemKey },
): Promise<AccountRow> {
  await db.insert(financeAccounts).values(input).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(financeAccounts)
    .where(
      and(
        eq(financeAccounts.workspaceId, input.workspaceId),
        eq(financeAccounts.systemKey, input.systemKey),
      ),
    )
    .limit(1);
  return row!;
}
