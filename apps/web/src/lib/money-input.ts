import { formatCents } from '@fa-clube/contract';

/**
 * A money input typed as digits that fill from the right ('2', '29', '299', '2990' ->
 * R$ 29,90), shared by the plan prices and the finance forms.
 */

/** Reads the typed text: every non-digit is ignored and the result is capped at `maxCents`. */
export function parseCentsInput(text: string, maxCents = Number.MAX_SAFE_INTEGER): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, 15);
  if (!digits) return 0;
  return Math.min(Number(digits), maxCents);
}

/** 2990 -> 'R$ 29,90' while typing (-2990 -> '-R$ 29,90'); '' when nothing was typed. */
export function formatCentsInput(cents: number, currency?: string): string {
  return cents !== 0 ? formatCents(cents, currency) : '';
}
