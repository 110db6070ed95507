/**
 * Money: the API speaks reais as a JSON number with at most two decimals
 * (29.9 = R$ 29,90); the database and every calculation use integer centavos.
 * This is the only module that converts between the two (docs/decisions).
 */

/** Highest plan price accepted: R$ 10.000,00. */
export const MAX_PRICE_CENTS = 1_000_000;

/** 29.9 -> 2990. Throws when the number has more than two decimals or is not finite. */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`not a finite amount: ${reais}`);
  const cents = Math.round(reais * 100);
  if (Math.abs(cents - reais * 100) > 1e-6)
    throw new RangeError(`more than two decimals: ${reais}`);
  return cents;
}

/** 2990 -> 29.9 (a JSON number in reais). */
export function centsToReais(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** 2990 -> "29.90": the BR Code (field 54) and API Pix `valor.original` format. */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "29.90" / "29.9" / "29" / "29." -> 2990; null when the text is not a plain
 * non-negative decimal with at most two decimals (API Pix `valor`, BR Code field 54).
 */
export function decimalStringToCents(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Price less a whole-percent discount, rounded half up to the centavo, in
 * integer arithmetic: 2990 less 15% = 2990 * 85 / 100 = 2541.5 -> 2542.
 */
export function applyDiscount(cents: number, discountPercent: number): number {
  assertCents(cents);
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100)
    throw new RangeError(`discount must be an integer 0..100: ${discountPercent}`);
  return Math.floor((cents * (100 - discountPercent) + 50) / 100);
}

/** 254150 -> "R$ 2.541,50" (for e-mails and exports). */
export function formatBRL(cents: number): string {
  assertCents(cents);
  const [int, dec] = centsToDecimalString(Math.abs(cents)).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$ ${grouped},${dec}`;
}

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centavos must be an integer: ${cents}`);
}
