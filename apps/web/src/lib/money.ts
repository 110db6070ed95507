/**
 * Money on the client. The API speaks reais as a JSON number with at most two decimals
 * (29.9 = R$ 29,90); every calculation here is done in integer centavos, like the server
 * (apps/api/src/lib/money.ts), so the preview always equals what the payer is charged.
 */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 29.9 -> 2990. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** 2990 -> 29.9 (what the API expects: a number with at most two decimals). */
export function centsToReais(cents: number): number {
  return Math.round(cents) / 100;
}

/** 123456 -> 'R$ 1.234,56' (pt-BR; a no-break space after R$). */
export function formatCents(cents: number): string {
  return brl.format(centsToReais(cents));
}

/** 1234.56 -> 'R$ 1.234,56'. */
export function formatReais(reais: number): string {
  return formatCents(reaisToCents(reais));
}

/**
 * Price less a whole-percent discount, rounded half up to the centavo, in integer arithmetic
 * (the server's rule): 2990 less 15% = 2541.5 -> 2542.
 */
export function applyDiscount(cents: number, discountPercent: number): number {
  const d = Math.min(100, Math.max(0, Math.trunc(discountPercent)));
  return Math.floor((cents * (100 - d) + 50) / 100);
}

/**
 * Reads a money input typed as digits that fill from the right ('2', '29', '299', '2990' ->
 * R$ 29,90): every non-digit is ignored and the result is capped at `maxCents`.
 */
export function parseCentsInput(text: string, maxCents = Number.MAX_SAFE_INTEGER): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, 15);
  if (!digits) return 0;
  return Math.min(Number(digits), maxCents);
}
