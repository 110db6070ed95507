import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pixConnections } from '../../db/schema/payments';

export type PixConnectionRow = typeof pixConnections.$inferSelect;
type ConnectionValues = Omit<typeof pixConnections.$inferInsert, 'id' | 'workspaceId'>;

export async function findConnectedConnection(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select()
    .from(pixConnections)
    .where(and(eq(pixConnections.workspaceId, workspaceId), eq(pixConnections.status, 'connected')))
    .limit(1);
  return row ?? null;
}

export async function findConnectionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(pixConnections).where(eq(pixConnections.id, id)).limit(1);
  return row ?? null;
}

/** A new connection, or the same row with new credentials (its id, so its webhook URL, stays). */
const BREAKER_CLOSED = {
  reconcileFailures: 0,
  reconcileFailingSince: null,
  reconcileLastError: null,
  reconcilePausedUntil: null,
};

export async function saveConnection(
  db: DbOrTx,
  input: { id: string; workspaceId: string; values: ConnectionValues },
) {
  const [row] = await db
    .insert(pixConnections)
    .values({ id: input.id, workspaceId: input.workspaceId, ...input.values })
    // a connection saved again (checked live just now) starts with a closed breaker
    .onConflictDoUpdate({ target: pixConnections.id, set: { ...input.values, ...BREAKER_CLOSED } })
    .returning();
  return row!;
}

/** Ends a connection: its webhook secret goes at once (its URL answers 404), its secrets later. */
export async function disconnectConnection(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(pixConnections)
    .set({ status: 'disconnected', disconnectedAt: now, webhookSecretHash: null, updatedAt: now })
    .where(and(eq(pixConnections.id, id), eq(pixConnections.status, 'connected')))
    .returning();
  return row ?? null;
}

/** Connected accounts made before webhook secrets (decision 064), oldest first. */
export async function findConnectionsWithoutWebhookSecret(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(pixConnections)
    .where(and(eq(pixConnections.status, 'connected'), isNull(pixConnections.webhookSecretHash)))
    .orderBy(asc(pixConnections.connectedAt))
    .limit(limit);
}

/** A connection's first webhook secret, unless it got one meanwhile (a new PUT). */
export async function setWebhookSecret(
  db: DbOrTx,
  id: string,
  input: { secrets: string; webhookSecretHash: string },
) {
  const rows = await db
    .update(pixConnections)
    .set(input)
    .where(
      and(
        eq(pixConnections.id, id),
        eq(pixConnections.status, 'connected'),
        isNull(pixConnections.webhookSecretHash),
      ),
    )
    .returning({ id: pixConnections.id });
  return rows.length === 1;
}

/**
 * Ended connections still holding their secrets (what they left live at the PSP not yet
 * undone), of these workspaces or any; oldest first.
 */
export async function findEndedConnectionsWithSecrets(
  db: DbOrTx,
  workspaceIds: string[] | null,
  limit: number,
) {
  return db
    .select()
    .from(pixConnections)
    .where(
      and(
        ne(pixConnections.status, 'connected'),
        isNotNull(pixConnections.secrets),
        workspaceIds ? inArray(pixConnections.workspaceId, workspaceIds) : undefined,
      ),
    )
    .orderBy(asc(pixConnections.disconnectedAt))
    .limit(limit);
}

/** An ended connection's secrets are erased (its history stays). */
export async function eraseSecrets(db: DbOrTx, id: string) {
  await db
    .update(pixConnections)
    .set({ secrets: null, webhookSecretHash: null })
    .where(and(eq(pixConnections.id, id), ne(pixConnections.status, 'connected')));
}

/** One batch of connected accounts after `afterId` (the reconciliation walks them all, bounded). */
export async function listConnectedAfter(db: DbOrTx, afterId: string | null, limit: number) {
  return db
    .select()
    .from(pixConnections)
    .where(
      and(
        eq(pixConnections.status, 'connected'),
        afterId ? gt(pixConnections.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(pixConnections.id))
    .limit(limit);
}

export async function setReconciledUntil(db: DbOrTx, id: string, until: Date) {
  await db.update(pixConnections).set({ reconciledUntil: until }).where(eq(pixConnections.id, id));
}

/** Connected accounts whose certificate expires by `until` and whose notice was not sent. */
export async function findExpiringConnections(db: DbOrTx, until: Date, limit: number) {
  return db
    .select()
    .from(pixConnections)
    .where(
      and(
        eq(pixConnections.status, 'connected'),
        lte(pixConnections.certificateExpiresAt, until),
        or(
          isNull(pixConnections.expiryNoticeFor),
          ne(pixConnections.expiryNoticeFor, pixConnections.certificateFingerprint),
        ),
      ),
    )
    .orderBy(asc(pixConnections.certificateExpiresAt))
    .limit(limit);
}

/** Claims the expiry notice of the connection's current certificate: true for exactly one caller. */
export async function claimExpiryNotice(db: DbOrTx, id: string, fingerprint: string) {
  const rows = await db
    .update(pixConnections)
    .set({ expiryNoticeFor: fingerprint })
    .where(
      and(
        eq(pixConnections.id, id),
        eq(pixConnections.certificateFingerprint, fingerprint),
        sql`${pixConnections.expiryNoticeFor} is distinct from ${fingerprint}`,
      ),
    )
    .returning({ id: pixConnections.id });
  return rows.length === 1;
}

/** A reconciliation of this PSP failed: its breaker's new state (reconcile.jobs.ts decides it). */
export async function recordReconcileFailure(
  db: DbOrTx,
  input: {
    id: string;
    failures: number;
    failingSince: Date;
    error: string;
    pausedUntil: Date | null;
  },
) {
  await db
    .update(pixConnections)
    .set({
      reconcileFailures: input.failures,
      reconcileFailingSince: input.failingSince,
      reconcileLastError: input.error,
      reconcilePausedUntil: input.pausedUntil,
    })
    .where(eq(pixConnections.id, input.id));
}

/** A reconciliation of this PSP succeeded: the breaker closes. */
export async function clearReconcileFailures(db: DbOrTx, id: string) {
  await db
    .update(pixConnections)
    .set(BREAKER_CLOSED)
    .where(and(eq(pixConnections.id, id), gt(pixConnections.reconcileFailures, 0)));
}
