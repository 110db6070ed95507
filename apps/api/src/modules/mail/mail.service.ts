import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { decrypt, encrypt } from '../../lib/crypto';
import type { Mail } from '../../lib/mailer';
import { claimDueMail, deleteMailTo, finishMail, insertMail, retryMail } from './mail.repo';
import type { MailOutboxRow } from './mail.repo';

/**
 * The transactional mail outbox (docs/decisions: mail outbox). A service
 * writes its message with `enqueueMail(ctx, tx, mail)` in the transaction that
 * makes its effect (the reset token, the invitation, ...), then, once that
 * transaction committed, calls `deliverSoon(ctx, ids)` to try it at once after
 * the answer. What fails (SMTP down) stays in mail_outbox and the periodic
 * sweep (mail.module.ts) retries it with a growing delay until
 * MAIL_MAX_ATTEMPTS, then marks it 'failed'.
 */

/** A claim lasts this long: longer than any SMTP exchange (lib/mailer.ts bounds one to ~1.5 min). */
export const MAIL_LEASE_MS = 5 * 60_000;
/** After this many failed sends the message is given up ('failed', logged as an error). */
export const MAIL_MAX_ATTEMPTS = 15;
/** How often the sweep looks for due messages. */
export const MAIL_SWEEP_INTERVAL_MS = 5_000;
const BATCH = 50;

/** Wait before the next try after `attempts` failures: 5 s, 10 s, 20 s, ... at most 1 h (≈ 6 h in all). */
export const mailBackoffMs = (attempts: number) =>
  Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

type StoredMail = Omit<Mail, 'kind' | 'to' | 'messageId'>;

/** Writes `mail` to the outbox on `db` (a transaction, usually); answers its id. */
export async function enqueueMail(ctx: AppContext, db: DbOrTx, mail: Mail): Promise<string> {
  const { kind, to, messageId: _ignored, ...rest } = mail;
  return insertMail(db, {
    kind: kind ?? 'e-mail',
    toAddress: to,
    payload: encrypt(ctx.keys.encryption, JSON.stringify(rest satisfies StoredMail)),
    now: ctx.clock.now(),
  });
}

const inFlight = new WeakMap<AppContext, Set<Promise<unknown>>>();

/**
 * Tries the given (committed) messages now, after the answer; a failure leaves
 * them to the sweep. Tracked so the app's close waits for them (`drainMail`).
 */
export function deliverSoon(ctx: AppContext, ids: string[]): void {
  if (!ids.length) return;
  const set = inFlight.get(ctx) ?? new Set();
  inFlight.set(ctx, set);
  const work = deliverDueMail(ctx, { ids }).catch((err: unknown) => {
    ctx.logger.error({ err }, 'falha ao enviar e-mails da fila');
  });
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** `enqueueMail` outside any transaction, then `deliverSoon`. */
export async function queueMail(ctx: AppContext, mail: Mail): Promise<string> {
  const id = await enqueueMail(ctx, ctx.db, mail);
  deliverSoon(ctx, [id]);
  return id;
}

/** Waits for the deliveries `deliverSoon` started (the app's close). */
export async function drainMail(ctx: AppContext): Promise<void> {
  await Promise.allSettled([...(inFlight.get(ctx) ?? [])]);
}

/**
 * Claims the due messages (only `ids` when given), sends each and marks it.
 * Answers how many went out. A crash between the SMTP answer and the mark
 * sends that message again after the lease: at most one duplicate, with the
 * same Message-ID.
 */
export async function deliverDueMail(
  ctx: AppContext,
  opts: { ids?: string[]; signal?: AbortSignal } = {},
): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.clock.now();
    const claimed = await claimDueMail(ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
      limit: BATCH,
      ids: opts.ids,
    });
    for (const row of claimed) if (await deliver(ctx, row)) sent++;
    if (opts.ids || claimed.length < BATCH || opts.signal?.aborted) return sent;
  }
}

/** `<id.mail@host>`: the same for every try of one message. */
export const outboxMessageId = (ctx: AppContext, id: string) =>
  `<${id}.mail@${new URL(ctx.config.appUrl).hostname}>`;

async function deliver(ctx: AppContext, row: MailOutboxRow): Promise<boolean> {
  const lease = row.claimedUntil!;
  const log = { mailId: row.id, kind: row.kind, attempts: row.attempts };
  try {
    if (!row.payload) throw new Error('mensagem sem conteúdo');
    const stored = JSON.parse(decrypt(ctx.keys.encryption, row.payload)) as StoredMail;
    await ctx.mailer.send({
      ...stored,
      kind: row.kind,
      to: row.toAddress,
      messageId: outboxMessageId(ctx, row.id),
    });
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    if (row.attempts >= MAIL_MAX_ATTEMPTS) {
      await finishMail(ctx.db, row.id, lease, { status: 'failed', now: ctx.clock.now(), error });
      ctx.logger.error({ err, mail: log }, 'e-mail abandonado após várias falhas');
    } else {
      const nextAttemptAt = new Date(ctx.clock.now().getTime() + mailBackoffMs(row.attempts));
      await retryMail(ctx.db, row.id, lease, { nextAttemptAt, error });
      ctx.logger.warn(
        { err, mail: { ...log, nextAttemptAt } },
        'falha ao enviar e-mail; nova tentativa agendada',
      );
    }
    return false;
  }
  await finishMail(ctx.db, row.id, lease, { status: 'sent', now: ctx.clock.now() });
  return true;
}

/**
 * Forgets the messages to an address, sent or not, inside the caller's transaction: an account
 * deleted leaves no copy of its address (nor its unsent links) in the outbox.
 */
export async function forgetMailTo(tx: DbOrTx, address: string): Promise<void> {
  await deleteMailTo(tx, address);
}
