/**
 * Reads of chat-sales that join other domains' tables: the audience of a message to many (the
 * subscriptions), its counts (the messages delivered into each conversation), and whether a
 * subscription charge paid the fan's first period (the welcome message).
 */
import { FORMER_SUBSCRIBERS_DAYS } from '@fa-clube/contract';
import type { BroadcastAudience } from '@fa-clube/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatBroadcastRecipients } from '../../db/schema/chat-sales';
import { chatMessages, chats } from '../../db/schema/chat';
import { subscriptionPayments, subscriptions } from '../../db/schema/subscriptions';
import { workspaceMembers } from '../../db/schema/workspaces';
import { queryRows, ts } from '../../db/sql';
import { activeSubscriptionSql } from '../../read-models/active-subscription';

/**
 * Writes one recipient row per fan of the audience (the workspace's own people left out), in
 * the broadcast's transaction. Answers how many.
 */
export async function insertAudience(
  tx: DbOrTx,
  input: { broadcastId: string; workspaceId: string; audience: BroadcastAudience; now: Date },
): Promise<number> {
  const since = new Date(input.now.getTime() - FORMER_SUBSCRIBERS_DAYS * 86_400_000);
  const [, planType] = input.audience.split(':');
  const who =
    input.audience === 'former_subscribers'
      ? sql`not (${activeSubscriptionSql('s', input.now)})
            and s.current_period_end > ${ts(since)}`
      : sql`${activeSubscriptionSql('s', input.now)}
            ${planType ? sql`and s.plan_type = ${planType}` : sql``}`;
  const rows = await queryRows<{ fan_id: string }>(
    tx,
    sql`insert into ${chatBroadcastRecipients} (broadcast_id, fan_id)
        select ${input.broadcastId}::uuid, s.subscriber_id from ${subscriptions} s
         where s.workspace_id = ${input.workspaceId} and ${who}
           and not exists (select 1 from ${workspaceMembers} m
                            where m.workspace_id = s.workspace_id and m.user_id = s.subscriber_id)
        on conflict do nothing
        returning fan_id`,
  );
  return rows.length;
}

export interface BroadcastCounts {
  delivered: number;
  skipped: number;
  read: number;
  purchased: number;
  revenueCents: number;
}

/** The counts of some messages to many: recipients' states, reads and purchases of their copies. */
export async function broadcastCounts(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, BroadcastCounts>> {
  const out = new Map<string, BroadcastCounts>();
  if (ids.length === 0) return out;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const states = await queryRows<{ id: string; delivered: string; skipped: string }>(
    db,
    sql`select r.broadcast_id as id,
               count(*) filter (where r.status = 'delivered') as delivered,
               count(*) filter (where r.status = 'skipped') as skipped
          from ${chatBroadcastRecipients} r
         where r.broadcast_id in (${list})
         group by r.broadcast_id`,
  );
  const copies = await queryRows<{ id: string; read: string; purchased: string; revenue: string }>(
    db,
    sql`select m.broadcast_id as id,
               count(*) filter (where c.fan_read_at >= m.created_at) as read,
               count(*) filter (where m.paid_at is not null) as purchased,
               coalesce(sum(m.price_cents) filter (where m.paid_at is not null), 0) as revenue
          from ${chatMessages} m join ${chats} c on c.id = m.chat_id
         where m.broadcast_id in (${list})
         group by m.broadcast_id`,
  );
  for (const id of ids)
    out.set(id, { delivered: 0, skipped: 0, read: 0, purchased: 0, revenueCents: 0 });
  for (const r of states) {
    const c = out.get(r.id)!;
    c.delivered = Number(r.delivered);
    c.skipped = Number(r.skipped);
  }
  for (const r of copies) {
    const c = out.get(r.id)!;
    c.read = Number(r.read);
    c.purchased = Number(r.purchased);
    c.revenueCents = Number(r.revenue);
  }
  return out;
}

/** Whether this paid subscription charge is the fan's first paid period with the workspace. */
export async function isFirstPaidPeriod(
  db: DbOrTx,
  input: { workspaceId: string; fanId: string; chargeId: string },
) {
  const [row] = await queryRows<{ first: boolean }>(
    db,
    sql`select not exists (
          select 1 from ${subscriptionPayments} p
            join ${subscriptions} s on s.id = p.subscription_id
           where s.workspace_id = ${input.workspaceId} and s.subscriber_id = ${input.fanId}
             and p.charge_id <> ${input.chargeId}) as first`,
  );
  return Boolean(row?.first);
}
