import { PAGING, pageOffset } from '@fa-clube/contract';
import { PLAN_TYPE_LABELS } from '@fa-clube/contract';
import type {
  SubscribePlanBody,
  ChargeDetail,
  ChargesResponse,
  ChargeStatus,
  ConfirmChargeResponse,
  PaymentInfo,
} from '@fa-clube/contract';
import type { PlanType } from '../../db/schema/subscriptions';
import { getWorkspaceRole, requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { addMinutes } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { findWorkspace, requireProfile } from '../workspaces/workspaces.service';
import {
  planPriceCents,
  toChargeDetail,
  toChargeListItem,
  toPaymentInfo,
  toSubscriptionState,
} from './dto';
import { ageGateBlocks, applyPayment } from './payments.service';
import { pixProvider } from './providers';
import { createApiPixProvider } from './providers/apipix';
import {
  connectionClient,
  findConnectedConnection,
  offersAutomatic,
} from './pix-connections.service';
import { authorizeRecurrence } from './recurrences.service';
import { findRecurrenceByFirstCharge } from './recurrences.repo';
import { expireCharge, findChargeById, findPendingCharge, insertCharge } from './charges.repo';
import { findChargeWithPayer, listWorkspaceCharges } from '../../read-models/subscribers';
import { requireAgeVerified } from '../trueid/trueid.service';
import { findPixSettings } from './pix-settings.repo';
import { findPlan, findPlanById } from './plans.repo';
import type { ChargeRow } from './charges.repo';
import type { PixSettingsRow } from './pix-settings.repo';
import type { PlanRow } from './plans.repo';

type WorkspaceRef = { id: string; username: string };

const planNotFound = () => new AppError('PLAN_NOT_FOUND', 'Este perfil não tem o plano escolhido.');
const chargeNotFound = () => new AppError('CHARGE_NOT_FOUND', 'Cobrança não encontrada.');

/** POST /subscribe/plan?username=&plan_type= */
export async function subscribeToPlan(
  ctx: AppContext,
  actor: Actor | null,
  /** `automatic`: true — Pix Automático; false — a plain Pix even when a composite one is open. */
  input: { username: string; plan_type: PlanType; automatic?: boolean },
  payerData?: SubscribePlanBody,
): Promise<PaymentInfo> {
  const payer = requireActor(actor);
  if (input.automatic && !payerData)
    throw new AppError('VALIDATION_ERROR', 'Informe o CPF e o nome completo.', {
      errors: [{ field: 'cpf', message: 'Informe o CPF e o nome completo.' }],
    });
  const ws = await requireProfile(ctx, input.username);
  await refuseOwnTeam(ctx, payer, ws.id);
  await requireAgeVerified(ctx, ws.id, payer.userId);
  const plan = await findPlan(ctx.db, ws.id, input.plan_type);
  if (!plan) throw planNotFound();
  if (!input.automatic)
    return paymentInfo(
      ctx,
      await openCharge(ctx, payer.userId, ws, plan, { plain: input.automatic === false }),
    );
  // Pix Automático (Jornada 3): a fresh immediate charge, then the recurrence bound to it
  const connection = await findConnectedConnection(ctx.db, ws.id);
  if (!offersAutomatic(connection)) throw new AppError('AUTOMATIC_RENEWAL_UNAVAILABLE');
  const charge = await openCharge(ctx, payer.userId, ws, plan, { replaceOpen: true });
  const recurrence = await authorizeRecurrence(ctx, {
    connection,
    charge,
    plan,
    ws,
    payer: { userId: payer.userId, cpf: String(payerData!.cpf), name: payerData!.name },
  });
  return {
    ...toPaymentInfo({ ...charge, paymentSpecs: recurrence.paymentSpecs }),
    recurrence: { id: recurrence.idRec, status: recurrence.status },
  };
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
  await requireAgeVerified(ctx, ws.id, payer.userId);
  return paymentInfo(ctx, await openCharge(ctx, payer.userId, ws, plan));
}

/** A charge to pay; a Pix Automático first charge (composite code) with its recurrence. */
async function paymentInfo(ctx: AppContext, charge: ChargeRow): Promise<PaymentInfo> {
  const recurrence = await findRecurrenceByFirstCharge(ctx.db, charge.id);
  return {
    ...toPaymentInfo(charge),
    ...(recurrence ? { recurrence: { id: recurrence.idRec, status: recurrence.status } } : {}),
  };
}

/** The owner and the team already see everything: they do not subscribe. */
async function refuseOwnTeam(ctx: AppContext, payer: Actor, workspaceId: string) {
  const role = await getWorkspaceRole(ctx.db, payer.userId, workspaceId);
  if (role === 'owner')
    throw new AppError('CANNOT_SUBSCRIBE_TO_SELF', 'Você não pode assinar o seu próprio perfil.');
  if (role === 'member')
    throw new AppError(
      'TEAM_MEMBER_CANNOT_SUBSCRIBE',
      'Você faz parte da equipe deste perfil e já tem acesso ao conteúdo.',
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
  opts: { replaceOpen?: boolean; plain?: boolean; renewalOf?: string } = {},
): Promise<ChargeRow> {
  const pix = await findPixSettings(ctx.db, ws.id);
  if (!pix)
    throw new AppError('PIX_REQUIRED', 'Este criador ainda não configurou o recebimento por Pix.');
  const price = planPriceCents(plan);
  if (price < 1)
    throw new AppError('PLAN_NOT_PAYABLE', 'Este plano não tem valor a pagar por Pix.');
  const now = ctx.clock.now();
  const existing = await findPendingCharge(ctx.db, payerId, plan.id);
  if (existing) {
    // a Pix Automático first charge carries the composite code (paying it authorizes the
    // recurrence): reused unless a plain Pix was asked for explicitly
    const reusable =
      !opts.replaceOpen &&
      existing.expiresAt > now &&
      existing.valueCents === price &&
      !(opts.plain && (await findRecurrenceByFirstCharge(ctx.db, existing.id)));
    if (reusable) return existing;
    await expireCharge(ctx.db, existing.id);
  }
  return createCharge(ctx, { payerId, ws, plan, price, pix, now, renewalOf: opts.renewalOf });
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
    renewalOf?: string;
  },
): Promise<ChargeRow> {
  // the workspace's own PSP when it has one connected; else the deployment's provider
  const connection = await findConnectedConnection(ctx.db, input.ws.id);
  const provider = connection
    ? createApiPixProvider('psp', () => connectionClient(ctx, connection), ctx.logger)
    : pixProvider(ctx);
  const ttlMinutes = ctx.config.pix.chargeTtlMinutes;
  const made = await provider.createCharge({
    txid: provider.newTxid(),
    amountCents: input.price,
    expiresInSeconds: ttlMinutes * 60,
    receiver: {
      key: connection?.pixKey ?? input.pix.key,
      name: input.pix.name,
      city: input.pix.city,
    },
    description: `Assinatura ${PLAN_TYPE_LABELS[input.plan.planType]} @${input.ws.username}`,
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
      connectionId: connection?.id ?? null,
      status: 'pending',
      expiresAt: addMinutes(input.now, ttlMinutes),
      renewalOf: input.renewalOf ?? null,
      createdAt: input.now,
    });
  } catch (err) {
    if (
      !isUniqueViolation(err, 'charges_one_pending_uq') &&
      !isUniqueViolation(err, 'charges_one_open_renewal_uq')
    )
      throw err;
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
  const detail = (await findChargeWithPayer(ctx.db, workspaceId, chargeId))!;
  return {
    charge: toChargeDetail(detail),
    subscription: toSubscriptionState(applied.subscription, ctx.clock.now()),
  };
}
