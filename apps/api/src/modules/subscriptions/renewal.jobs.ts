import { formatCents, PLAN_TYPE_LABELS } from '@fa-clube/contract';
import { addDays } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { startPeriodic } from '../../lib/periodic';
import type { Periodic } from '../../lib/periodic';
import { renderEmail } from '../../lib/mailer';
import { findWorkspace } from '../workspaces/workspaces.service';
import {
  findPayableCharge,
  renewsAutomatically,
  scheduleRecurringDebits,
} from '../payments/payments.service';
import { openPlanCharge } from './subscribe.service';
import { claimReminder, expireEndedSubscriptions } from './subscriptions.repo';
import { findPlan } from './plans.repo';
import {
  claimDueReminders,
  enqueueReminder,
  finishReminder,
  retryReminder,
  setReminderCharge,
} from './renewal-reminders.repo';
import type { RenewalReminderRow } from './renewal-reminders.repo';
import {
  findAutomaticRenewalsDue,
  findReminderTarget,
  findSubscriptionsDueForReminder,
} from './subscriptions.queries';
import { queueMail } from '../mail/mail.service';
import { pushToUser } from '../notifications/notifications.service';

const REMINDER_BATCH = 200;

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A claim lasts this long: a process that dies while sending leaves the row to the next sweep. */
const REMINDER_LEASE_MS = 5 * 60_000;
/** After this many failed sends the reminder is given up (and logged as an error). */
export const REMINDER_MAX_ATTEMPTS = 8;

/** Wait before the next try after `attempts` failures: 1 min, 2, 4, ... at most 6 h. */
export const reminderBackoffMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/**
 * Step 1, the outbox: every active subscription whose period ends within
 * SUBSCRIPTION_REMINDER_DAYS gets one renewal_reminders row for that period
 * (claimed on the subscription and written in one transaction), before
 * anything is sent.
 */
async function enqueueRenewalReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const until = addDays(now, ctx.config.subscriptions.reminderDays);
  const due = await findSubscriptionsDueForReminder(ctx.db, now, until, REMINDER_BATCH);
  let queued = 0;
  for (const { subscription: sub } of due) {
    const fresh = await ctx.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, sub.id, sub.currentPeriodEnd))) return false;
      return enqueueReminder(tx, {
        subscriptionId: sub.id,
        periodEnd: sub.currentPeriodEnd,
        now,
      });
    });
    if (fresh) queued++;
  }
  return queued;
}

/** What one sweep did: rows written to the outbox, rows claimed, and what became of each claim. */
export interface RenewalSweep {
  queued: number;
  claimed: number;
  sent: number;
  /** renewed, cancelled or ended since, or no plan to charge: nothing to send */
  skipped: number;
  /** the send failed: back to pending, tried again later */
  retried: number;
  /** the send failed REMINDER_MAX_ATTEMPTS times: given up */
  failed: number;
}
type ReminderOutcome = 'sent' | 'skipped' | 'retried' | 'failed';

/**
 * The renewal reminders, through an outbox (claim, send, mark): the due
 * periods are written to renewal_reminders, then the rows due now are claimed
 * (with a lease) and each is sent with its renewal charge — opened once and
 * reused by every retry while it can be paid, never more than one open per
 * subscription (charges_one_open_renewal_uq) — and marked sent. An SMTP failure
 * puts the row back with a growing delay; a crash after the claim leaves it to
 * the next sweep once the lease runs out. Answers what it queued, claimed and
 * did with each claim.
 */
export async function sendRenewalReminders(ctx: AppContext): Promise<RenewalSweep> {
  const queued = await enqueueRenewalReminders(ctx);
  const now = ctx.clock.now();
  const claimed = await claimDueReminders(ctx.db, {
    now,
    leaseUntil: new Date(now.getTime() + REMINDER_LEASE_MS),
    limit: REMINDER_BATCH,
  });
  const sweep: RenewalSweep = {
    queued,
    claimed: claimed.length,
    sent: 0,
    skipped: 0,
    retried: 0,
    failed: 0,
  };
  for (const reminder of claimed) sweep[await deliverReminder(ctx, reminder)]++;
  return sweep;
}

