import { randomUUID } from 'node:crypto';
import { PLAN_TYPE_LABELS, nextPeriodEnd, planPeriodEnd } from '@fa-clube/contract';
import type { PaymentInfo, PlanType, SubscribePlanBody } from '@fa-clube/contract';
import { getWorkspaceRole, requireActor } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  authorizeRecurrence,
  automaticRenewalOffered,
  limitAutomaticRenewals,
  openCharge,
  recurrenceOfCharge,
  toPaymentInfo,
} from '../payments/payments.service';
import type { OpenedCharge } from '../payments/payments.service';
import { requireAgeVerified } from '../trueid/trueid.service';
import { findWorkspace, requireProfile } from '../workspaces/workspaces.service';
import { planPriceCents } from './dto';
import { findPlan, findPlanById } from './plans.repo';
import type { PlanRow } from './plans.repo';
import { findSubscriptionOf } from './subscriptions.repo';
import { isActiveSubscription } from '../../read-models/active-subscription';

type WorkspaceRef = { id: string; username: string };

const planNotFound = () => new AppError('PLAN_NOT_FOUND', 'Este perfil não tem o plano escolhido.');

/** What the payer's bank shows for a plan's charge (and a Pix Automático's `objeto`). */
const chargeDescription = (planType: PlanType, ws: WorkspaceRef) =>
  `Assinatura ${PLAN_TYPE_LABELS[planType]} @${ws.username}`;

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
      await openPlanCharge(ctx, payer.userId, ws, plan, { plain: input.automatic === false }),
    );
  // Pix Automático (Jornada 3): a fresh immediate charge, then the recurrence bound to it
  if (!(await automaticRenewalOffered(ctx, ws.id)))
    throw new AppError('AUTOMATIC_RENEWAL_UNAVAILABLE');
  await limitAutomaticRenewals(ctx, ws.id, payer.userId);
  const charge = await openPlanCharge(ctx, payer.userId, ws, plan, { replaceOpen: true });
  // the recurrence names our subscription (a first one takes this id when its period is paid);
  // its first debit follows the period being paid now, which follows the current one while it
  // runs (months counted from the first day of the run, as the grant extends it), else starts now
  const now = ctx.clock.now();
  const subscription = await findSubscriptionOf(ctx.db, ws.id, payer.userId);
  const running = !!subscription && isActiveSubscription(subscription, now);
  const recurrence = await authorizeRecurrence(ctx, {
    charge,
    workspace: ws,
    payer: { userId: payer.userId, cpf: String(payerData!.cpf), name: payerData!.name },
    contractId: subscription?.id ?? randomUUID(),
    firstDebit: running
      ? nextPeriodEnd(subscription.paidSince, subscription.currentPeriodEnd, plan.planType)
      : planPeriodEnd(now, plan.planType),
    description: chargeDescription(plan.planType, ws),
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
  return paymentInfo(ctx, await openPlanCharge(ctx, payer.userId, ws, plan));
}

/** A charge to pay; a Pix Automático first charge (composite code) with its recurrence. */
async function paymentInfo(ctx: AppContext, charge: OpenedCharge): Promise<PaymentInfo> {
  const recurrence = await recurrenceOfCharge(ctx, charge.id);
  return { ...toPaymentInfo(charge), ...(recurrence ? { recurrence } : {}) };
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
 * A plan's charge through the payments module: the payer's open one for the plan at the
 * current price, or a new one (`replaceOpen`: always new; `renewalOf`: a renewal charge).
 */
export async function openPlanCharge(
  ctx: AppContext,
  payerId: string,
  ws: WorkspaceRef,
  plan: PlanRow,
  opts: { replaceOpen?: boolean; plain?: boolean; renewalOf?: string } = {},
): Promise<OpenedCharge> {
  const price = planPriceCents(plan);
  if (price < 1)
    throw new AppError('PLAN_NOT_PAYABLE', 'Este plano não tem valor a pagar por Pix.');
  return openCharge(ctx, {
    payerId,
    workspace: ws,
    kind: 'subscription',
    itemId: null,
    amountCents: price,
    description: chargeDescription(plan.planType, ws),
    plan: { id: plan.id, planType: plan.planType },
    ...opts,
  });
}
