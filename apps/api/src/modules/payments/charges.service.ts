import { PAGING, pageOffset } from '@fa-clube/contract';
import type {
  ChargeDetail,
  ChargeKind,
  ChargesResponse,
  ChargeStatus,
  ConfirmChargeResponse,
  PlanType,
} from '@fa-clube/contract';
import { getWorkspaceRole, requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { addMinutes } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { toChargeDetail, toChargeListItem } from './dto';
import { ageGateBlocks, applyPayment } from './settlement.service';
import { createApiPixProvider } from './providers/psp';
import { createManualProvider } from './providers/manual';
import { connectionClient, findConnectedConnection } from './pix-connections.service';
import { findRecurrenceByFirstCharge } from './recurrences.repo';
import { expireCharge, findChargeById, findPendingCharge, insertCharge } from './charges.repo';
import { findChargeWithPayer, listWorkspaceCharges } from './payments.queries';
import { findPixSettings } from './pix-settings.repo';
import type { ChargeRow } from './charges.repo';
import type { PixSettingsRow } from './pix-settings.repo';
import { publishWaitingChanged } from './waiting.service';

const chargeNotFound = () => new AppError('CHARGE_NOT_FOUND', 'Cobrança não encontrada.');

/** "Open a charge for this item": see payments.service.ts. */
export interface OpenChargeInput {
  payerId: string;
  workspace: { id: string; username: string };
  kind: ChargeKind;
  /** The post or message bought; null for a subscription or a tip. */
  itemId: string | null;
  /** In centavos, at least 1. */
  amountCents: number;
  /** Shown by the payer's bank app (`solicitacaoPagador`; the static code's description). */
  description: string;
  /** The plan a subscription charge pays for; absent for a one-off sale (post, message, tip). */
  plan?: { id: string; planType: PlanType };
  /** Never answer the open charge: close it and open a new one. */
  replaceOpen?: boolean;
  /** A plain Pix even when the open charge carries a Pix Automático authorization. */
  plain?: boolean;
  /** A renewal charge: the subscription it renews (one open renewal charge per subscription). */
  renewalOf?: string;
}

/**
 * The payer's pending, unexpired charge for this item at the same amount, or a
 * new one. An expired (or repriced) pending charge is closed first: the
 * partial unique indexes charges_one_pending_uq (per payer and plan) and
 * charges_one_pending_item_uq (per payer and item sold one by one) allow one
 * pending charge each, and a concurrent request that won the race is answered
 * too. A tip names no item: each one is a charge of its own.
 */
export async function openCharge(ctx: AppContext, input: OpenChargeInput): Promise<ChargeRow> {
  return (await openChargeRow(ctx, input)).charge;
}

/** openCharge, telling whether the charge is new (201) or the open one answered again (200). */
export async function openChargeRow(
  ctx: AppContext,
  input: OpenChargeInput,
): Promise<{ charge: ChargeRow; created: boolean }> {
  const pix = await findPixSettings(ctx.db, input.workspace.id);
  if (!pix)
    throw new AppError('PIX_REQUIRED', 'Este criador ainda não configurou o recebimento por Pix.');
  const now = ctx.clock.now();
  const same = pendingKey(input);
  const existing = same ? await findPendingCharge(ctx.db, input.payerId, same) : null;
  if (existing) {
    // a Pix Automático first charge carries the composite code (paying it authorizes the
    // recurrence): reused unless a plain Pix was asked for explicitly
    const reusable =
      !input.replaceOpen &&
      existing.expiresAt > now &&
      existing.valueCents === input.amountCents &&
      !(input.plain && (await findRecurrenceByFirstCharge(ctx.db, existing.id)));
    if (reusable) return { charge: existing, created: false };
    await expireCharge(ctx.db, existing.id);
  }
  return createCharge(ctx, input, pix, now);
}

/** What makes two charges "the same": the plan, or the item sold; a tip has none. */
function pendingKey(input: OpenChargeInput) {
  if (input.plan) return { planId: input.plan.id };
  if (input.itemId) return { kind: input.kind, itemId: input.itemId };
  return null;
}

async function createCharge(
  ctx: AppContext,
  input: OpenChargeInput,
  pix: PixSettingsRow,
  now: Date,
): Promise<{ charge: ChargeRow; created: boolean }> {
  // the workspace's own PSP when it has one connected; else a code the owner confirms
  const connection = await findConnectedConnection(ctx.db, input.workspace.id);
  const provider = connection
    ? createApiPixProvider(() => connectionClient(ctx, connection), ctx.logger)
    : createManualProvider();
  const ttlMinutes = ctx.config.pix.chargeTtlMinutes;
  const made = await provider.createCharge({
    txid: provider.newTxid(),
    amountCents: input.amountCents,
    expiresInSeconds: ttlMinutes * 60,
    receiver: { key: connection?.pixKey ?? pix.key, name: pix.name, city: pix.city },
    description: input.description,
  });
  try {
    const charge = await insertCharge(ctx.db, {
      workspaceId: input.workspace.id,
      payerId: input.payerId,
      planId: input.plan?.id ?? null,
      planType: input.plan?.planType ?? null,
      kind: input.kind,
      itemId: input.itemId,
      valueCents: input.amountCents,
      txid: made.txid,
      paymentSpecs: made.paymentSpecs,
      location: made.location,
      provider: provider.name,
      connectionId: connection?.id ?? null,
      status: 'pending',
      expiresAt: addMinutes(now, ttlMinutes),
      renewalOf: input.renewalOf ?? null,
      createdAt: now,
    });
    // no PSP confirms it: the owner and members see it wait, live (issue 34)
    if (!connection) await publishWaitingChanged(ctx, input.workspace.id);
    return { charge, created: true };
  } catch (err) {
    if (
      !isUniqueViolation(err, 'charges_one_pending_uq') &&
      !isUniqueViolation(err, 'charges_one_pending_item_uq') &&
      !isUniqueViolation(err, 'charges_one_open_renewal_uq')
    )
      throw err;
    const same = pendingKey(input);
    const winner = same ? await findPendingCharge(ctx.db, input.payerId, same) : null;
    if (!winner) throw err;
    return { charge: winner, created: false };
  }
}

/** GET /charges/{ws}: owner and members. */
export async function listCharges(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { status?: ChargeStatus; kind?: ChargeKind | 'sale'; page: number; size: number },
): Promise<ChargesResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const { rows, total } = await listWorkspaceCharges(ctx.db, {
    workspaceId,
    status: query.status,
    kind: query.kind,
    limit: query.size,
    offset: pageOffset(PAGING.charges, query.page, query.size),
  });
  return { charges: rows.map(toChargeListItem), page: query.page, size: query.size, total };
}

