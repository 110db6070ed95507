/**
 * What the insights read of the subscriptions, payments and content modules' tables (no table of
 * their own: issue 35 asks for no second bookkeeping). Every statement is bounded by one
 * workspace and the months asked for (at most 36), through the indexes named beside it.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, ts } from '../../db/sql';
import { activeSubscriptionSql } from '../../read-models/active-subscription';

export const TIME_ZONE = 'America/Sao_Paulo';

/** Active subscriptions per plan, with their plan's price and discount and how many renew by Pix Automático. */
export function activeByPlan(db: DbOrTx, workspaceId: string, now: Date) {
  // subscriptions_workspace_end_idx; plans_workspace_type_uq; pix_recurrences_subscription_idx
  return queryRows<{
    plan_type: 'monthly' | 'quarterly' | 'yearly';
    subscribers: number;
    automatic: number;
    value_cents: number | null;
    discount: number | null;
  }>(
    db,
    sql`select s.plan_type, count(*)::int as subscribers,
               count(*) filter (where exists (
                 select 1 from pix_recurrences r
                  where r.subscription_id = s.id and r.status = 'APROVADA'))::int as automatic,
               max(p.value_cents) as value_cents, max(p.discount) as discount
          from subscriptions s
          left join plans p on p.workspace_id = s.workspace_id and p.plan_type = s.plan_type
         where s.workspace_id = ${workspaceId} and ${activeSubscriptionSql('s', now)}
         group by s.plan_type`,
  );
}

/** The São Paulo month (`YYYY-MM`) of a timestamp column. */
const monthOf = (column: string) =>
  sql.raw(`to_char(${column} at time zone '${TIME_ZONE}', 'YYYY-MM')`);

/**
 * Per São Paulo month since `from`: paid periods that began a subscription (or began it again
 * after it lapsed) or continued it without a gap, and paid time that ran out (before `now`)
 * without a next period. A period's predecessor ends when it starts (renewals are anchored).
 */
export function subscriptionMovements(db: DbOrTx, workspaceId: string, from: Date, now: Date) {
  // subscription_payments_subscription_idx; predecessors end at most 40 days before `from`
  // (a renewal is paid at most its reminder's days before its period starts)
  return queryRows<{ month: string; new: number; renewed: number; churned: number }>(
    db,
    sql`with periods as (
          select sp.period_start, sp.period_end, c.paid_at,
                 lag(sp.period_end) over w as previous_end,
                 lead(sp.period_start) over w as next_start
            from subscriptions s
            join subscription_payments sp on sp.subscription_id = s.id
            join charges c on c.id = sp.charge_id
           where s.workspace_id = ${workspaceId}
             and sp.period_end >= ${ts(from)} - interval '40 days'
          window w as (partition by sp.subscription_id order by sp.period_start)
        ), events as (
          select ${monthOf('paid_at')} as month,
                 case when previous_end is not null and previous_end >= period_start
                      then 'renewed' else 'new' end as kind
            from periods where paid_at >= ${ts(from)} and paid_at <= ${ts(now)}
          union all
          select ${monthOf('period_end')}, 'churned'
            from periods
           where period_end >= ${ts(from)} and period_end <= ${ts(now)}
             and (next_start is null or next_start > period_end)
        )
        select month,
               count(*) filter (where kind = 'new')::int as new,
               count(*) filter (where kind = 'renewed')::int as renewed,
               count(*) filter (where kind = 'churned')::int as churned
          from events group by month`,
  );
}

/** Subscriptions with paid time at `at` (the churn rate's denominator). */
export async function subscribedAt(db: DbOrTx, workspaceId: string, at: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct sp.subscription_id)::int as n
          from subscriptions s
          join subscription_payments sp on sp.subscription_id = s.id
         where s.workspace_id = ${workspaceId}
           and sp.period_start <= ${ts(at)} and sp.period_end > ${ts(at)}`,
  );
  return row?.n ?? 0;
}

/** Paid charges per São Paulo month and kind since `from` (BRL). */
export function paidByMonth(db: DbOrTx, workspaceId: string, from: Date, now: Date) {
  // charges_workspace_paid_idx (partial, status = 'paid')
  return queryRows<{ month: string; kind: string; cents: number }>(
    db,
    sql`select ${monthOf('c.paid_at')} as month, c.kind, sum(c.value_cents)::int as cents
          from charges c
         where c.workspace_id = ${workspaceId} and c.status = 'paid' and c.currency = 'BRL'
           and c.paid_at >= ${ts(from)} and c.paid_at <= ${ts(now)}
         group by 1, 2`,
  );
}

/**
 * Refunds the PSP completed per São Paulo month and kind since `from`, of payments that paid a
 * charge (a refunded payment that matched none was never revenue).
 */
export function refundedByMonth(db: DbOrTx, workspaceId: string, from: Date, now: Date) {
  return queryRows<{ month: string; kind: string; cents: number }>(
    db,
    sql`select ${monthOf('r.updated_at')} as month, c.kind, sum(r.amount_cents)::int as cents
          from pix_refunds r
          join pix_notifications n on n.end_to_end_id = r.end_to_end_id and n.outcome = 'applied'
          join charges c on c.id = n.charge_id and c.currency = 'BRL'
         where r.workspace_id = ${workspaceId} and r.status = 'DEVOLVIDO'
           and r.updated_at >= ${ts(from)} and r.updated_at <= ${ts(now)}
         group by 1, 2`,
  );
}

/**
 * The period's best posts: among those sold in it and the most liked of those published in it,
 * ranked by revenue, purchases, then likes (a bounded set: the period's sales and `limit` more).
 */
export function topPosts(db: DbOrTx, workspaceId: string, from: Date, now: Date, limit: number) {
  // charges_workspace_paid_idx; contents_workspace_created_idx
  return queryRows<{
    id: string;
    description: string;
    likes: number;
    purchases: number;
    cents: number;
  }>(
    db,
    sql`with sold as (
          select c.item_id as id, count(*)::int as purchases, sum(c.value_cents)::int as cents
            from charges c
           where c.workspace_id = ${workspaceId} and c.status = 'paid' and c.kind = 'post'
             and c.paid_at >= ${ts(from)} and c.paid_at <= ${ts(now)} and c.item_id is not null
           group by c.item_id
        ), liked as (
          select id from (
            select p.id, p.like_count from contents p
             where p.workspace_id = ${workspaceId} and p.created_at >= ${ts(from)}
               and p.created_at <= ${ts(now)}
             order by p.created_at desc limit 1000
          ) recent where like_count > 0 order by like_count desc limit ${limit}
        )
        select p.id, p.description, p.like_count as likes,
               coalesce(sold.purchases, 0) as purchases, coalesce(sold.cents, 0) as cents
          from contents p
          left join sold on sold.id = p.id
         where p.workspace_id = ${workspaceId}
           and p.id in (select id from sold union select id from liked)
         order by cents desc, purchases desc, likes desc, p.created_at desc
         limit ${limit}`,
  );
}
