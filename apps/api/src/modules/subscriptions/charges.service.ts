import type {
  ChargeDetail,
  ChargesResponse,
  ChargeStatus,
  ConfirmChargeResponse,
  PaymentInfo,
} from '@fa-clube/contract';
import type { PlanType } from '../../db/schema';
import {
  findWorkspaceByUsername,
  getWorkspaceRole,
  requireActor,
  requireWorkspaceRole,
} from '../../lib/access';
import type { Actor } from '../../lib/access';
import { addMinutes } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { findWorkspace } from '../workspaces/workspaces.service';
import {
  PLAN_LABELS,
  planPriceCents,
  toChargeDetail,
  toChargeListItem,
  toPaymentInfo,
  toSubscriptionState,
} from './dto';
import { applyPayment } from './payments.service';
import { profileNotFound } from './plans.service';
import { pixProvider } from './providers';
import {
  expireCharge,
  findChargeById,
  findChargeWithPayer,
  findPendingCharge,
  findPixSettings,
  findPlan,
  findPlanById,
  insertCharge,
  listWorkspaceCharges,
} from './subscriptions.repo';
import type { ChargeRow, PixSettingsRow, PlanRow } from './subscriptions.repo';

type WorkspaceRef = { id: string; username: string };

const planNotFound = () => notFound('Este perfil não tem o plano escolhido.', 'PLAN_NOT_FOUND');
const chargeNotFound = () => notFound('Cobrança não encontrada.', 'CHARGE_NOT_FOUND');

/** POST /subscribe/plan?username=&plan_type= */
export async function subscribeToPlan(
  ctx: AppContext,
  actor: Actor | null,
  input: { username: string; plan_type: PlanType },
): Promise<PaymentInfo> {
  const payer = requireActor(actor);
  const ws = await findWorkspaceByUsername(ctx.db, input.username);
  if (!ws) throw profileNotFound();
  await refuseOwnTeam(ctx, payer, ws.id);
  const plan = await findPlan(ctx.db, ws.id, input.plan_type);
  if (!plan) throw planNotFound();
  return toPaymentInfo(await openCharge(ctx, payer.userId, ws, plan));
}

/** POST /subscriptions/charge { plan } */
export async function chargeForPlan(
  ctx: AppContext,
  actor: Actor | null,
  planId: string,
): Promise<PaymentInfo> {
  const payer = requireActor(actor);
  const plan = await findPlanById(ctx.db, planId);
  if (!plan) throw planNotFound();
  const ws = (await findWorkspace(ctx, plan.workspaceId))!;
  await refuseOwnTeam(ctx, payer, ws.id);
  return toPaymentInfo(await openCharge(ctx, payer.userId, ws, plan));
}

/** The owner and the team already see everything: they do not subscribe. */
async function refuseOwnTeam(ctx: AppContext, payer: Actor, workspaceId: string) {
  const role = await getWorkspaceRole(ctx.db, payer.userId, workspaceId);
  if (role === 'owner')
    throw badRequest('CANNOT_SUBSCRIBE_TO_SELF', 'Você não pode assinar o seu próprio perfil.');
  if (role === 'member')
    throw forbidden(
      'Você faz parte da equipe deste perfil e já tem acesso ao conteúdo.',
      'TEAM_MEMBER_CANNOT_SUBSCRIBE',
    );
}

/**
 * The payer's pending, unexpired charge for this plan at the current price, or
 * a new one. An expired (or repriced) pending charge is closed first: the
 * partial unique index charges_one_pending_uq allows one pending charge per
 * payer and plan, and a concurrent request that won the race is answered too.
 */
export async function openCharge(
  ctx: AppContext,
  payerId: string,
  ws: WorkspaceRef,
  plan: PlanRow,
  opts: { replaceOpen?: boolean } = {},
): Promise<ChargeRow> {
  const pix = await findPixSettings(ctx.db, ws.id);
  if (!pix)
    throw conflict(
      'PIX_NOT_CONFIGURED',
      'Este criador ainda não configurou o recebimento por Pix.',
    );
  const price = planPriceCents(plan);
  if (price < 1) throw badRequest('PLAN_NOT_PAYABLE', 'Este plano não tem valor a pagar por Pix.');
  const now = ctx.clock.now();
  const existing = await findPendingCharge(ctx.db, payerId, plan.id);
  if (existing) {
    if (!opts.replaceOpen && existing.expiresAt > now && existing.valueCents === price)
      return existing;
    await expireCharge(ctx.db, existing.id);
  }
  return createCharge(ctx, { payerId, ws, plan, price, pix, now });
}

async function createCharge(
  ctx: AppContext,
  input: {
    payerId: string;
    ws: WorkspaceRef;
    plan: PlanRow;
    price: number;
    pix: PixSettingsRow;
    now: Date;
  },
): Promise<ChargeRow> {
  const provider = pixProvider(ctx);
  const ttlMinutes = ctx.config.pix.chargeTtlMinutes;
  const made = await provider.createCharge({
    txid: provider.newTxid(),
    amountCents: input.price,
    expiresInSeconds: ttlMinutes * 60,
    receiver: { key: input.pix.key, name: input.pix.name, city: input.pix.city },
    description: `Assinatura ${PLAN_LABELS[input.plan.planType]} @${input.ws.username}`,
  });
  try {
    return await insertCharge(ctx.db, {
      workspaceId: input.ws.id,
      payerId: input.payerId,
      planId: input.plan.id,
      planType: input.plan.planType,
      valueCents: input.price,
      txid: made.txid,
      paymentSpecs: made.paymentSpecs,
      location: made.location,
      provider: provider.name,
      status: 'pending',
      expiresAt: addMinutes(input.now, ttlMinutes),
      createdAt: input.now,
    });
  } catch (err) {
    if (!isUniqueViolation(err, 'charges_one_pending_uq')) throw err;
    const winner = await findPendingCharge(ctx.db, input.payerId, input.plan.id);
    if (!winner) throw err;
    return winner;
  }
}

/** GET /charges/{ws}: owner and members. */
export async function listCharges(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { status?: ChargeStatus; page: number; size: number },
): Promise<ChargesResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const { rows, total } = await listWorkspaceCharges(ctx.db, {
    workspaceId,
    status: query.status,
    limit: query.size,
    offset: query.page * query.size,
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
  const applied = await applyPayment(ctx, { chargeId, confirmedBy: owner.userId });
  if (!applied) {
    const latest = await findChargeById(ctx.db, chargeId);
    if (latest?.status === 'paid')
      throw conflict('CHARGE_ALREADY_PAID', 'Esta cobrança já foi confirmada.');
    throw conflict('CHARGE_NOT_PAYABLE', 'Esta cobrança foi cancelada e não pode ser confirmada.');
  }
  const detail = (await findChargeWithPayer(ctx.db, workspaceId, chargeId))!;
  return {
    charge: toChargeDetail(detail),
    subscription: toSubscriptionState(applied.subscription, ctx.clock.now()),
  };
}
