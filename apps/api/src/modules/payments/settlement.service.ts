import { PLAN_TYPE_LABELS } from '@fa-clube/contract';
import type { ChargeKind, PixWebhookBody } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext, PaidCharge, PaidGrant } from '../../lib/context';
import { decimalStringToCents } from '../../lib/pix';
import { AppError } from '../../lib/errors';
import { bookPixIncome } from '../finance/finance.service';
import { requireAgeVerified } from '../trueid/trueid.service';
import {
  findChargeById,
  findChargeByTxid,
  insertNotification,
  markChargePaid,
  settleNotification,
} from './charges.repo';
import { findRecurrenceByFirstCharge } from './recurrences.repo';
import type { ChargeRow } from './charges.repo';

export interface AppliedPayment {
  charge: ChargeRow;
  /** What the module that sold it granted (a subscription: its period). */
  grant: PaidGrant;
}

/**
 * Applies a payment to its charge, inside the caller's transaction:
 *  1. the charge goes pending|expired -> paid by one conditional UPDATE (only one
 *     concurrent caller gets the row; the others answer null and change nothing);
 *  2. then settlePaidCharge: the ledger booking and what the charge bought.
 * The owner's confirmation, the PSP's webhook and the reconciliation go through here.
 */
export async function applyPaymentInTx(
  ctx: AppContext,
  tx: DbOrTx,
  now: Date,
  input: { chargeId: string; confirmedBy?: string; endToEndId?: string },
): Promise<AppliedPayment | null> {
  const charge = await markChargePaid(tx, { ...input, now });
  if (!charge) return null;
  return settlePaidCharge(ctx, tx, now, charge);
}

/**
 * Where a paid charge of each kind is booked in the workspace's ledger: its income
 * category (made on first use, with this description) and the row's label (the
 * payer's handle is added). The one place that names them; posts, messages and tips
 * are sold from issue 32 on.
 */
export const CHARGE_LEDGER: Record<
  ChargeKind,
  { category: string; description: string; label: (charge: ChargeRow) => string }
> = {
  subscription: {
    category: 'Assinaturas',
    description: 'Assinaturas pagas por Pix.',
    label: (c) => (c.planType ? `Assinatura ${PLAN_TYPE_LABELS[c.planType]}` : 'Assinatura'),
  },
  post: {
    category: 'Conteúdo avulso',
    description: 'Posts vendidos um a um, pagos por Pix.',
    label: () => 'Conteúdo avulso',
  },
  message: {
    category: 'Mensagens pagas',
    description: 'Mensagens com preço, pagas por Pix.',
    label: () => 'Mensagem paga',
  },
  tip: {
    category: 'Gorjetas',
    description: 'Gorjetas recebidas por Pix.',
    label: () => 'Gorjeta',
  },
};

/**
 * What a paid charge does, inside the caller's transaction (the one that marked it
 * paid): it is booked in the workspace's ledger (finance: one income row per charge,
 * under its kind's category), then the module that sold that kind grants what it
 * bought (ctx.chargeKinds: a subscription starts or is extended). A charge paid now
 * and a Pix Automático debit settled (recorded as a paid charge) go alike. A first
 * subscription authorized with Pix Automático takes the id its recurrence was given
 * (the `vinculo.contrato` sent to the PSP).
 */
export async function settlePaidCharge(
  ctx: AppContext,
  tx: DbOrTx,
  now: Date,
  charge: ChargeRow,
): Promise<AppliedPayment> {
  const handler = ctx.chargeKinds[charge.kind];
  if (!handler) throw new Error(`nenhum módulo concede cobranças do tipo ${charge.kind}`);
  const booking = CHARGE_LEDGER[charge.kind];
  await bookPixIncome(tx, charge, { ...booking, label: booking.label(charge) });
  const recurrence = await findRecurrenceByFirstCharge(tx, charge.id);
  const grant = await handler.paid(tx, toPaidCharge(charge, recurrence?.subscriptionId), now);
  return { charge, grant };
}

/** A charge as the module that sold it sees it. */
export function toPaidCharge(charge: ChargeRow, contractId?: string | null): PaidCharge {
  return {
    id: charge.id,
    workspaceId: charge.workspaceId,
    payerId: charge.payerId,
    kind: charge.kind,
    itemId: charge.itemId,
    planId: charge.planId,
    planType: charge.planType,
    valueCents: charge.valueCents,
    contractId: contractId ?? null,
  };
}

/** Whether the thing a charge sells can still be granted (its kind's `available`). */
async function itemAvailable(ctx: AppContext, tx: DbOrTx, charge: ChargeRow) {
  const check = ctx.chargeKinds[charge.kind]?.available;
  return check ? check(tx, toPaidCharge(charge)) : true;
}

/**
 * After the transaction that paid a charge committed: its kind's `settled` (a post unlocked
 * live, a tip shown in the chat and e-mailed). Best effort: the payment stands either way.
 */
export async function afterPaid(ctx: AppContext, charge: ChargeRow) {
  const settled = ctx.chargeKinds[charge.kind]?.settled;
  if (!settled) return;
  try {
    await settled(ctx, toPaidCharge(charge));
  } catch (err) {
    ctx.logger.error({ err, chargeId: charge.id }, 'aviso de pagamento não enviado');
  }
}

