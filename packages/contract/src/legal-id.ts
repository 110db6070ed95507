// CPF and CNPJ checks (numeric and alphanumeric), without zod: the Pix key's checks and the
// LegalId schema (./documents.ts) use them, and a web page can without loading zod
// (docs/decisions/036-web-first-load.md). Pure functions, no Node or browser APIs.

/** Punctuation people type in CPFs and CNPJs: dots, dashes, slashes, spaces. */
const PUNCTUATION = /[\s.\-/]/g;

/** Without punctuation and in upper case: the form CPFs and CNPJs are stored in. */
export const stripDocument = (input: string) => input.replace(PUNCTUATION, '').toUpperCase();

/**
 * Modulo-11 check digit over `chars` with `weights`. A character is worth its
 * ASCII code minus 48: '0'..'9' are 0..9 and 'A'..'Z' are 17..42, the rule the
 * Receita Federal set for the alphanumeric CNPJ (IN RFB 2.229/2024, Nota
 * Técnica Conjunta COCAD/SUARA/RFB 49/2024), which leaves numeric CPFs and
 * CNPJs unchanged.
 */
function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** 11 digits with both check digits right; '111.111.111-11' and the like are refused. */
export function isValidCpf(input: string): boolean {
  const d = stripDocument(input);
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  return (
    checkDigit(d, CPF_WEIGHTS_1) === Number(d[9]) && checkDigit(d, CPF_WEIGHTS_2) === Number(d[10])
  );
}

/**
 * 14 characters: 12 of 0-9/A-Z (the alphanumeric CNPJ, issued from July 2026;
 * numeric CNPJs stay valid) and 2 numeric check digits. Letters may be typed
 * in lower case. All-equal sequences are refused.
 */
export function isValidCnpj(input: string): boolean {
  const d = stripDocument(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(d) || /^(.)\1{13}$/.test(d)) return false;
  return (
    checkDigit(d, CNPJ_WEIGHTS_1) === Number(d[12]) &&
    checkDigit(d, CNPJ_WEIGHTS_2) === Number(d[13])
  );
}

export type LegalIdKind = 'cpf' | 'cnpj';
export type LegalIdCheck =
  { ok: true; kind: LegalIdKind; value: string } | { ok: false; message: string };

/** A CPF (11 characters) or CNPJ (14), checked and without punctuation. */
export function normalizeLegalId(input: string): LegalIdCheck {
  const value = stripDocument(input.trim());
  if (value.length === 11) {
    return isValidCpf(value)
      ? { ok: true, kind: 'cpf', value }
      : { ok: false, message: 'CPF inválido: confira os dígitos.' };
  }
  if (value.length === 14) {
    return isValidCnpj(value)
      ? { ok: true, kind: 'cnpj', value }
      : { ok: false, message: 'CNPJ inválido: confira os caracteres e os dígitos verificadores.' };
  }
  return {
    ok: false,
    message: 'Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres), com ou sem pontuação.',
  };
}

/** What kind of document a stored (normalised) legal id is. */
export const legalIdKind = (value: string): LegalIdKind => (value.length === 11 ? 'cpf' : 'cnpj');
