import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  centsToDecimalString,
  centsToReais,
  decimalStringToCents,
  formatBRL,
  reaisToCents,
} from './money';

describe('money', () => {
  it('converts reais to centavos and back without float drift', () => {
    expect(reaisToCents(29.9)).toBe(2990);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(10000)).toBe(1_000_000);
    expect(() => reaisToCents(1.005)).toThrow(RangeError);
    expect(centsToReais(2990)).toBe(29.9);
    expect(centsToDecimalString(2990)).toBe('29.90');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(1_000_000)).toBe('10000.00');
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

  it('parses API Pix / BR Code decimal amounts', () => {
    expect(decimalStringToCents('29.90')).toBe(2990);
    expect(decimalStringToCents('29.9')).toBe(2990);
    expect(decimalStringToCents('29')).toBe(2900);
    expect(decimalStringToCents('10.')).toBe(1000);
    expect(decimalStringToCents('29.901')).toBeNull();
    expect(decimalStringToCents('-1.00')).toBeNull();
    expect(decimalStringToCents('1,00')).toBeNull();
  });

  it('formats pt-BR currency', () => {
    expect(formatBRL(254150)).toBe('R$ 2.541,50');
    expect(formatBRL(2990)).toBe('R$ 29,90');
  });
});
