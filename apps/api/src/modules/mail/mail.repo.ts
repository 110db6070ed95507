import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

export async function insertMail(
  db: DbOrTx,
  input: { kind: string; toAddress: string; payload: string; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: input.kind,
      toAddress: input.toAddress,
      payload: input.payload,
      nextAttemptAt: input.now,
      createdAt: input.now,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` messages to send now (only `ids` when given): pending
 * ones whose time has come, and ones claimed before whose lease ran out (the
 * process died while sending). FOR UPDATE SKIP LOCKED: concurrent workers, in
 * this process or another, never claim the same row.
 */
export async function claimDueMail(
  db: DbOrTx,
  input: { now: Date; leaseUntil: Date; limit: number; ids?: string[] },
): Promise<MailOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        input.ids ? inArray(mailOutbox.id, input.ids) : undefined,
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, input.now)),
          and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, input.now)),
        ),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: 'sending',
      claimedUntil: input.leaseUntil,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/**
 * The claimed message went out (or was given up): the text, with its links,
 * is erased. Only the claim that is still current marks it (`claimedUntil`).
 */
export async function finishMail(
  db: DbOrTx,
  id: string,
  claimedUntil: Date,
  outcome: { status: 'sent' | 'failed'; now: Date; error?: string },
) {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.status,
      payload: null,
      claimedUntil: null,
      ...(outcome.status === 'sent' ? { sentAt: outcome.now } : {}),
      ...(outcome.error !== undefined ? { lastError: outcome.error } : {}),
    })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, 'sending'),
        eq(mailOutbox.claimedUntil, claimedUntil),
      ),
    );
}

/** Sending failed: back to pending, tried again at `nextAttemptAt`. */
export async function retryMail(
  db: DbOrTx,
  id: string,
  claimedUntil: Date,
  input: { nextAttemptAt: Date; error: string },
) {
  await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      claimedUntil: null,
      nextAttemptAt: input.nextAttemptAt,
      lastError: input.error,
    })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, 'sending'),
        eq(mailOutbox.claimedUntil, claimedUntil),
      ),
    );
}

/** Deletes every message to the address, whatever its state (a deleted account, LGPD). */
export async function deleteMailTo(db: DbOrTx, address: string) {
  await db.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.toAddress})`, address.toLowerCase()));
}

/** The outbox's backlog by status (metrics): what waits to be sent and what is being sent. */
export async function countUnsentMail(db: DbOrTx): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending']))
    .groupBy(mailOutbox.status);
}
