/**
 * The finance module's surface for other modules: the Pix → ledger rule.
 * (Its own routes call the per-entity services of this folder.)
 */
import { BUSINESS_TIME_ZONE, todayIn } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import { usernameOf } from './finance.queries';
import { ensureSystemAccount } from './accounts.repo';
import { ensureCategory } from './categories.repo';
import {
  anonymiseChargePayer,
  insertChargeTransaction,
  insertTransactions,
} from './transactions.repo';
import type { TransactionRow } from './transactions.repo';

/** Where paid Pix charges are booked, created on first use. */
export const PIX_ACCOUNT_LABEL = 'Pix';

/** The charge that was just paid, as the payments module stores it. */
export interface PaidCharge {
  id: string;
  workspaceId: string;
  payerId: string;
  valueCents: number;
  currency: string;
  txid: string;
  endToEndId: string | null;
  paidAt: Date | null;
}

/**
 * Books a paid Pix charge as one income transaction of its workspace
 * (`source: 'pix'`, account 'Pix', the category the payments module names for
 * the charge's kind — 'Assinaturas' for a plan — both created on first use),
 * inside the caller's database transaction — the one that marks the charge
 * paid, so the charge and its ledger row commit or roll back together. A
 * charge is booked at most once (unique index on charge_id): a second call
 * answers null and adds nothing.
 */
export async function bookPixIncome(
  tx: DbOrTx,
  charge: PaidCharge,
  booking: { category: string; description: string; label: string },
): Promise<TransactionRow | null> {
  const paidAt = charge.paidAt ?? new Date();
  const account = await ensureSystemAccount(tx, {
    workspaceId: charge.workspaceId,
    systemKey: 'pix',
    label: PIX_ACCOUNT_LABEL,
    accountType: 'payment_account',
    currency: charge.currency,
    description: 'Recebimentos das assinaturas por Pix.',
  });
  const category = await ensureCategory(tx, {
    workspaceId: charge.workspaceId,
    label: booking.category,
    color: '#16A34A',
    categoryType: 'income',
    description: booking.description,
  });
  const username = await usernameOf(tx, charge.payerId);
  return insertChargeTransaction(tx, {
    workspaceId: charge.workspaceId,
    accountId: account.id,
    date: todayIn(BUSINESS_TIME_ZONE, paidAt),
    amountCents: charge.valueCents,
    currency: account.currency,
    label: `${booking.label}${username ? ` — @${username}` : ''}`,
    description: `Cobrança Pix ${charge.txid}`,
    // a workspace's own expense category of that name is not used for money in
    categoryId: category.categoryType === 'expense' ? null : category.id,
    status: 'paid',
    externalId: charge.endToEndId,
    source: 'pix',
    chargeId: charge.id,
    createdAt: paidAt,
  });
}

/**
 * Books a refund of a Pix that granted nothing (a payment to review), inside
 * the caller's transaction: the money that came in and went back never showed
 * in the ledger, so both legs are booked on the Pix account — the payment
 * received (+) and its refund (−), both `source: 'pix'` — and the account's
 * balance stays the PSP's. Once per refund (import keys on the account): a
 * second call adds nothing.
 */
export async function bookPixRefund(
  tx: DbOrTx,
  refund: {
    workspaceId: string;
    refundId: string;
    endToEndId: string;
    amountCents: number;
    currency: string;
    receivedAt: Date;
    refundedAt: Date;
    /** e.g. "@fa" or the txid: who or what paid. */
    reference: string;
  },
): Promise<TransactionRow[]> {
  const account = await ensureSystemAccount(tx, {
    workspaceId: refund.workspaceId,
    systemKey: 'pix',
    label: PIX_ACCOUNT_LABEL,
    accountType: 'payment_account',
    currency: refund.currency,
    description: 'Recebimentos das assinaturas por Pix.',
  });
  const common = {
    workspaceId: refund.workspaceId,
    accountId: account.id,
    currency: account.currency,
    status: 'paid' as const,
    source: 'pix' as const,
    categoryId: null,
  };
  return insertTransactions(tx, [
    {
      ...common,
      date: todayIn(BUSINESS_TIME_ZONE, refund.receivedAt),
      amountCents: refund.amountCents,
      label: `Pix recebido (devolvido) — ${refund.reference}`,
      description: `Pix ${refund.endToEndId}, devolvido ao pagador`,
      externalId: refund.endToEndId,
      importKey: `pix-refund:${refund.refundId}:in`,
      createdAt: refund.receivedAt,
    },
    {
      ...common,
      date: todayIn(BUSINESS_TIME_ZONE, refund.refundedAt),
      amountCents: -refund.amountCents,
      label: `Devolução de Pix — ${refund.reference}`,
      description: `Devolução ${refund.refundId} do Pix ${refund.endToEndId}`,
      externalId: refund.refundId,
      importKey: `pix-refund:${refund.refundId}:out`,
      createdAt: refund.refundedAt,
    },
  ]);
}

/** What a deleted payer is called in the ledger. */
export const DELETED_PAYER_LABEL = 'titular excluído';

/** Account deletion, inside its transaction: the payer's handle leaves the ledger rows. */
export const anonymisePayerInLedger = (tx: DbOrTx, chargeIds: string[]) =>
  anonymiseChargePayer(tx, chargeIds, DELETED_PAYER_LABEL);