/**
 * applyPaymentInTx in its own transaction (the owner's confirmation), then afterPaid. A charge
 * whose item is gone (a deleted post) is refused: ITEM_UNAVAILABLE, nothing changed.
 */
export async function applyPayment(
  ctx: AppContext,
  input: { chargeId: string; confirmedBy?: string; endToEndId?: string },
): Promise<AppliedPayment | null> {
  const applied = await ctx.db.transaction(async (tx) => {
    const charge = await findChargeById(tx, input.chargeId);
    if (charge && !(await itemAvailable(ctx, tx, charge))) throw new AppError('ITEM_UNAVAILABLE');
    return applyPaymentInTx(ctx, tx, ctx.clock.now(), input);
  });
  if (applied) await afterPaid(ctx, applied.charge);
  return applied;
}

export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'unknown_txid'
  | 'invalid_amount'
  | 'amount_mismatch'
  | 'already_paid'
  | 'charge_not_payable'
  | 'age_verification_required'
  | 'item_unavailable';

/** Where a notification came from: a workspace's connection scopes the txids it may settle. */
export interface NotificationScope {
  connectionId: string;
  workspaceId: string;
}

/**
 * The 18+ gate again when money arrives (issue 25): a workspace that requires
 * age verification grants nothing to a payer who is not (or no longer)
 * verified; the payment is kept to review (and may be refunded).
 */
export async function ageGateBlocks(
  ctx: AppContext,
  workspaceId: string,
  payerId: string,
): Promise<boolean> {
  try {
    await requireAgeVerified(ctx, workspaceId, payerId);
    return false;
  } catch (err) {
    if (
      err instanceof AppError &&
      (err.code === 'AGE_VERIFICATION_REQUIRED' || err.code === 'UNDERAGE')
    )
      return true;
    throw err;
  }
}

/**
 * One API Pix notification (an item of the webhook's `pix` array). Recorded once
 * per endToEndId (pix_notifications primary key) in the same transaction that
 * applies it, so retries and concurrent deliveries apply it at most once.
 * A payment is applied only when its txid is ours and `valor` equals the charge;
 * anything else is recorded as ignored with the reason and logged.
 */
export async function processPixNotification(
  ctx: AppContext,
  provider: string,
  item: PixWebhookBody['pix'][number],
  scope?: NotificationScope,
): Promise<NotificationOutcome> {
  const now = ctx.clock.now();
  const amountCents = decimalStringToCents(item.valor);
  const horario = Date.parse(item.horario);
  const txid = item.txid ?? null;
  // read before the transaction (PGlite has one connection): whose charge, and the 18+ gate
  const found = txid ? await findChargeByTxid(ctx.db, txid) : null;
  const mine = found && (!scope || found.workspaceId === scope.workspaceId) ? found : null;
  const gated = mine ? await ageGateBlocks(ctx, mine.workspaceId, mine.payerId) : false;
  const outcome = await ctx.db.transaction(async (tx): Promise<NotificationOutcome> => {
    const fresh = await insertNotification(tx, {
      endToEndId: item.endToEndId,
      provider,
      connectionId: scope?.connectionId ?? null,
      workspaceId: scope?.workspaceId ?? mine?.workspaceId ?? null,
      txid,
      amountCents: amountCents ?? 0,
      paidAt: Number.isNaN(horario) ? null : new Date(horario),
      outcome: 'ignored',
      reason: 'processing',
      receivedAt: now,
    });
    if (!fresh) return 'duplicate';
    const charge = mine ? await findChargeByTxid(tx, mine.txid) : null;
    let result: NotificationOutcome;
    if (!charge) result = 'unknown_txid';
    else if (amountCents === null) result = 'invalid_amount';
    else if (gated && amountCents === charge.valueCents && charge.status !== 'paid')
      result = 'age_verification_required';
    else if (amountCents !== charge.valueCents) result = 'amount_mismatch';
    else if (charge.status !== 'paid' && !(await itemAvailable(ctx, tx, charge)))
      result = 'item_unavailable';
    else {
      const applied = await applyPaymentInTx(ctx, tx, now, {
        chargeId: charge.id,
        endToEndId: item.endToEndId,
      });
      result = applied
        ? 'applied'
        : charge.status === 'paid'
          ? 'already_paid'
          : 'charge_not_payable';
    }
    await settleNotification(tx, item.endToEndId, {
      outcome: result === 'applied' ? 'applied' : 'ignored',
      reason: result === 'applied' ? null : result,
      chargeId: charge?.id ?? null,
    });
    return result;
  });
  if (outcome === 'applied' && mine) {
    if (!Number.isNaN(horario))
      ctx.metrics.pixSettlementLag.observe(
        { provider },
        Math.max(0, (now.getTime() - horario) / 1000),
      );
    await afterPaid(ctx, mine);
  }
  if (outcome !== 'applied' && outcome !== 'duplicate')
    ctx.logger.warn(
      { endToEndId: item.endToEndId, txid, valor: item.valor, reason: outcome },
      'Pix recebido e ignorado',
    );
  return outcome;
}
