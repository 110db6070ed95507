/**
 * 'Minhas compras' (GET /purchases): the caller's bought posts (content's own
 * `content_purchases`) and bought chat messages (chat's `chat_messages` of the caller's own
 * conversations, paid and not refunded), one list newest first.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatMessages, chats } from '../../db/schema/chat';
import { contentPurchases } from '../../db/schema/content';
import { queryRows } from '../../db/sql';

export interface PurchaseRow {
  kind: 'post' | 'message';
  itemId: string;
  priceCents: number;
  purchasedAt: Date;
}

/** A page of the buyer's purchases of both kinds, newest first, and how many in all. */
export async function listPurchasesOfBoth(
  db: DbOrTx,
  input: { buyerId: string; limit: number; offset: number },
) {
  const both = sql`
    select 'post' as kind, p.content_id as item_id, p.price_cents, p.purchased_at
      from ${contentPurchases} p where p.buyer_id = ${input.buyerId}
    union all
    select 'message' as kind, m.id as item_id, m.price_cents, m.paid_at as purchased_at
      from ${chats} c join ${chatMessages} m on m.chat_id = c.id
     where c.fan_id = ${input.buyerId} and m.price_cents is not null and m.paid_at is not null`;
  const rows = await queryRows<{
    kind: 'post' | 'message';
    item_id: string;
    price_cents: number | string;
    purchased_at: string | Date;
    total: number | string;
  }>(
    db,
    sql`select b.*, count(*) over () as total from (${both}) b
         order by b.purchased_at desc, b.item_id desc
         limit ${input.limit} offset ${input.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && input.offset > 0) {
    const [n] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from (${both}) b`,
    );
    total = Number(n?.n ?? 0);
  }
  return {
    rows: rows.map((r): PurchaseRow => ({
      kind: r.kind,
      itemId: r.item_id,
      priceCents: Number(r.price_cents),
      purchasedAt: new Date(r.purchased_at),
    })),
    total,
  };
}
