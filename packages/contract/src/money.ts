// Money, the one module that converts it (docs/decisions/006-money-in-centavos.md).
// The API speaks major units as a JSON number with at most two decimals
// (29.9 = R$ 29,90); the database and every calculation use integer centavos
// (the minor unit) with their ISO 4217 currency. Pure functions, shared by the
// server and the web client.

export const DEFAULT_CURRENCY = 'BRL';

/**
 * True for a number with at most two decimals as a person writes it (29.9,
 * -1234.5): the double nearest to a whole number of centavos. Exact, so 1.005,
 * 0.001 and 0.30000000000000004 (0.1 + 0.2) are refused, and so are NaN,
 * ±Infinity, 1e309 and amounts past 2^53 centavos.
 */
export function isMajorAmount(amount: number): boolean {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return false;
  const cents = Math.round(amount * 100);
  return Number.isSafeInteger(cents) && cents / 100 === amount;
}

/** 29.9 → 2990. Throws a RangeError for anything isMajorAmount refuses. */
export function majorToCents(amount: number): number {
  if (!isMajorAmount(amount))
    throw new RangeError(`not an amount with at most two decimals: ${amount}`);
  // `+ 0` turns -0 into 0.
  return Math.round(amount * 100) + 0;
}

/** 2990 → 29.9 (a JSON number in major units). */
export function centsToMajor(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** 254150 → "R$ 2.541,50" (pt-BR, through Intl.NumberFormat; a currency with two minor digits). */
export function formatCents(cents: number, currency: string = DEFAULT_CURRENCY): string {
  assertCents(cents);
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/**
 * A price less a whole-percent discount, rounded half up to the centavo, in
 * integer arithmetic: 2990 less 15% = 2990 × 85 / 100 = 2541.5 → 2542.
 */
export function applyDiscount(cents: number, discountPercent: number): number {
  assertCents(cents);
  if (
    !Number.isInteger(discountPercent) ||
    discountPercent < DISCOUNT_PERCENT.min ||
    discountPercent > DISCOUNT_PERCENT.max
  )
    throw new RangeError(`discount must be an integer 0..100: ${discountPercent}`);
  return Math.floor((cents * (100 - discountPercent) + 50) / 100);
}

/** Plan prices: R$ 0,01 to R$ 10.000,00, in centavos. */
export const PRICE_CENTS = { min: 1, max: 1_000_000 } as const;
/** Plan discounts: whole percent. */
export const DISCOUNT_PERCENT = { min: 0, max: 100 } as const;

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centavos must be an integer: ${cents}`);
}
