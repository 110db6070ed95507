// Plan rules shared by the server and the web client (spec sections 3 and 9):
// the plan types, how they are shown, how long each one lasts and which one is
// the default where.
import { UTCDate } from '@date-fns/utc';
import { addMonths } from 'date-fns';
import { z } from 'zod';
import { centsToMajor, PRICE_CENTS } from './money';
import { PLAN_TYPE_MONTHS, PLAN_TYPES } from './plan-types';

export const PlanType = z.enum(PLAN_TYPES, {
  message: 'Tipo de plano inválido: use monthly, quarterly ou yearly.',
});
export type PlanType = z.infer<typeof PlanType>;

/** Highest plan value in major units (R$ 10.000,00). */
export const PLAN_VALUE_MAX = centsToMajor(PRICE_CENTS.max);

/**
 * `start` plus calendar months in UTC, through date-fns: a day the target month
 * lacks becomes its last day (31 Jan + 1 month = 28 or 29 Feb).
 */
export function addCalendarMonths(start: Date, months: number): Date {
  return new Date(addMonths(new UTCDate(start.getTime()), months).getTime());
}

/** When a period of this plan type that starts at `start` ends. */
export function planPeriodEnd(start: Date, planType: PlanType): Date {
  return addCalendarMonths(start, PLAN_TYPE_MONTHS[planType]);
}
