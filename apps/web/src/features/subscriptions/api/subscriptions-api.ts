import { apiPath, paths } from '@fa-clube/contract';
import type { PlanType, SubscribePlanBody } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** Query key of a creator's plans as seen by the current viewer (anonymous or signed in). */
export const plansKey = (username: string, viewer: string | null) =>
  ['plans', username.toLowerCase(), viewer ?? 'anonymous'] as const;

/** GET /plans?username= → plans, is_subscribed and the viewer's open charge (public). */
export const fetchPlans = (username: string, signal?: AbortSignal) =>
  api.getPublic(apiPath(paths.plans), {
    query: { username },
    schema: 'PlansResponse',
    signal,
  });

/** Query key of the charge the subscribe dialog opens for one plan. */
export const subscribeKey = (username: string, planType: PlanType, viewer: string | null) =>
  ['subscribe-plan', username.toLowerCase(), planType, viewer ?? 'anonymous'] as const;

/**
 * POST /subscribe/plan?username=&plan_type= → the price and the Pix BR Code. The server
 * reuses the payer's pending, unexpired charge for the plan, so opening the dialog again shows
 * the same code.
 */
export const subscribeToPlan = (username: string, planType: PlanType) =>
  api.post(apiPath(paths.subscribePlan), undefined, {
    query: { username, plan_type: planType },
    schema: 'PaymentInfo',
  });

/**
 * POST /subscribe/plan with `automatic`: true — Pix Automático, the payer's CPF and full name in
 * the body, answered with the composite BR Code and `recurrence`; false — a plain Pix even when
 * the open charge is a Pix Automático one.
 */
export const subscribeWithRenewal = (
  username: string,
  planType: PlanType,
  renewal: { automatic: true; payer: SubscribePlanBody } | { automatic: false },
) =>
  api.post(apiPath(paths.subscribePlan), renewal.automatic ? renewal.payer : undefined, {
    query: { username, plan_type: planType, automatic: String(renewal.automatic) },
    schema: 'PaymentInfo',
  });

/** Query key of the charge a renewal opens for one plan (by id). */
export const renewKey = (planId: string, viewer: string | null) =>
  ['renew-plan', planId, viewer ?? 'anonymous'] as const;

/**
 * POST /subscriptions/charge { plan } → the price and the Pix BR Code, like POST /subscribe/plan.
 * Used to renew from 'Minhas assinaturas': paying extends the period from its current end.
 */
export const chargePlan = (planId: string) =>
  api.post(apiPath(paths.subscriptionCharge), { plan: planId }, { schema: 'PaymentInfo' });

/** Query key of one charge as its payer polls it. */
export const chargeKey = (ws: string, id: string) => ['charge', ws, id] as const;

/** GET /charges/{ws}/{id}: the payer polls it until the creator confirms it. */
export const fetchCharge = (ws: string, id: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.charge, { ws, id }), { schema: 'ChargeDetail', signal });
