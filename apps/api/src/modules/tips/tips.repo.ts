import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tips } from '../../db/schema/tips';

export async function insertTip(db: DbOrTx, input: typeof tips.$inferInsert) {
  const [row] = await db.insert(tips).values(input).returning();
  return row!;
}

/** The tip of a charge, marked paid once: null when it already was (or there is none). */
export async function markTipPaid(tx: DbOrTx, chargeId: string, now: Date) {
  const [row] = await tx
    .update(tips)
    .set({ paidAt: now })
    .where(and(eq(tips.chargeId, chargeId), isNull(tips.paidAt)))
    .returning();
  return row ?? null;
}

export async function findTipOfCharge(db: DbOrTx, chargeId: string) {
  const [row] = await db.select().from(tips).where(eq(tips.chargeId, chargeId)).limit(1);
  return row ?? null;
}

/** A refunded tip leaves the list ('Gorjetas' shows paid tips only). */
export async function unmarkTipPaid(tx: DbOrTx, chargeId: string) {
  await tx.update(tips).set({ paidAt: null }).where(eq(tips.chargeId, chargeId));
}

/** Where the paid tip was shown in the conversation. */
export async function setTipMessage(
  tx: DbOrTx,
  tipId: string,
  sent: { chatId: string; messageId: string },
) {
  await tx
    .update(tips)
    .set({ chatId: sent.chatId, chatMessageId: sent.messageId })
    .where(eq(tips.id, tipId));
}
