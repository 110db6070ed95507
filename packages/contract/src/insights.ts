// Insights (issue 35, conventions § "Insights"): what a creator runs the business by — computed
// from the charges and subscriptions that exist, never a second bookkeeping.
import { z } from 'zod';
import { Uuid } from './common';

export const insightsPaths = {
  /** GET ?months= : the figures (owner and members). */
  insights: '/insights/:ws',
  /** GET ?months= : the months as CSV. */
  export: '/insights/:ws/export.csv',
} as const;

export const INSIGHTS_MONTHS_DEFAULT = 12;
export const INSIGHTS_MONTHS_MAX = 36;
/** How many posts `top_posts` lists. */
export const INSIGHTS_TOP_POSTS = 5;

export const InsightsParams = z.object({ ws: Uuid });
export const InsightsQuery = z.object({
  months: z.coerce
    .number({ message: 'Informe um número de meses.' })
    .int({ message: 'Informe um número inteiro de meses.' })
    .min(1, { message: 'Informe ao menos 1 mês.' })
    .max(INSIGHTS_MONTHS_MAX, { message: `Informe no máximo ${INSIGHTS_MONTHS_MAX} meses.` })
    .default(INSIGHTS_MONTHS_DEFAULT),
});

const Revenue = z.object({
  subscriptions: z.number(),
  posts: z.number(),
  messages: z.number(),
  tips: z.number(),
  total: z.number(),
});

export const InsightsMonth = z.object({
  /** São Paulo calendar month, `YYYY-MM`. */
  month: z.string(),
  /** Subscriptions that started (or started again after lapsing) this month. */
  new: z.number().int(),
  /** Paid periods that continued a subscription without a gap. */
  renewed: z.number().int(),
  /** Subscriptions whose paid time ran out this month and were not renewed. */
  churned: z.number().int(),
  /** Paid this month, by what was sold, less what was refunded this month (in reais). */
  revenue: Revenue,
  /** Refunded this month (in reais). */
  refunds: z.number(),
});
export type InsightsMonth = z.infer<typeof InsightsMonth>;

export const InsightsResponse = z.object({
  currency: z.literal('BRL'),
  /** Active subscriptions' monthly equivalent after discount (quarterly ÷ 3, yearly ÷ 12), in reais. */
  mrr: z.number(),
  active_subscribers: z.number().int(),
  by_plan: z.object({
    monthly: z.number().int(),
    quarterly: z.number().int(),
    yearly: z.number().int(),
  }),
  /** Active subscriptions renewed by Pix Automático. */
  automatic_renewals: z.number().int(),
  /** Oldest first; the current month last. */
  months: z.array(InsightsMonth),
  /** Last complete month's churned ÷ subscribers active when it began (0–1; null with none). */
  churn_rate: z.number().nullable(),
  top_posts: z.array(
    z.object({
      id: Uuid,
      description: z.string(),
      likes: z.number().int(),
      purchases: z.number().int(),
      revenue: z.number(),
    }),
  ),
});
export type InsightsResponse = z.infer<typeof InsightsResponse>;