/** The reminder's charge: the one opened by an earlier try while payable, else a new one. */
async function renewalCharge(
  ctx: AppContext,
  reminder: RenewalReminderRow,
  subscription: { id: string; subscriberId: string },
  ws: { id: string; username: string },
  plan: Awaited<ReturnType<typeof findPlan>> & object,
) {
  if (reminder.chargeId) {
    const previous = await findPayableCharge(ctx, reminder.chargeId);
    if (previous) return previous;
  }
  const charge = await openPlanCharge(ctx, subscription.subscriberId, ws, plan, {
    replaceOpen: true,
    renewalOf: subscription.id,
  });
  await setReminderCharge(ctx.db, reminder.id, charge.id);
  return charge;
}

async function deliverReminder(
  ctx: AppContext,
  reminder: RenewalReminderRow,
): Promise<ReminderOutcome> {
  const target = await findReminderTarget(ctx.db, reminder.subscriptionId);
  const sub = target?.subscription;
  if (
    !target ||
    !sub ||
    sub.status !== 'active' ||
    sub.currentPeriodEnd.getTime() !== reminder.periodEnd.getTime() ||
    // Pix Automático debits it: no charge to pay by hand (a failed debit e-mails one)
    (await renewsAutomatically(ctx, sub.id))
  ) {
    // renewed, cancelled or ended since: this period needs no reminder any more
    await finishReminder(ctx.db, reminder.id, { status: 'skipped', now: ctx.clock.now() });
    return 'skipped';
  }
  const ws = await findWorkspace(ctx, sub.workspaceId);
  const plan = ws ? await findPlan(ctx.db, ws.id, sub.planType) : null;
  if (!ws || !plan) {
    ctx.logger.info(
      { subscriptionId: sub.id },
      'lembrete de renovação sem plano disponível; nada enviado',
    );
    await finishReminder(ctx.db, reminder.id, {
      status: 'skipped',
      now: ctx.clock.now(),
      error: 'sem plano disponível',
    });
    return 'skipped';
  }
  try {
    const charge = await renewalCharge(ctx, reminder, sub, ws, plan);
    const profileUrl = `${ctx.config.appUrl}/profile/${encodeURIComponent(ws.username)}`;
    await ctx.mailer.send(
      renderEmail({
        kind: 'renewal-reminder',
        to: target.email,
        subject: `Sua assinatura de ${ws.label} vence em ${dateFormat.format(sub.currentPeriodEnd)}`,
        title: 'Renove sua assinatura',
        paragraphs: [
          `Olá, ${target.fullName}!`,
          `Sua assinatura ${PLAN_TYPE_LABELS[sub.planType]} de ${ws.label} (@${ws.username}) vale até ${dateFormat.format(sub.currentPeriodEnd)}. Para continuar com acesso ao conteúdo, pague ${formatCents(charge.valueCents)} com o Pix copia e cola abaixo, no app do seu banco:`,
          charge.paymentSpecs,
          `Este código vale até ${dateTimeFormat.format(charge.expiresAt)}. Depois disso, gere um novo no perfil do criador. O novo período começa quando o atual terminar.`,
        ],
        action: { label: 'Renovar assinatura', url: profileUrl },
      }),
    );
    await finishReminder(ctx.db, reminder.id, { status: 'sent', now: ctx.clock.now() });
    // and on the fan's devices (once: the reminder is marked sent just above)
    await pushToUser(ctx, sub.subscriberId, {
      type: 'subscription-ending',
      title: `Sua assinatura de ${ws.label} vence em ${dateFormat.format(sub.currentPeriodEnd)}`,
      body: `Renove com um Pix de ${formatCents(charge.valueCents)} para continuar com acesso.`,
      url: `/profile/${encodeURIComponent(ws.username)}`,
    });
    return 'sent';
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    if (reminder.attempts >= REMINDER_MAX_ATTEMPTS) {
      await finishReminder(ctx.db, reminder.id, { status: 'failed', now: ctx.clock.now(), error });
      ctx.logger.error(
        { err, subscriptionId: sub.id, attempts: reminder.attempts },
        'lembrete de renovação abandonado após várias falhas',
      );
      return 'failed';
    }
    const nextAttemptAt = new Date(
      ctx.clock.now().getTime() + reminderBackoffMs(reminder.attempts),
    );
    await retryReminder(ctx.db, reminder.id, { nextAttemptAt, error });
    ctx.logger.warn(
      { err, subscriptionId: sub.id, attempts: reminder.attempts, nextAttemptAt },
      'falha ao enviar lembrete de renovação; nova tentativa agendada',
    );
    return 'retried';
  }
}

