import { describe, expect, it } from 'vitest';
import { importKeys } from './dedupe';

const coffee = {
  date: '2024-10-01',
  amountCents: -850,
  externalId: null,
  label: 'Compra no débito - CAFÉ DO PONTO',
  description: null,
};

describe('importKeys', () => {
  it('keeps two identical coffees on one day as two rows', () => {
    const [a, b] = importKeys([coffee, coffee]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^txt:[0-9a-f]{40}$/);
  });

  it('gives the same keys when the same rows are read again', () => {
    expect(importKeys([coffee, coffee])).toEqual(importKeys([coffee, coffee]));
  });

  it('ignores case, accents, spacing and punctuation of the description', () => {
    const [same] = importKeys([{ ...coffee, label: 'compra no debito  CAFE DO PONTO' }]);
    expect(same).toBe(importKeys([coffee])[0]);
  });

  it('tells rows apart by date, amount and description', () => {
    const keys = importKeys([
      coffee,
      { ...coffee, date: '2024-10-02' },
      { ...coffee, amountCents: -851 },
      { ...coffee, label: 'Compra no débito - PADARIA' },
    ]);
    expect(new Set(keys).size).toBe(4);
  });

  it("uses the bank's id with date and amount, whatever the description says", () => {
    const row = { ...coffee, externalId: '66fb8e1a-0001' };
    const [withId] = importKeys([row]);
    expect(withId).toMatch(/^ext:/);
    expect(importKeys([{ ...row, label: 'outro texto' }])[0]).toBe(withId);
    expect(importKeys([{ ...row, amountCents: -900 }])[0]).not.toBe(withId);
  });

  it('keeps both rows of a FITID repeated within a file', () => {
    const fee = { ...coffee, externalId: '20241003002', amountCents: -50, label: 'TAR PIX' };
    const keys = importKeys([fee, fee, { ...fee, amountCents: -8000 }]);
    expect(new Set(keys).size).toBe(3);
  });
});
