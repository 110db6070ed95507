/** Masks for numbers people type with punctuation (CPF, CNPJ, phone), shared by the forms. */

/** The digits of `input`, nothing else. */
export const onlyDigits = (input: string) => input.replace(/\D/g, '');

/** Fills `pattern` ('#' = a digit) with the digits typed so far, stopping at the last one. */
export function maskDigits(value: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= value.length) break;
    if (ch === '#') out += value[i++];
    else out += ch;
  }
  return out;
}

/** '529.982.247-25' as it is typed (at most 11 digits). */
export const maskCpf = (input: string) =>
  maskDigits(onlyDigits(input).slice(0, 11), '###.###.###-##');
