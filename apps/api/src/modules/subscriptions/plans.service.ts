import { majorToCents, PRICE_CENTS } from '@fa-clube/contract';
import type { Plan, PlansResponse } from '@fa-clube/contract';
import type { PlanType } from '../../db/schema/subscriptions';
import { hasActiveSubscription, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { markCreator, requireProfile } from '../workspaces/workspaces.service';
import {
  automaticRenewalOffered,
  findOpenCharge,
  hasPixSettings,
} from '../payments/payments.service';
import { toPlan } from './dto';
import { listPlans, upsertPlan } from './plans.repo';

/** Owner only: sets one plan's price and discount (upsert per plan type). */
export async function savePlan(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: { value: number; discount: number; plan_type: PlanType },
): Promise<Plan> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  if (!(await hasPixSettings(ctx, workspaceId)))
    throw new AppError(
      'PIX_REQUIRED',
      'Cadastre os dados do Pix (chave, nome e cidade) antes de definir os planos.',
    );
  const valueCents = majorToCents(body.value);
  if (valueCents < PRICE_CENTS.min || valueCents > PRICE_CENTS.max)
    throw validationError('value', 'O valor deve ser de R$ 0,01 a R$ 10.000,00.');
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await upsertPlan(tx, {
      workspaceId,
      planType: body.plan_type,
      valueCents,
      discount: body.discount,
      now: ctx.clock.now(),
    });
    // setting up a plan is choosing to be a creator (decision 093)
    await markCreator(ctx, tx, workspaceId);
    return saved;
  });
  return toPlan(row);
}

/** Public: a creator's plans; for a signed-in caller also whether they subscribe and their open charge. */
export async function getPlansByUsername(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
): Promise<PlansResponse> {
  const ws = await requireProfile(ctx, username);
  const now = ctx.clock.now();
  const [plans, automatic] = await Promise.all([
    listPlans(ctx.db, ws.id),
    automaticRenewalOffered(ctx, ws.id),
  ]);
  if (!actor)
    return { plans: plans.map(toPlan), is_subscribed: false, automatic_available: automatic };
  const [isSubscribed, pending] = await Promise.all([
    hasActiveSubscription(ctx.db, actor.userId, ws.id, now),
    findOpenCharge(ctx, { payerId: actor.userId, workspaceId: ws.id, kind: 'subscription' }),
  ]);
  return {
    plans: plans.map(toPlan),
    is_subscribed: isSubscribed,
    automatic_available: automatic,
    ...(pending ? { pending_charge: pending } : {}),
  };
}
