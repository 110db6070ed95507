import type { Plan, PlansResponse } from '@fa-clube/contract';
import type { PlanType } from '../../db/schema';
import {
  findWorkspaceByUsername,
  hasActiveSubscription,
  requireWorkspaceRole,
} from '../../lib/access';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, validationError } from '../../lib/errors';
import { MAX_PRICE_CENTS, reaisToCents } from '../../lib/money';
import { toPendingCharge, toPlan } from './dto';
import {
  findOpenChargeForWorkspace,
  findPixSettings,
  listPlans,
  upsertPlan,
} from './subscriptions.repo';

export const profileNotFound = () => notFound('Perfil não encontrado.', 'PROFILE_NOT_FOUND');

/** Owner only: sets one plan's price and discount (upsert per plan type). */
export async function savePlan(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: { value: number; discount: number; plan_type: PlanType },
): Promise<Plan> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  if (!(await findPixSettings(ctx.db, workspaceId)))
    throw conflict(
      'PIX_NOT_CONFIGURED',
      'Cadastre os dados do Pix (chave, nome e cidade) antes de definir os planos.',
    );
  const valueCents = reaisToCents(body.value);
  if (valueCents <= 0 || valueCents > MAX_PRICE_CENTS)
    throw validationError('value', 'O valor deve ser de R$ 0,01 a R$ 10.000,00.');
  const row = await upsertPlan(ctx.db, {
    workspaceId,
    planType: body.plan_type,
    valueCents,
    discount: body.discount,
    now: ctx.clock.now(),
  });
  return toPlan(row);
}

/** Public: a creator's plans; for a signed-in caller also whether they subscribe and their open charge. */
export async function getPlansByUsername(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
): Promise<PlansResponse> {
  const ws = await findWorkspaceByUsername(ctx.db, username);
  if (!ws) throw profileNotFound();
  const now = ctx.clock.now();
  const plans = await listPlans(ctx.db, ws.id);
  if (!actor) return { plans: plans.map(toPlan), is_subscribed: false };
  const [isSubscribed, pending] = await Promise.all([
    hasActiveSubscription(ctx.db, actor.userId, ws.id, now),
    findOpenChargeForWorkspace(ctx.db, actor.userId, ws.id, now),
  ]);
  return {
    plans: plans.map(toPlan),
    is_subscribed: isSubscribed,
    ...(pending ? { pending_charge: toPendingCharge(pending) } : {}),
  };
}
