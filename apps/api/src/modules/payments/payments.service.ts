/**
 * The payments module's interface (decision 048). It owns Pix charges, the
 * workspace's Pix receiving data and PSP connection, webhooks, notifications
 * and payments to review, Pix Automático recurrences and their debits,
 * refunds, reconciliation and the hand-off to the ledger. Other modules sell
 * through it with two calls, and it imports none of them:
 *
 *  - "Open a charge for this item": `openCharge(ctx, { payerId, workspace,
 *    kind, itemId, amountCents, description, … })` answers the charge with its
 *    BR Code (`paymentSpecs`) — an immediate charge at the workspace's PSP
 *    (`PUT /cob`, `description` as `solicitacaoPagador`) when it has one
 *    connected, else a static code the owner confirms by hand. The payer's
 *    open charge for the same item at the same amount is answered again.
 *
 *  - "Tell me when it is paid": the module that sells a kind provides its
 *    handler (`ctx.chargeKinds[kind].paid`, wired in bootstrap.ts). However a
 *    charge becomes paid — the owner confirms it, the PSP's webhook, the
 *    reconciliation, a Pix Automático debit settled — one database transaction
 *    marks it paid (once: a conditional UPDATE), books it in the workspace's
 *    ledger under the kind's category (CHARGE_LEDGER) and calls the handler;
 *    a handler that throws rolls all of it back.
 *
 * Pix Automático, for subscriptions, goes through narrow calls too: a
 * recurrence is authorized with a subscription's first charge and names the
 * subscription by id only (`authorizeRecurrence`); the subscriptions' renewal
 * sweep finds the periods due and asks for their debits
 * (`scheduleRecurringDebits`); the fan cancels (`cancelRecurrence`) or the
 * bank app does (the PSP's /rec notification); a refused debit asks the
 * handler's `recurringDebitFailed` for another way to pay.
 */
import type { ChargeDetail, PendingCharge } from '@fa-clube/contract';
import type { ChargeKind } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { anonymisePayerInLedger } from '../finance/finance.service';
import {
  cancelOpenChargesOfWorkspaces,
  closeChargesOfPayer,
  findChargeById,
  findOpenChargeForWorkspace,
} from './charges.repo';
import { disconnectConnection, findConnectedConnection } from './pix-connections.repo';
import type { ChargeRow } from './charges.repo';
import { toChargeDetail, toPendingCharge } from './dto';
import { AppError, rateLimited } from '../../lib/errors';
import { findChargeWithPayer } from './payments.queries';
import { deletePixSettingsOf, findPixSettings } from './pix-settings.repo';
import { findRecurrenceByFirstCharge } from './recurrences.repo';
import { finishEndedConnections } from './pix-connections.service';
import { cancelLiveRecurrences } from './recurrences.service';

export { openCharge, openChargeRow } from './charges.service';
export { cancelItemCharges } from './charges.repo';
export { toPaymentInfo, toPendingCharge } from './dto';
export { automaticRenewalOffered } from './pix-connections.service';
export {
  authorizeRecurrence,
  cancelRecurrence,
  renewsAutomatically,
  scheduleRecurringDebits,
} from './recurrences.service';

/** A charge as openCharge answers it: its amount, txid, BR Code, status and expiry. */
export type OpenedCharge = ChargeRow;

/** A charge as its payer sees it while paying (ChargeDetail: its BR Code, status, expiry). */
export async function chargeDetailOf(ctx: AppContext, charge: ChargeRow): Promise<ChargeDetail> {
  const row = await findChargeWithPayer(ctx.db, charge.workspaceId, charge.id);
  if (!row) throw new AppError('CHARGE_NOT_FOUND');
  return toChargeDetail(row);
}

/** Rate limit on opening one-off charges (posts, messages, tips), per payer: 429 beyond it. */
export async function limitSaleCharges(ctx: AppContext, payerId: string) {
  const wait = await ctx.throttle.consume(`sale-charge:${payerId}`, ctx.config.limits.saleCharges);
  if (wait > 0)
    throw rateLimited(
      wait,
      'Você gerou muitas cobranças seguidas. Aguarde um pouco e tente de novo.',
    );
}

/**
 * Rate limit on Pix Automático authorizations (each one is three calls to the creator's PSP
 * and a recurrence the fan could approve): per fan and per workspace, 429 beyond either.
 */
