import { PLAN_VALUE_MAX } from '@fa-clube/contract';
import { formatCents } from '@/lib/money';

export const MAX_PLAN_CENTS = PLAN_VALUE_MAX * 100;

/** '2990' -> 'R$ 29,90' while typing; '' when nothing was typed. */
export function formatPriceInput(cents: number): string {
  return cents > 0 ? formatCents(cents) : '';
}

/** Reads the discount box: digits only, capped at 100; '' stays empty. */
export function parseDiscountInput(text: string): string {
  const d = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 3);
  if (!d) return '';
  return String(Math.min(100, Number(d)));
}
