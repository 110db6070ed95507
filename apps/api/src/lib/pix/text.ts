/**
 * Text for the BR Code: the Manual asks for the EMV character set, so accents
 * are stripped and case is kept ("São Paulo" -> "Sao Paulo"). Anything that is
 * still outside printable ASCII after folding is dropped, and runs of spaces
 * collapse to one.
 */
export function foldText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Printable ASCII only: what an EMV field may carry. */
export const isBrCodeText = (value: string) => /^[\x20-\x7E]*$/.test(value);
