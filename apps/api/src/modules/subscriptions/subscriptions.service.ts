import { stringify } from 'csv-stringify/sync';
import type { SubscribersResponse, SubscriptionsResponse } from '@fa-clube/contract';
import { requireActor, requireWorkspaceRole } from '../../lib/access';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { toPendingCharge, PLAN_LABELS, toSubscriptionState } from './dto';
import { publicImageUrl } from '../../lib/storage';
import {
  listActiveSubscribers,
  listPayerOpenCharges,
  listSubscriberSubscriptions,
} from './subscriptions.repo';

/** GET /subscriptions: the caller's own subscriptions and open charges. */
export async function listMySubscriptions(
  ctx: AppContext,
  actor: Actor | null,
): Promise<SubscriptionsResponse> {
  const me = requireActor(actor);
  const now = ctx.clock.now();
  const [subs, open] = await Promise.all([
    listSubscriberSubscriptions(ctx.db, me.userId),
    listPayerOpenCharges(ctx.db, me.userId, now),
  ]);
  return {
    subscriptions: subs.map(({ subscription, workspace }) => ({
      ...toSubscriptionState(subscription, now),
      workspace_id: workspace.id,
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
    offset: query.page * query.size,
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

/** GET /subscribers/{ws}/export.csv: every active subscriber, pt-BR header, UTF-8 with BOM. */
export async function exportSubscribersCsv(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<string> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const now = ctx.clock.now();
  const records: string[][] = [];
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { rows } = await listActiveSubscribers(ctx.db, {
      workspaceId,
      now,
      limit: EXPORT_BATCH,
      offset,
    });
    for (const r of rows) {
      records.push(
        [
          r.label,
          r.username,
          PLAN_LABELS[r.planType],
          dateFormat.format(r.currentPeriodEnd),
          r.description,
        ].map(neutralizeFormula),
      );
    }
    if (rows.length < EXPORT_BATCH) break;
  }
  return (
    '\uFEFF' +
    stringify(records, {
      header: true,
      columns: ['Nome', 'Usuário', 'Plano', 'Assinatura válida até', 'Descrição'],
      record_delimiter: 'windows',
    })
  );
}
