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

/**
 * The end of the period paid after `currentEnd` in a subscription that started at `anchor`:
 * months count from the anchor, so a monthly plan started on 31 January runs to 28 February,
 * then 31 March — not to the 28th for good. A current end that is not a whole number of months
 * after the anchor (an older period) is extended from itself.
 */
export function nextPeriodEnd(anchor: Date, currentEnd: Date, planType: PlanType): Date {
  const a = new UTCDate(anchor.getTime());
  const e = new UTCDate(currentEnd.getTime());
  const months = (e.getFullYear() - a.getFullYear()) * 12 + e.getMonth() - a.getMonth();
  if (months > 0 && addCalendarMonths(anchor, months).getTime() === currentEnd.getTime())
    return addCalendarMonths(anchor, months + PLAN_TYPE_MONTHS[planType]);
  return planPeriodEnd(currentEnd, planType);
}
