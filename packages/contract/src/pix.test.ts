import { describe, expect, it } from 'vitest';
import { normalizePixKey } from './pix';

describe('Pix key validation', () => {
  it.each([
    ['cpf', '529.982.247-25', '52998224725'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['cnpj', '12.abc.345/01de-35', '12ABC34501DE35'],
    ['email', ' Ana.Maria@Example.COM.br ', 'ana.maria@example.com.br'],
    ['phone', '+55 (11) 98765-4321', '+5511987654321'],
    ['phone', '(21) 3456-7890', '+552134567890'],
    ['random', 'D3C1E5B8-3F6A-4B2C-9D1E-7A8B9C0D1E2F', 'd3c1e5b8-3f6a-4b2c-9d1e-7a8b9c0d1e2f'],
  ] as const)('accepts a %s key and normalizes it', (type, input, key) => {
    expect(normalizePixKey(type, input)).toEqual({ ok: true, key });
  });

  it.each([
    ['cpf', '123.456.789-00'],
    ['cpf', '11111111111'],
    ['cnpj', '11.222.333/0001-82'],
    ['email', 'sem-arroba.com'],
    ['email', `${'a'.repeat(70)}@example.com`],
    ['phone', '+1 415 555 0100'],
    ['phone', '+55 (01) 98765-4321'],
    ['phone', '+55 11 8765-432'],
    ['random', '123e4567-e12b-12d1-a456-426655440000'],
    ['random', 'not-a-uuid'],
  ] as const)('refuses an invalid %s key %s', (type, input) => {
    expect(normalizePixKey(type, input).ok).toBe(false);
  });
});
