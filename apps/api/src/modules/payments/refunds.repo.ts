import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pixNotifications, pixRefunds } from '../../db/schema/payments';
import type { PixRefundStatus } from '../../db/schema/payments';

export type PixRefundRow = typeof pixRefunds.$inferSelect;

export async function findRefundOf(db: DbOrTx, endToEndId: string) {
  const [row] = await db
    .select()
    .from(pixRefunds)
    .where(eq(pixRefunds.endToEndId, endToEndId))
    .limit(1);
  return row ?? null;
}

/** The refund of a payment, claimed once (unique per endToEndId); null when it has one. */
export async function claimRefund(db: DbOrTx, input: typeof pixRefunds.$inferInsert) {
  const rows = await db
    .insert(pixRefunds)
    .values(input)
    .onConflictDoNothing({ target: pixRefunds.endToEndId })
    .returning();
  return rows[0] ?? null;
}

/** A refund the PSP did not do (NAO_REALIZADO) is asked again under a new id. */
export async function renewRefundId(db: DbOrTx, oldId: string, newId: string, now: Date) {
  const [row] = await db
    .update(pixRefunds)
    .set({ id: newId, status: 'SOLICITANDO', rtrId: null, updatedAt: now })
    .where(and(eq(pixRefunds.id, oldId), eq(pixRefunds.status, 'NAO_REALIZADO')))
    .returning();
  return row ?? null;
}

export async function setRefundStatus(
  db: DbOrTx,
  id: string,
  input: { status: PixRefundStatus; rtrId?: string | null; now: Date },
) {
  const [row] = await db
    .update(pixRefunds)
    .set({
      status: input.status,
      ...(input.rtrId ? { rtrId: input.rtrId } : {}),
      updatedAt: input.now,
    })
    .where(eq(pixRefunds.id, id))
    .returning();
  return row ?? null;
}

/** Pix received through a workspace's connection that matched none of its charges, newest first. */
export async function listUnmatchedNotifications(
  db: DbOrTx,
  input: { workspaceId: string; limit: number; offset: number },
) {
  const where = and(
    eq(pixNotifications.workspaceId, input.workspaceId),
    isNull(pixNotifications.chargeId),
  );
  const rows = await db
    .select({ notification: pixNotifications, refund: pixRefunds })
    .from(pixNotifications)
    .leftJoin(pixRefunds, eq(pixRefunds.endToEndId, pixNotifications.endToEndId))
    .where(where)
    .orderBy(desc(pixNotifications.receivedAt), desc(pixNotifications.endToEndId))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ n: count() }).from(pixNotifications).where(where);
  return { rows, total: total?.n ?? 0 };
}