/** GET /charges/{ws}/{id}: owner, members, and the payer (who polls it while paying). */
export async function getCharge(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  chargeId: string,
): Promise<ChargeDetail> {
  const caller = requireActor(actor);
  const role = await getWorkspaceRole(ctx.db, caller.userId, workspaceId);
  const row = await findChargeWithPayer(ctx.db, workspaceId, chargeId);
  if (!row || (!role && row.charge.payerId !== caller.userId)) throw chargeNotFound();
  return toChargeDetail(row);
}

/** POST /charges/{ws}/{id}/confirm: the owner saw the Pix arrive. */
export async function confirmCharge(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  chargeId: string,
): Promise<ConfirmChargeResponse> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const charge = await findChargeById(ctx.db, chargeId);
  if (!charge || charge.workspaceId !== workspaceId) throw chargeNotFound();
  // the 18+ gate again when the payment is applied (issue 25)
  if (await ageGateBlocks(ctx, workspaceId, charge.payerId))
    throw new AppError(
      'AGE_VERIFICATION_REQUIRED',
      'A idade de quem pagou ainda não foi verificada: aprove a verificação antes de confirmar o pagamento.',
    );
  const applied = await applyPayment(ctx, { chargeId, confirmedBy: owner.userId });
  if (!applied) {
    const latest = await findChargeById(ctx.db, chargeId);
    if (latest?.status === 'paid')
      throw new AppError('CHARGE_ALREADY_PAID', 'Esta cobrança já foi confirmada.');
    throw new AppError(
      'CHARGE_NOT_PAYABLE',
      'Esta cobrança foi cancelada e não pode ser confirmada.',
    );
  }
  await publishWaitingChanged(ctx, workspaceId);
  const detail = (await findChargeWithPayer(ctx.db, workspaceId, chargeId))!;
  return { charge: toChargeDetail(detail), ...applied.grant };
}
