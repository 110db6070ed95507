import { describe, expect, it } from 'vitest';
import { Money } from './common';
import {
  applyDiscount,
  centsToMajor,
  formatCents,
  isMajorAmount,
  majorToCents,
  PRICE_CENTS,
} from './money';
import { PLAN_VALUE_MAX } from './plans';

describe('money', () => {
  it('converts major units to centavos and back without float drift', () => {
    expect(majorToCents(29.9)).toBe(2990);
    expect(majorToCents(0.3)).toBe(30);
    expect(majorToCents(21474836.47)).toBe(2147483647);
    expect(majorToCents(10000)).toBe(1_000_000);
    expect(majorToCents(-12.34)).toBe(-1234);
    expect(Object.is(majorToCents(-0), 0)).toBe(true);
    expect(centsToMajor(2990)).toBe(29.9);
    expect(centsToMajor(-5)).toBe(-0.05);
  });

  it.each([NaN, Infinity, -Infinity, Number('1e309'), 1.005, 0.001, 29.999, 0.1 + 0.2, 2 ** 53])(
    'refuses %s',
    (amount) => {
      expect(isMajorAmount(amount)).toBe(false);
      expect(() => majorToCents(amount)).toThrow(RangeError);
      expect(Money.safeParse(amount).success).toBe(false);
    },
  );

  it('accepts the API amounts the Money schema accepts', () => {
    for (const amount of [0, 0.01, 29.9, 10_000, -1234.56]) {
      expect(isMajorAmount(amount)).toBe(true);
      expect(Money.parse(amount)).toBe(amount);
    }
    expect(() => centsToMajor(1.5)).toThrow(RangeError);
  });

  it.each([
    [2990, 15, 2542], // 2541.5 rounds half up
    [2990, 0, 2990],
    [2990, 100, 0],
    [1000, 33, 670],
    [999, 50, 500], // 499.5 -> 500
    [1, 50, 1], // 0.5 -> 1
    [8990, 10, 8091],
    [1_000_000, 1, 990_000],
  ])('%i centavos less %i%% = %i', (cents, discount, expected) => {
    expect(applyDiscount(cents, discount)).toBe(expected);
  });

  it('refuses discounts outside whole 0..100', () => {
    for (const d of [-1, 101, 2.5]) expect(() => applyDiscount(1000, d)).toThrow(RangeError);
  });

  it('formats with Intl in pt-BR (non-breaking space after the symbol)', () => {
    expect(formatCents(254150)).toBe('R$\u00a02.541,50');
    expect(formatCents(2990, 'BRL')).toBe('R$\u00a029,90');
    expect(formatCents(-1000)).toBe('-R$\u00a010,00');
    expect(formatCents(123456, 'USD')).toBe('US$\u00a01.234,56');
  });

  it('derives the plan maximum from the price limit', () => {
    expect(PRICE_CENTS).toEqual({ min: 1, max: 1_000_000 });
    expect(PLAN_VALUE_MAX).toBe(10_000);
  });
});
