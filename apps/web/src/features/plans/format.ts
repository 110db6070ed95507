import { DISCOUNT_PERCENT, PRICE_CENTS } from '@fa-clube/contract';

/** The highest price the form takes, in centavos (the contract's limit). */
export const MAX_PLAN_CENTS = PRICE_CENTS.max;

/** Reads the discount box: digits only, capped at 100; '' stays empty. */
export function parseDiscountInput(text: string): string {
  const d = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 3);
  if (!d) return '';
  return String(Math.min(DISCOUNT_PERCENT.max, Number(d)));
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** '24/11/2026' */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
