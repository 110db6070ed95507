/**
 * Amounts as the Pix formats write them: BR Code field 54 and API Pix
 * `valor.original` carry "29.90". Converting API amounts is the contract's
 * money.ts; this is only the Pix text form.
 */

/** 2990 -> "29.90". */
export function centsToDecimalString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centavos must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "29.90" / "29.9" / "29" / "29." -> 2990; null when the text is not a plain
 * non-negative decimal with at most two decimals.
 */
export function decimalStringToCents(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
