/**
 * Pay-per-view posts (issue 32, decision 070): an active subscriber buys a priced post through
 * the payments module ("open a charge for this item; tell me when it is paid"); once paid the
 * post is unlocked for that buyer only, also after the subscription ends ('Minhas compras').
 */
import { PURCHASES_PAGING, centsToMajor, pageOffset } from '@fa-clube/contract';
import type { ChargeDetail, Purchase, PurchasesResponse } from '@fa-clube/contract';
import type { AppContext, ChargeKindHandler } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { contentAccess, requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { findContentItems } from './feed.queries';
import { publishChargePaid, purchasedMessagesOf } from '../chat/chat.service';
import { listPurchasesOfBoth } from './purchases.queries';
import { chargeDetailOf, limitSaleCharges, openChargeRow } from '../payments/payments.service';
import { findWorkspace } from '../workspaces/workspaces.service';
import { toContentItem } from './content.service';
import {
  deletePurchaseOfCharge,
  findPostForSale,
  hasPurchased,
  insertPurchase,
} from './purchases.repo';

const contentNotFound = () => new AppError('CONTENT_NOT_FOUND', 'Publicação não encontrada.');

/**
 * POST /content/{ws}/{id}/purchase: an active subscriber of the post's creator opens its
 * charge (201), or gets the open one again (200). 409 ALREADY_PURCHASED once bought; the team
 * and free posts 400 NOT_FOR_SALE; anyone else 403 SUBSCRIPTION_REQUIRED.
 */
export async function purchasePost(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  contentId: string,
): Promise<{ charge: ChargeDetail; created: boolean }> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const post = await findPostForSale(ctx.db, contentId);
  if (!post) throw contentNotFound();
  const access = await contentAccess(ctx.db, me, post.workspaceId, ctx.clock.now());
  if (access === 'none')
    throw new AppError('SUBSCRIPTION_REQUIRED', 'Assine este perfil para comprar a publicação.');
  if (access === 'subscriber' && (post.mediaPending || post.scheduled)) throw contentNotFound();
  if (access !== 'subscriber' || post.priceCents === null) throw new AppError('NOT_FOR_SALE');
  if (await hasPurchased(ctx.db, contentId, me.userId)) throw new AppError('ALREADY_PURCHASED');
  await limitSaleCharges(ctx, me.userId);
  const creator = await findWorkspace(ctx, post.workspaceId);
  if (!creator) throw contentNotFound();
  const { charge, created } = await openChargeRow(ctx, {
    payerId: me.userId,
    workspace: { id: post.workspaceId, username: creator.username },
    kind: 'post',
    itemId: contentId,
    amountCents: post.priceCents,
    description: `Conteúdo avulso de @${creator.username}`,
  });
  return { charge: await chargeDetailOf(ctx, charge), created };
}

/**
 * GET /purchases: the caller's bought posts and chat messages, newest first, readable whatever
 * the subscription (a message with its conversation, so the web opens the chat at it).
 */
export async function listMyPurchases(
  ctx: AppContext,
  actor: Actor | null,
  query: { page: number; size: number },
): Promise<PurchasesResponse> {
  const me = requireActor(actor);
  const { rows, total } = await listPurchasesOfBoth(ctx.db, {
    buyerId: me.userId,
    limit: query.size,
    offset: pageOffset(PURCHASES_PAGING, query.page, query.size),
  });
  const ids = (kind: 'post' | 'message') =>
    rows.filter((r) => r.kind === kind).map((r) => r.itemId);
  const items = new Map(
    (await findContentItems(ctx.db, me.userId, ids('post'))).map((r) => [r.id, r]),
  );
  const messages = await purchasedMessagesOf(ctx, me.userId, ids('message'));
  const purchases: Purchase[] = [];
  for (const r of rows) {
    const common = {
      item_id: r.itemId,
      value: centsToMajor(r.priceCents),
      purchased_at: r.purchasedAt.toISOString(),
    };
    if (r.kind === 'post') {
      const item = items.get(r.itemId);
      if (item)
        purchases.push({ kind: 'post', ...common, content: await toContentItem(ctx, item) });
    } else {
      const m = messages.get(r.itemId);
      if (m)
        purchases.push({
          kind: 'message',
          ...common,
          chat_id: m.chatId,
          workspace: m.workspace,
          message: m.message,
        });
    }
  }
  return { purchases, page: query.page, size: query.size, total };
}

/** What the content module sells through payments: a post (bootstrap.ts wires it). */
export const postCharges: ChargeKindHandler = {
  // a deleted post, or one this payer already bought (an older charge paid late): the money
  // grants nothing and waits in payments to review, refundable
  async available(tx, charge) {
    if (charge.itemId === null || (await findPostForSale(tx, charge.itemId)) === null) return false;
    return !(await hasPurchased(tx, charge.itemId, charge.payerId));
  },
  async paid(tx, charge, now) {
    if (!charge.itemId) throw new Error('cobrança de post sem item');
    const made = await insertPurchase(tx, {
      contentId: charge.itemId,
      buyerId: charge.payerId,
      chargeId: charge.id,
      priceCents: charge.valueCents,
      now,
    });
    // `available` said yes in this transaction: the post cannot be gone now
    if (made === null) throw new AppError('ITEM_UNAVAILABLE');
    return {};
  },
  async settled(ctx, charge) {
    await publishChargePaid(ctx, charge.payerId, {
      charge_id: charge.id,
      kind: charge.kind,
      item_id: charge.itemId,
    });
  },
  async refunded(tx, charge) {
    await deletePurchaseOfCharge(tx, charge.id);
  },
};
