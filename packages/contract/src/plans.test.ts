import { describe, expect, it } from 'vitest';
import { PlanBody, SubscribePlanQuery } from './subscriptions';
import { DEFAULT_PLAN_TYPE, PLAN_TYPE_LABELS, PLAN_TYPE_MONTHS } from './plan-types';
import { addCalendarMonths, nextPeriodEnd, planPeriodEnd } from './plans';

// The expected dates are literals, not recomputed with date-fns: they pin the
// month-end rule (a day the target month lacks becomes its last day).
describe('plan periods', () => {
  it.each([
    ['2025-01-31T12:00:00.000Z', 1, '2025-02-28T12:00:00.000Z'],
    ['2024-01-31T12:00:00.000Z', 1, '2024-02-29T12:00:00.000Z'],
    ['2024-01-31T00:00:00.000Z', 1, '2024-02-29T00:00:00.000Z'],
    ['2024-01-31T23:59:59.999Z', 1, '2024-02-29T23:59:59.999Z'],
    ['2024-03-31T08:00:00.000Z', 1, '2024-04-30T08:00:00.000Z'],
    ['2024-11-30T10:00:00.000Z', 3, '2025-02-28T10:00:00.000Z'],
    ['2024-02-29T10:00:00.000Z', 12, '2025-02-28T10:00:00.000Z'],
    ['2024-05-15T10:30:00.000Z', 1, '2024-06-15T10:30:00.000Z'],
    ['2024-12-31T10:00:00.000Z', 2, '2025-02-28T10:00:00.000Z'],
  ])('%s + %i month(s) = %s', (start, months, end) => {
    expect(addCalendarMonths(new Date(start), months).toISOString()).toBe(end);
  });

  it('lasts 1, 3 and 12 months', () => {
    expect(PLAN_TYPE_MONTHS).toEqual({ monthly: 1, quarterly: 3, yearly: 12 });
    const start = new Date('2025-01-31T15:00:00.000Z');
    expect(planPeriodEnd(start, 'monthly').toISOString()).toBe('2025-02-28T15:00:00.000Z');
    expect(planPeriodEnd(start, 'quarterly').toISOString()).toBe('2025-04-30T15:00:00.000Z');
    expect(planPeriodEnd(start, 'yearly').toISOString()).toBe('2026-01-31T15:00:00.000Z');
  });

  it('renews on the first day of the subscription: 31 Jan → 28 Feb → 31 Mar → 30 Apr', () => {
    const anchor = new Date('2025-01-31T15:00:00.000Z');
    const ends = ['2025-02-28T15:00:00.000Z'];
    for (let i = 0; i < 3; i++)
      ends.push(nextPeriodEnd(anchor, new Date(ends.at(-1)!), 'monthly').toISOString());
    expect(ends).toEqual([
      '2025-02-28T15:00:00.000Z',
      '2025-03-31T15:00:00.000Z',
      '2025-04-30T15:00:00.000Z',
      '2025-05-31T15:00:00.000Z',
    ]);
    // a quarterly renewal of the same subscription counts from the same day
    expect(
      nextPeriodEnd(anchor, new Date('2025-02-28T15:00:00.000Z'), 'quarterly').toISOString(),
    ).toBe('2025-05-31T15:00:00.000Z');
    // a leap day's yearly plan: 29 Feb 2024 → 28 Feb 2025 → 29 Feb 2028 after four years
    const leap = new Date('2024-02-29T10:00:00.000Z');
    let end = planPeriodEnd(leap, 'yearly');
    for (let i = 0; i < 3; i++) end = nextPeriodEnd(leap, end, 'yearly');
    expect(end.toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });

  it('extends a period end that is not a whole number of months after the start from itself', () => {
    const anchor = new Date('2025-01-31T15:00:00.000Z');
    expect(
      nextPeriodEnd(anchor, new Date('2025-03-10T09:00:00.000Z'), 'monthly').toISOString(),
    ).toBe('2025-04-10T09:00:00.000Z');
  });

  it('shows Mensal, Trimestral, Anual and defaults per the spec', () => {
    expect(PLAN_TYPE_LABELS).toEqual({
      monthly: 'Mensal',
      quarterly: 'Trimestral',
      yearly: 'Anual',
    });
    expect(DEFAULT_PLAN_TYPE).toEqual({ planUpdate: 'quarterly', subscribe: 'monthly' });
    expect(PlanBody.parse({ value: 10 }).plan_type).toBe('quarterly');
    expect(SubscribePlanQuery.parse({ username: 'ana' }).plan_type).toBe('monthly');
  });
});