/**
 * A Pix Automático debit the fan's bank refused (or let expire) for the subscription
 * `subscriptionId`: the fan gets a manual Pix charge for the period by e-mail, through the
 * mail outbox; the subscription lapses at its end as any other if it is not paid. Answers
 * the charge's id (null: nothing to renew).
 */
export async function emailDebitFallback(
  ctx: AppContext,
  subscriptionId: string,
): Promise<string | null> {
  const target = await findReminderTarget(ctx.db, subscriptionId);
  const sub = target?.subscription;
  const ws = sub ? await findWorkspace(ctx, sub.workspaceId) : null;
  const plan = ws && sub ? await findPlan(ctx.db, ws.id, sub.planType) : null;
  if (!target || !sub || !ws || !plan || sub.status !== 'active') return null;
  const charge = await openPlanCharge(ctx, sub.subscriberId, ws, plan, {
    replaceOpen: true,
    renewalOf: sub.id,
  });
  const profileUrl = `${ctx.config.appUrl}/profile/${encodeURIComponent(ws.username)}`;
  await queueMail(
    ctx,
    renderEmail({
      kind: 'pix-automatic-failed',
      to: target.email,
      subject: `O débito automático da sua assinatura de ${ws.label} não foi feito`,
      title: 'Pague a renovação por Pix',
      paragraphs: [
        `Olá, ${target.fullName}!`,
        `O seu banco não fez o débito do Pix Automático da assinatura ${PLAN_TYPE_LABELS[sub.planType]} de ${ws.label} (@${ws.username}), que vale até ${dateFormat.format(sub.currentPeriodEnd)}. Para continuar com acesso ao conteúdo, pague ${formatCents(charge.valueCents)} com o Pix copia e cola abaixo, no app do seu banco:`,
        charge.paymentSpecs,
        `Este código vale até ${dateTimeFormat.format(charge.expiresAt)}. O novo período começa quando o atual terminar.`,
      ],
      action: { label: 'Renovar assinatura', url: profileUrl },
    }),
  );
  return charge.id;
}

export interface SubscriptionJobsResult {
  expiredSubscriptions: number;
  remindersSent: number;
  debitsScheduled: number;
}

/** Periods whose Pix Automático debit is asked for in one sweep. */
const DEBIT_BATCH = 100;

/**
 * The subscription sweep: ended subscriptions -> expired, renewal reminders,
 * and the payments module asked to schedule the Pix Automático debits of the
 * periods ending within PIX_AUTOMATIC_LEAD_DAYS (the period end in the
 * database is the only clock read: one moved closer is scheduled at the next
 * sweep). A plain function: tests call it directly; server.ts runs it on a
 * timer (startSubscriptionJobs).
 */
export async function runSubscriptionJobs(ctx: AppContext): Promise<SubscriptionJobsResult> {
  const now = ctx.clock.now();
  const expiredSubscriptions = await expireEndedSubscriptions(ctx.db, now);
  const { sent: remindersSent } = await sendRenewalReminders(ctx);
  const due = await findAutomaticRenewalsDue(
    ctx.db,
    now,
    addDays(now, ctx.config.pix.automaticLeadDays),
    DEBIT_BATCH,
  );
  const debitsScheduled = await scheduleRecurringDebits(ctx, due);
  return { expiredSubscriptions, remindersSent, debitsScheduled };
}

/**
 * Runs the sweep at start and then every SUBSCRIPTION_JOBS_INTERVAL_SECONDS.
 * Nothing is queued in memory: every run reads what is due from the database,
 * so a restart loses nothing and several servers may run it side by side
 * (docs/decisions: renewal scheduling).
 */
export function startSubscriptionJobs(ctx: AppContext): Periodic {
  return startPeriodic(
    'rotina de assinaturas',
    ctx.config.subscriptions.jobsIntervalSeconds * 1000,
    () => runSubscriptionJobs(ctx),
    ctx.logger,
  );
}
