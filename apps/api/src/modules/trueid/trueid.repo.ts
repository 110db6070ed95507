import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { trueidAccessLog, trueidCustomers, trueidStatusChanges } from '../../db/schema/trueid';
import type { AccessLogActionValue, CustomerStatusValue } from '../../db/schema/trueid';

export type CustomerRow = typeof trueidCustomers.$inferSelect;
type CustomerInsert = typeof trueidCustomers.$inferInsert;

const byId = (workspaceId: string, id: string) =>
  and(eq(trueidCustomers.workspaceId, workspaceId), eq(trueidCustomers.id, id));

export async function findCustomer(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const q = db.select().from(trueidCustomers).where(byId(workspaceId, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findCustomerOfUser(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(trueidCustomers)
    .where(and(eq(trueidCustomers.workspaceId, workspaceId), eq(trueidCustomers.userId, userId)))
    .limit(1);
  return row;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCustomers(
  db: DbOrTx,
  workspaceId: string,
  filter: { status?: CustomerStatusValue; q?: string },
  limit: number,
  offset: number,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const conditions: SQL[] = [eq(trueidCustomers.workspaceId, workspaceId)];
  if (filter.status) conditions.push(eq(trueidCustomers.status, filter.status));
  if (filter.q) {
    const term = likeTerm(filter.q);
    const digits = filter.q.replace(/[\s.\-/]/g, '').toUpperCase();
    conditions.push(
      or(
        ilike(trueidCustomers.legalName, term),
        ilike(trueidCustomers.customId, term),
        ilike(trueidCustomers.customEmail, term),
        ...(digits ? [ilike(trueidCustomers.legalId, likeTerm(digits))] : []),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(trueidCustomers)
      .where(where)
      .orderBy(desc(trueidCustomers.updatedAt), asc(trueidCustomers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(trueidCustomers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertCustomer(db: DbOrTx, values: CustomerInsert): Promise<CustomerRow> {
  const [row] = await db.insert(trueidCustomers).values(values).returning();
  return row!;
}

export async function updateCustomer(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<CustomerInsert>,
): Promise<CustomerRow> {
  const [row] = await db
    .update(trueidCustomers)
    .set(values)
    .where(byId(workspaceId, id))
    .returning();
  return row!;
}

/** Account deletion: every verification of the person, in every workspace; answers what went. */
export async function deleteCustomersOfUser(db: DbOrTx, userId: string) {
  return db
    .delete(trueidCustomers)
    .where(eq(trueidCustomers.userId, userId))
    .returning({ workspaceId: trueidCustomers.workspaceId, id: trueidCustomers.id });
}

export async function deleteCustomerRow(db: DbOrTx, workspaceId: string, id: string) {
  const rows = await db
    .delete(trueidCustomers)
    .where(byId(workspaceId, id))
    .returning({ id: trueidCustomers.id });
  return rows.length > 0;
}

export async function insertStatusChange(
  db: DbOrTx,
  values: {
    workspaceId: string;
    customerId: string;
    fromStatus: CustomerStatusValue | null;
    toStatus: CustomerStatusValue;
    reason?: string | null;
    /** Who changed it; null: the platform (the retention job). */
    userId: string | null;
    createdAt: Date;
  },
) {
  await db.insert(trueidStatusChanges).values(values);
}

export async function insertAccessLog(
  db: DbOrTx,
  entries: Array<{
    workspaceId: string;
    customerId: string;
    action: AccessLogActionValue;
    filePath: string | null;
    userId: string;
    ip: string | null;
    createdAt: Date;
  }>,
) {
  if (entries.length > 0) await db.insert(trueidAccessLog).values(entries);
}

export async function markFilesPurged(db: DbOrTx, workspaceId: string, id: string, at: Date) {
  await db.update(trueidCustomers).set({ filesPurgedAt: at }).where(byId(workspaceId, id));
}
