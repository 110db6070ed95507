import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema/subscriptions';
import type { PlanType } from '../../db/schema/subscriptions';

export type PlanRow = typeof plans.$inferSelect;

export async function upsertPlan(
  db: DbOrTx,
  input: {
    workspaceId: string;
    planType: PlanType;
    valueCents: number;
    discount: number;
    now: Date;
  },
) {
  const [row] = await db
    .insert(plans)
    .values({
      workspaceId: input.workspaceId,
      planType: input.planType,
      valueCents: input.valueCents,
      discount: input.discount,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [plans.workspaceId, plans.planType],
      set: { valueCents: input.valueCents, discount: input.discount, updatedAt: input.now },
    })
    .returning();
  return row!;
}

const PLAN_ORDER = sql`case ${plans.planType} when 'monthly' then 1 when 'quarterly' then 2 else 3 end`;

export async function listPlans(db: DbOrTx, workspaceId: string) {
  return db.select().from(plans).where(eq(plans.workspaceId, workspaceId)).orderBy(PLAN_ORDER);
}

export async function findPlan(db: DbOrTx, workspaceId: string, planType: PlanType) {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.workspaceId, workspaceId), eq(plans.planType, planType)))
    .limit(1);
  return row ?? null;
}

export async function findPlanById(db: DbOrTx, planId: string) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return row ?? null;
}
