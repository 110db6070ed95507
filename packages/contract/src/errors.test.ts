import { describe, expect, it } from 'vitest';
import { composeErrors, defineErrors } from './errors';
import { ERRORS, type ErrorCode } from './index';

describe('error catalogue', () => {
  it('gives every code one error status and a pt-BR message', () => {
    const codes = Object.keys(ERRORS) as ErrorCode[];
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
      expect(ERRORS[code].message.length).toBeGreaterThan(3);
    }
    expect(ERRORS.TWO_FACTOR_REQUIRED.status).toBe(401);
    expect(ERRORS.TWO_FACTOR_REQUIRED.message).toContain('2FA Required');
    expect(ERRORS.FILE_NOT_FOUND.status).toBe(404);
  });

  it('refuses a code declared by two domains, and codes not in UPPER_SNAKE_CASE', () => {
    const a = defineErrors({ SAME_CODE: { status: 400, message: 'Um.' } });
    const b = defineErrors({ SAME_CODE: { status: 409, message: 'Dois.' } });
    expect(() => composeErrors(a, b)).toThrow('SAME_CODE is declared twice');
    expect(() => defineErrors({ notUpper: { status: 400, message: 'x' } })).toThrow(
      'UPPER_SNAKE_CASE',
    );
  });
});
