import { Readable } from 'node:stream';
import {
  MY_PAYMENTS_MAX,
  MY_PENDING_CHARGES_MAX,
  MY_SUBSCRIPTIONS_PAGING,
  PAGING,
  centsToMajor,
  pageOffset,
} from '@fa-clube/contract';
import { stringify } from 'csv-stringify/sync';
import { PLAN_TYPE_LABELS } from '@fa-clube/contract';
import type { MyRenewal, SubscribersResponse, SubscriptionsResponse } from '@fa-clube/contract';
import { nextPeriodEnd, planPeriodEnd } from '@fa-clube/contract';
import { requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext, ChargeKindHandler, PaidCharge, PaidGrant } from '../../lib/context';
import type { DbOrTx } from '../../db/client';
import { cancelRecurrence, toPendingCharge } from '../payments/payments.service';
import { toSubscriptionState } from './dto';
import { emailDebitFallback } from './renewal.jobs';
import {
  cancelSubscriptionsOf,
  findSubscriptionById,
  insertSubscriptionIfAbsent,
  insertSubscriptionPayment,
  lockSubscription,
  updateSubscriptionPeriod,
} from './subscriptions.repo';
import { publicImageUrl } from '../../lib/storage';
import {
  listActiveSubscribers,
  listActiveSubscribersAfter,
  listPayerOpenCharges,
  listPayerPayments,
  listSubscriberSubscriptions,
} from './subscriptions.queries';
import { isActiveSubscription } from '../../read-models/active-subscription';

