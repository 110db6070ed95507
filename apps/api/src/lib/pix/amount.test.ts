import { describe, expect, it } from 'vitest';
import { centsToDecimalString, decimalStringToCents } from './amount';

describe('Pix amounts', () => {
  it('writes centavos as the BR Code / API Pix decimal text', () => {
    expect(centsToDecimalString(2990)).toBe('29.90');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(1_000_000)).toBe('10000.00');
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
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
});
