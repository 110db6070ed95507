/**
 * Insights (issue 35, conventions § "Insights"): the figures a creator runs the business by, read
 * from the charges, subscriptions and posts that exist. Owner and members; a stranger gets 404.
 */
import { stringify } from 'csv-stringify/sync';
import type { InsightsMonth, InsightsResponse } from '@fa-clube/contract';
import { INSIGHTS_TOP_POSTS, applyDiscount, centsToMajor } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import {
  TIME_ZONE,
  activeByPlan,
  paidByMonth,
  refundedByMonth,
  subscribedAt,
  subscriptionMovements,
  topPosts,
} from './insights.queries';

const PER_MONTH = { monthly: 1, quarterly: 3, yearly: 12 } as const;
const KINDS = {
  subscription: 'subscriptions',
  post: 'posts',
  message: 'messages',
  tip: 'tips',
} as const;
type Source = (typeof KINDS)[keyof typeof KINDS];

export async function getInsights(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { months: number },
): Promise<InsightsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const now = ctx.clock.now();
  // one month more than shown: the last complete month's churn rate needs it when months = 1
  const window = monthsEndingAt(now, query.months + 1);
  const shown = window.slice(1);
  const from = shown[0]!.start;
  const [plans, movements, paid, refunded, top] = [
    await activeByPlan(ctx.db, workspaceId, now),
    await subscriptionMovements(ctx.db, workspaceId, window[0]!.start, now),
    await paidByMonth(ctx.db, workspaceId, from, now),
    await refundedByMonth(ctx.db, workspaceId, from, now),
    await topPosts(ctx.db, workspaceId, from, now, INSIGHTS_TOP_POSTS),
  ];

  const byPlan = { monthly: 0, quarterly: 0, yearly: 0 };
  let mrrCents = 0;
  let automatic = 0;
  for (const p of plans) {
    byPlan[p.plan_type] = p.subscribers;
    automatic += p.automatic;
    const price = p.value_cents === null ? 0 : applyDiscount(p.value_cents, p.discount ?? 0);
    mrrCents += (p.subscribers * price) / PER_MONTH[p.plan_type];
  }

  const moves = new Map(movements.map((m) => [m.month, m]));
  const months: InsightsMonth[] = shown.map(({ month }) => {
    const cents: Record<Source, number> = { subscriptions: 0, posts: 0, messages: 0, tips: 0 };
    let refundCents = 0;
    for (const r of paid) if (r.month === month) cents[source(r.kind)] += r.cents;
    for (const r of refunded)
      if (r.month === month) {
        cents[source(r.kind)] -= r.cents;
        refundCents += r.cents;
      }
    const total = Object.values(cents).reduce((a, b) => a + b, 0);
    const m = moves.get(month);
    return {
      month,
      new: m?.new ?? 0,
      renewed: m?.renewed ?? 0,
      churned: m?.churned ?? 0,
      revenue: {
        subscriptions: centsToMajor(cents.subscriptions),
        posts: centsToMajor(cents.posts),
        messages: centsToMajor(cents.messages),
        tips: centsToMajor(cents.tips),
        total: centsToMajor(total),
      },
      refunds: centsToMajor(refundCents),
    };
  });

  // the last complete month: churned ÷ subscribers with paid time when it began
  const last = window[window.length - 2]!;
  const base = await subscribedAt(ctx.db, workspaceId, last.start);
  const churned = moves.get(last.month)?.churned ?? 0;

  return {
    currency: 'BRL',
    mrr: centsToMajor(Math.round(mrrCents)),
    active_subscribers: byPlan.monthly + byPlan.quarterly + byPlan.yearly,
    by_plan: byPlan,
    automatic_renewals: automatic,
    months,
    churn_rate: base > 0 ? Math.round((churned / base) * 10_000) / 10_000 : null,
    top_posts: top.map((p) => ({
      id: p.id,
      description: p.description,
      likes: p.likes,
      purchases: p.purchases,
      revenue: centsToMajor(p.cents),
    })),
  };
}

const CSV_COLUMNS = [
  'Mês',
  'Novos',
  'Renovados',
  'Cancelados',
  'Assinaturas (R$)',
  'Posts (R$)',
  'Mensagens (R$)',
  'Gorjetas (R$)',
  'Total (R$)',
  'Reembolsos (R$)',
];

/** GET /insights/{ws}/export.csv: the months, pt-BR header and decimal commas, UTF-8 with BOM. */
export async function exportInsightsCsv(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { months: number },
): Promise<string> {
  const { months } = await getInsights(ctx, actor, workspaceId, query);
  const money = (v: number) => v.toFixed(2).replace('.', ',');
  const rows = months.map((m) => [
    m.month,
    m.new,
    m.renewed,
    m.churned,
    money(m.revenue.subscriptions),
    money(m.revenue.posts),
    money(m.revenue.messages),
    money(m.revenue.tips),
    money(m.revenue.total),
    money(m.refunds),
  ]);
  return (
    '\uFEFF' + stringify([CSV_COLUMNS, ...rows], { delimiter: ';', record_delimiter: 'windows' })
  );
}

const source = (kind: string): Source => KINDS[kind as keyof typeof KINDS] ?? 'subscriptions';

/**
 * The `count` São Paulo calendar months up to the one holding `now`, oldest first, each with the
 * instant it begins.
 */
export function monthsEndingAt(now: Date, count: number): { month: string; start: Date }[] {
  const [y, m] = wallClock(now);
  const out = [];
  for (let i = count - 1; i >= 0; i--) {
    const total = y * 12 + (m - 1) - i;
    const year = Math.floor(total / 12);
    const month = (total % 12) + 1;
    out.push({
      month: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`,
      start: zonedMidnight(year, month),
    });
  }
  return out;
}

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** [year, month, day, hour, minute, second] of `d` on São Paulo's clock. */
function wallClock(d: Date): number[] {
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
  return [p.year, p.month, p.day, p.hour, p.minute, p.second].map(Number);
}

/** The instant São Paulo's clock reads `year-month-01 00:00`. */
function zonedMidnight(year: number, month: number): Date {
  const target = Date.UTC(year, month - 1, 1);
  let t = target;
  for (let i = 0; i < 2; i++) {
    const [y, mo, d, h, mi, s] = wallClock(new Date(t));
    t += target - Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  }
  return new Date(t);
}