/** GET /subscriptions?page=&size=: the caller's own subscriptions (paged) and open charges. */
export async function listMySubscriptions(
  ctx: AppContext,
  actor: Actor | null,
  query: { page: number; size: number },
): Promise<SubscriptionsResponse> {
  const me = requireActor(actor);
  const now = ctx.clock.now();
  const [subs, open, paid] = await Promise.all([
    listSubscriberSubscriptions(ctx.db, {
      subscriberId: me.userId,
      limit: query.size,
      offset: pageOffset(MY_SUBSCRIPTIONS_PAGING, query.page, query.size),
    }),
    listPayerOpenCharges(ctx.db, me.userId, now, MY_PENDING_CHARGES_MAX),
    listPayerPayments(ctx.db, me.userId, MY_PAYMENTS_MAX),
  ]);
  return {
    subscriptions: subs.rows.map(({ subscription, workspace, recurrenceStatus }) => ({
      ...toSubscriptionState(subscription, now),
      workspace_id: workspace.id,
      renewal: recurrenceStatus === 'APROVADA' ? 'automatic' : 'manual',
      recurrence_status: recurrenceStatus,
      username: workspace.username,
      label: workspace.label,
      avatar_url: publicImageUrl(workspace.avatarPath),
    })),
    pending_charges: open.map((row) => ({
      ...toPendingCharge(row.charge),
      workspace_id: row.charge.workspaceId,
      username: row.username,
      label: row.label,
    })),
    payments: paid.map((row) => ({
      id: row.charge.id,
      workspace_id: row.charge.workspaceId,
      username: row.username,
      label: row.label,
      plan_type: row.charge.planType,
      value: centsToMajor(row.charge.valueCents),
      currency: row.charge.currency,
      paid_at: (row.charge.paidAt ?? row.periodStart).toISOString(),
      period_start: row.periodStart.toISOString(),
      period_end: row.periodEnd.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total: subs.total,
  };
}

/**
 * DELETE /subscriptions/{id}/recurrence: the fan ends the Pix Automático of their own
 * subscription (payments: PATCH /rec CANCELADA); it stays active to its period end.
 */
export async function cancelAutomaticRenewal(
  ctx: AppContext,
  actor: Actor | null,
  subscriptionId: string,
): Promise<MyRenewal> {
  const me = requireActor(actor);
  await cancelRecurrence(ctx, { contractId: subscriptionId, payerId: me.userId });
  const sub = await findSubscriptionById(ctx.db, subscriptionId);
  return {
    id: subscriptionId,
    renewal: 'manual',
    recurrence_status: 'CANCELADA',
    current_period_end: sub?.currentPeriodEnd.toISOString() ?? null,
  };
}

/** GET /subscribers/{ws}: active subscribers, for the owner and members. */
export async function listSubscribers(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number },
): Promise<SubscribersResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const { rows, total } = await listActiveSubscribers(ctx.db, {
    workspaceId,
    now: ctx.clock.now(),
    limit: query.size,
    offset: pageOffset(PAGING.subscribers, query.page, query.size),
  });
  return {
    subscribers: rows.map((r) => ({
      id: r.id,
      label: r.label,
      username: r.username,
      avatar_url: publicImageUrl(r.avatarPath),
      description: r.description,
      plan_type: r.planType,
      current_period_end: r.currentPeriodEnd.toISOString(),
      renewal: r.recurrenceStatus === 'APROVADA' ? ('automatic' as const) : ('manual' as const),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

const EXPORT_BATCH = 1000;

/**
 * A spreadsheet can run a cell that starts with = + - @ (or a tab/CR before
 * one) as a formula: such cells are prefixed with an apostrophe (OWASP).
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * GET /subscribers/{ws}/export.csv: every active subscriber, pt-BR header,
 * UTF-8 with BOM. The access check runs first (a refusal is a JSON error);
 * then the rows are streamed batch by batch with keyset paging, so a large
 * list takes constant memory and never an OFFSET scan.
 */
export async function exportSubscribersCsv(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  opts: { batchSize?: number } = {},
): Promise<Readable> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const now = ctx.clock.now();
  const limit = opts.batchSize ?? EXPORT_BATCH;
  async function* lines() {
    yield '\uFEFF' + stringify([CSV_COLUMNS], { record_delimiter: 'windows' });
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await listActiveSubscribersAfter(ctx.db, { workspaceId, now, after, limit });
      if (rows.length > 0)
        yield stringify(
          rows.map((r) =>
            [
              r.label,
              r.username,
              PLAN_TYPE_LABELS[r.planType],
              dateFormat.format(r.currentPeriodEnd),
              r.description,
            ].map(neutralizeFormula),
          ),
          { record_delimiter: 'windows' },
        );
      if (rows.length < limit) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return Readable.from(lines());
}

/**
 * Account deletion, inside its transaction: the person's subscriptions end now (their paid
 * periods stay recorded; their charges are the payments module's).
 */
export async function endSubscriptionsOfDeletedAccount(tx: DbOrTx, userId: string, now: Date) {
  await cancelSubscriptionsOf(tx, userId, now);
}

/**
 * A paid subscription charge, inside the payments module's transaction (the one that marked it
 * paid and booked it): the subscription starts now, or is extended from its current end while
 * it is still running, by the charge's plan months counted from the first day of its run of
 * paid periods; the period is recorded in subscription_payments (unique per charge). A first
 * subscription authorized with Pix Automático takes the id its recurrence named.
 */
async function grantSubscriptionPeriod(
  tx: DbOrTx,
  charge: PaidCharge,
  now: Date,
): Promise<PaidGrant> {
  let subscription = await insertSubscriptionIfAbsent(tx, {
    id: charge.contractId ?? undefined,
    workspaceId: charge.workspaceId,
    subscriberId: charge.payerId,
    planType: charge.planType,
    start: now,
    end: planPeriodEnd(now, charge.planType),
  });
  let periodStart = now;
  if (!subscription) {
    const current = (await lockSubscription(tx, charge.workspaceId, charge.payerId))!;
    const running = isActiveSubscription(current, now);
    periodStart = running ? current.currentPeriodEnd : now;
    subscription = await updateSubscriptionPeriod(tx, current.id, {
      planType: charge.planType,
      paidSince: running ? current.paidSince : now,
      // months counted from the first day of the run of paid periods (31 Jan → 28 Feb → 31 Mar)
      end: running
        ? nextPeriodEnd(current.paidSince, current.currentPeriodEnd, charge.planType)
        : planPeriodEnd(now, charge.planType),
      now,
    });
  }
  await insertSubscriptionPayment(tx, {
    subscriptionId: subscription.id,
    chargeId: charge.id,
    periodStart,
    periodEnd: subscription.currentPeriodEnd,
    createdAt: now,
  });
  return { subscription: toSubscriptionState(subscription, now) };
}

/** What subscriptions sells through the payments module (bootstrap.ts wires it). */
export const subscriptionCharges: ChargeKindHandler = {
  paid: grantSubscriptionPeriod,
  recurringDebitFailed: emailDebitFallback,
};

const CSV_COLUMNS = ['Nome', 'Usuário', 'Plano', 'Assinatura válida até', 'Descrição'];