export async function limitAutomaticRenewals(
  ctx: AppContext,
  workspaceId: string,
  payerId: string,
) {
  const { automaticPayer, automaticWorkspace } = ctx.config.limits;
  const wait =
    (await ctx.throttle.consume(`automatic:${payerId}`, automaticPayer)) ||
    (await ctx.throttle.consume(`automatic-ws:${workspaceId}`, automaticWorkspace));
  if (wait > 0)
    throw rateLimited(
      wait,
      'Muitos pedidos de renovação automática seguidos. Aguarde um pouco e tente de novo.',
    );
}

/**
 * A password reset proved the inbox of an account that had never confirmed its address:
 * where its workspaces' money went was set by whoever registered the address (a squatter).
 * In the caller's transaction: the Pix key is removed, the open charges (their codes name
 * that key) cancelled, the PSP connection ended (its webhook URL answers 404 at once). Then,
 * after the commit, `finishUnprovenMoneyDestination` undoes what the connection left at the
 * PSP (webhooks, live recurrences, secrets; the payments sweep tries again if it fails).
 */
export async function forgetUnprovenMoneyDestination(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceIds: string[],
): Promise<{ pixKey: boolean; connection: boolean }> {
  let pixKey = false;
  let connection = false;
  for (const id of workspaceIds) {
    if (await findPixSettings(tx, id)) pixKey = true;
    const row = await findConnectedConnection(tx, id);
    if (row && (await disconnectConnection(tx, row.id, ctx.clock.now()))) connection = true;
  }
  await deletePixSettingsOf(tx, workspaceIds);
  await cancelOpenChargesOfWorkspaces(tx, workspaceIds);
  return { pixKey, connection };
}

export async function finishUnprovenMoneyDestination(ctx: AppContext, workspaceIds: string[]) {
  try {
    await finishEndedConnections(ctx, workspaceIds);
  } catch (err) {
    ctx.logger.warn({ err }, 'conexão PSP encerrada pela redefinição não finalizada no PSP');
  }
}

/** Whether the workspace has its Pix receiving data (every charge needs it). */
export async function hasPixSettings(ctx: AppContext, workspaceId: string) {
  return (await findPixSettings(ctx.db, workspaceId)) !== null;
}

/** The payer's newest pending, unexpired charge of this kind with a workspace, as answered. */
export async function findOpenCharge(
  ctx: AppContext,
  input: { payerId: string; workspaceId: string; kind: ChargeKind },
): Promise<PendingCharge | null> {
  const row = await findOpenChargeForWorkspace(ctx.db, { ...input, now: ctx.clock.now() });
  return row ? toPendingCharge(row) : null;
}

/** The charge, while it can still be paid (pending and unexpired); else null. */
export async function findPayableCharge(
  ctx: AppContext,
  chargeId: string,
): Promise<OpenedCharge | null> {
  const charge = await findChargeById(ctx.db, chargeId);
  return charge?.status === 'pending' && charge.expiresAt > ctx.clock.now() ? charge : null;
}

/** The Pix Automático authorization a first charge's composite code carries, if any. */
export async function recurrenceOfCharge(ctx: AppContext, chargeId: string) {
  const recurrence = await findRecurrenceByFirstCharge(ctx.db, chargeId);
  return recurrence ? { id: recurrence.idRec, status: recurrence.status } : null;
}

/**
 * Account deletion, inside its transaction: the person's open charges are cancelled, and
 * their paid charges stay (amounts, dates: the creators' records) with the payer's handle
 * taken out of the creators' ledgers.
 */
/**
 * After workspaces were deleted (the soft-delete ended their PSP connection in the same
 * transaction): what the connection left live at the PSP is undone now — webhooks removed,
 * live Pix Automático recurrences cancelled, secrets erased (the payments sweep retries).
 */
export const endPaymentsOfDeletedWorkspaces = (ctx: AppContext, workspaceIds: string[]) =>
  finishEndedConnections(ctx, workspaceIds);

/**
 * After an account was deleted: its live Pix Automático authorizations, as a fan, are
 * cancelled at their PSPs (so nobody debits it again); answers how many the PSPs did not take.
 */
export const cancelRecurrencesOfDeletedPayer = (ctx: AppContext, payerId: string) =>
  cancelLiveRecurrences(ctx, { payerId }, 'account_deleted');

export async function closeChargesOfDeletedPayer(tx: DbOrTx, payerId: string) {
  const paid = await closeChargesOfPayer(tx, payerId);
  await anonymisePayerInLedger(tx, paid);
}
