/**
 * Tips (issue 32): any signed-in person but the workspace's own people sends a creator a tip of
 * 2.00 to 5000.00 with an optional message, through a Pix charge of kind `tip` (payments'
 * "open a charge for this item; tell me when it is paid"). Once paid it is listed in 'Gorjetas'
 * (owner and members), shown in the tipper's conversation with the workspace when there is one
 * (live), and e-mailed to the owner; the ledger books it once under 'Gorjetas' (payments).
 */
import {
  TIPS_PAGING,
  centsToMajor,
  formatCents,
  majorToCents,
  pageOffset,
} from '@fa-clube/contract';
import type { ChargeDetail, TipsResponse } from '@fa-clube/contract';
import type { AppContext, ChargeKindHandler } from '../../lib/context';
import { AppError, fieldError } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { getWorkspaceRole, requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { insertTipMessage, publishChargePaid, publishMessage } from '../chat/chat.service';
import { queueMail } from '../mail/mail.service';
import { pushToUser } from '../notifications/notifications.service';
import { chargeDetailOf, limitSaleCharges, openChargeRow } from '../payments/payments.service';
import { requireProfile } from '../workspaces/workspaces.service';
import { findTipOfCharge, insertTip, markTipPaid, setTipMessage, unmarkTipPaid } from './tips.repo';
import { findTipNotice, isPostOf, listPaidTips } from './tips.queries';

/** POST /tips?username=: opens the tip's charge (201). */
export async function sendTip(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
  body: { value: number; message?: string; post_id?: string },
): Promise<ChargeDetail> {
  const me = requireActor(actor);
  const creator = await requireProfile(ctx, username);
  if (await getWorkspaceRole(ctx.db, me.userId, creator.id))
    throw new AppError('CANNOT_TIP_OWN_WORKSPACE');
  if (body.post_id && !(await isPostOf(ctx.db, creator.id, body.post_id)))
    throw fieldError('CONTENT_NOT_FOUND', 'post_id', 'Publicação não encontrada.');
  await limitSaleCharges(ctx, me.userId);
  const valueCents = majorToCents(body.value);
  const { charge } = await openChargeRow(ctx, {
    payerId: me.userId,
    workspace: { id: creator.id, username: creator.username },
    kind: 'tip',
    itemId: null,
    amountCents: valueCents,
    description: `Gorjeta para @${creator.username}`,
  });
  await insertTip(ctx.db, {
    workspaceId: creator.id,
    tipperId: me.userId,
    chargeId: charge.id,
    valueCents,
    message: body.message?.trim() ? body.message.trim() : null,
    postId: body.post_id ?? null,
    createdAt: ctx.clock.now(),
  });
  return chargeDetailOf(ctx, charge);
}

/** GET /tips/{ws}: the workspace's paid tips (owner and members), newest first. */
export async function listTips(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number },
): Promise<TipsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const { rows, total } = await listPaidTips(ctx.db, {
    workspaceId,
    limit: query.size,
    offset: pageOffset(TIPS_PAGING, query.page, query.size),
  });
  return {
    tips: rows.map((r) => ({
      id: r.tip.id,
      username: r.username,
      full_name: r.fullName ?? 'Conta excluída',
      value: centsToMajor(r.tip.valueCents),
      message: r.tip.message,
      post_id: r.tip.postId,
      paid_at: r.tip.paidAt!.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

/** E-mails the owner the tip (the outbox: retried if the mail server is down) and pushes it. */
async function emailOwner(
  ctx: AppContext,
  workspaceId: string,
  tipperId: string,
  valueCents: number,
  message: string | null,
) {
  const notice = await findTipNotice(ctx.db, workspaceId, tipperId);
  if (!notice) return;
  const who = notice.tipper ? `${notice.tipper.fullName} (@${notice.tipper.username})` : 'Um fã';
  await queueMail(
    ctx,
    renderEmail({
      kind: 'tip-received',
      to: notice.owner.email,
      subject: `Você recebeu uma gorjeta de ${formatCents(valueCents)}`,
      title: 'Nova gorjeta',
      paragraphs: [
        `Olá, ${notice.owner.fullName}!`,
        `${who} enviou uma gorjeta de ${formatCents(valueCents)} para ${notice.owner.label} (@${notice.owner.username}).`,
        ...(message ? [`Mensagem: “${message}”`] : []),
      ],
      action: { label: 'Ver gorjetas', url: `${ctx.config.appUrl}/tips` },
    }),
  );
  await pushToUser(ctx, notice.owner.userId, {
    type: 'tip',
    title: `Gorjeta de ${formatCents(valueCents)}`,
    body: notice.tipper
      ? `${notice.tipper.fullName} enviou uma gorjeta${message ? `: “${message}”` : '.'}`
      : `Um fã enviou uma gorjeta${message ? `: “${message}”` : '.'}`,
    url: '/tips',
  });
}

/** What the tips module sells through payments: a tip (bootstrap.ts wires it). */
export const tipCharges: ChargeKindHandler = {
  async paid(tx, charge, now) {
    const tip = await markTipPaid(tx, charge.id, now);
    if (!tip) return {};
    const sent = tip.tipperId
      ? await insertTipMessage(tx, {
          workspaceId: tip.workspaceId,
          fanId: tip.tipperId,
          valueCents: tip.valueCents,
          message: tip.message,
          now,
        })
      : null;
    if (sent) await setTipMessage(tx, tip.id, sent);
    return {};
  },
  async settled(ctx, charge) {
    const tip = await findTipOfCharge(ctx.db, charge.id);
    if (tip?.chatId && tip.chatMessageId) await publishMessage(ctx, tip.chatId, tip.chatMessageId);
    await publishChargePaid(ctx, charge.payerId, {
      charge_id: charge.id,
      kind: charge.kind,
      item_id: null,
    });
    if (tip) await emailOwner(ctx, tip.workspaceId, charge.payerId, tip.valueCents, tip.message);
  },
  async refunded(tx, charge) {
    await unmarkTipPaid(tx, charge.id);
  },
};
