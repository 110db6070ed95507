// Without zod: the plan types and how they are shown, for pages that need them before the
// schemas load (docs/decisions/036-web-first-load.md). plans.ts builds the `PlanType` schema.

export const PLAN_TYPES = ['monthly', 'quarterly', 'yearly'] as const;
type PlanTypeName = (typeof PLAN_TYPES)[number];

/** How each plan type is shown (spec: Mensal, Trimestral, Anual). */
export const PLAN_TYPE_LABELS: Record<PlanTypeName, string> = {
  monthly: 'Mensal',
  quarterly: 'Trimestral',
  yearly: 'Anual',
};

/** Months a paid period of each plan type lasts. */
export const PLAN_TYPE_MONTHS: Record<PlanTypeName, number> = {
  monthly: 1,
  quarterly: 3,
  yearly: 12,
};

/** Default plan type (spec section 9): quarterly on workspace plan update, monthly on subscribe. */
export const DEFAULT_PLAN_TYPE = {
  planUpdate: 'quarterly',
  subscribe: 'monthly',
} as const satisfies Record<string, PlanTypeName>;
