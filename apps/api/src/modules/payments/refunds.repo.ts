import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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

/**
 * The refund of a payment, taken by one request: a new row (unique per endToEndId), or the
 * existing one when the PSP did not do it (NAO_REALIZADO: asked again under `input.id`) or
 * when an earlier request's call is out since before `staleBefore` (SOLICITANDO: asked again
 * under its own id, which the PSP answers idempotently). Null when another request holds it
 * or it is done: two retries at once, one asks.
 */
export async function takeRefund(
  db: DbOrTx,
  input: typeof pixRefunds.$inferInsert & { staleBefore: Date },
) {
  const { staleBefore, ...row } = input;
  const [made] = await db
    .insert(pixRefunds)
    .values(row)
    .onConflictDoNothing({ target: pixRefunds.endToEndId })
    .returning();
  if (made) return made;
  const [taken] = await db
    .update(pixRefunds)
    .set({
      id: sql`case when ${pixRefunds.status} = 'NAO_REALIZADO' then ${row.id} else ${pixRefunds.id} end`,
      status: 'SOLICITANDO',
      rtrId: null,
      requestedBy: row.requestedBy,
      updatedAt: row.updatedAt,
    })
    .where(
      and(
        eq(pixRefunds.endToEndId, row.endToEndId),
        eq(pixRefunds.workspaceId, row.workspaceId),
        or(
          eq(pixRefunds.status, 'NAO_REALIZADO'),
          and(eq(pixRefunds.status, 'SOLICITANDO'), lt(pixRefunds.updatedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return taken ?? null;
}

/** A refund whose call failed may be taken again at once (its lease given back). */
export async function releaseRefund(db: DbOrTx, id: string) {
  await db
    .update(pixRefunds)
    .set({ updatedAt: new Date(0) })
    .where(and(eq(pixRefunds.id, id), eq(pixRefunds.status, 'SOLICITANDO')));
}

/** What a refund's status may move from: forward only, never out of DEVOLVIDO or NAO_REALIZADO. */
const MOVES_FROM: Record<PixRefundStatus, PixRefundStatus[]> = {
  SOLICITANDO: [],
  EM_PROCESSAMENTO: ['SOLICITANDO'],
  DEVOLVIDO: ['SOLICITANDO', 'EM_PROCESSAMENTO'],
  NAO_REALIZADO: ['SOLICITANDO', 'EM_PROCESSAMENTO'],
};

/**
 * A refund of the workspace (and of that payment, when named) moves forward to `status`;
 * null when it is not the workspace's, or is already there or further.
 */
export async function advanceRefund(
  db: DbOrTx,
  input: {
    id: string;
    workspaceId: string;
    endToEndId?: string;
    status: PixRefundStatus;
    rtrId?: string | null;
    now: Date;
  },
) {
  const from = MOVES_FROM[input.status];
  if (from.length === 0) return null;
  const [row] = await db
    .update(pixRefunds)
    .set({
      status: input.status,
      ...(input.rtrId ? { rtrId: input.rtrId } : {}),
      updatedAt: input.now,
    })
    .where(
      and(
        eq(pixRefunds.id, input.id),
        eq(pixRefunds.workspaceId, input.workspaceId),
        input.endToEndId ? eq(pixRefunds.endToEndId, input.endToEndId) : undefined,
        inArray(pixRefunds.status, from),
      ),
    )
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
