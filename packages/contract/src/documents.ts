// Brazilian identity rules shared by the server and the web client: CPF, CNPJ
// (numeric and alphanumeric), ISO 3166-1 alpha-2 countries, dates of birth and
// the 18+ rule. Pure functions, no Node or browser APIs.
//
//   normalizeLegalId(input)      '12.ABC.345/01DE-35' -> { ok, kind: 'cnpj', value: '12ABC34501DE35' }
//   isValidCpf / isValidCnpj     with or without punctuation
//   isCountryCode('BR')          ISO 3166-1 alpha-2, upper case
//   isAdult(dob, today)          'YYYY-MM-DD' strings; 29 February handled
//   todayIn(timeZone, now?)      the calendar date in a time zone, 'YYYY-MM-DD'
//   LegalId, CountryCode, DateOfBirth   zod schemas (normalise and validate)
import { z } from 'zod';
import { todayIn } from './dates';

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

/** CPF or CNPJ: accepted with or without punctuation, answered without it. */
export const LegalId = z
  .string({ message: 'Informe o CPF ou o CNPJ.' })
  .max(40, 'Informe um CPF ou um CNPJ.')
  .transform((input, ctx) => {
    const check = normalizeLegalId(input);
    if (check.ok) return check.value;
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  });

// ---- Countries --------------------------------------------------------------

export const DEFAULT_COUNTRY = 'BR';

/**
 * ISO 3166-1 alpha-2: the list i18n-iso-countries keeps (a test checks they
 * agree; it also carries XK, the code Kosovo's documents use). Written out so
 * the web bundle does not carry the library. Names: Intl.DisplayNames.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

export const isCountryCode = (code: string) => COUNTRY_SET.has(code);

/** Two letters, any case, answered in upper case. */
export const CountryCode = z
  .string({ message: 'Informe o país.' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'País inválido: use o código ISO 3166-1 de duas letras, como BR.');

// ---- Dates of birth and age --------------------------------------------------

export const ADULT_AGE = 18;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** A real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/**
 * The date someone born on `dateOfBirth` turns `years` old. Someone born on
 * 29 February turns it on 1 March in a common year: the Código Civil (art.
 * 132, § 3º) ends a period of years on the same day number, or on the next day
 * when that day does not exist.
 */
export function anniversary(dateOfBirth: string, years: number): string {
  const m = ISO_DATE.exec(dateOfBirth);
  if (!m || !isIsoDate(dateOfBirth)) throw new RangeError(`invalid date ${dateOfBirth}`);
  const year = String(Number(m[1]) + years).padStart(4, '0');
  if (m[2] === '02' && m[3] === '29' && !isLeapYear(Number(year))) return `${year}-03-01`;
  return `${year}-${m[2]}-${m[3]}`;
}

/** True from the 18th birthday on. Both dates are 'YYYY-MM-DD' (compare as strings). */
export function isAdult(dateOfBirth: string, today: string): boolean {
  if (!isIsoDate(today)) throw new RangeError(`invalid date ${today}`);
  return anniversary(dateOfBirth, ADULT_AGE) <= today;
}

/** 'YYYY-MM-DD', a real date after 1900-01-01 and before today (São Paulo time). */
export const DateOfBirth = z
  .string({ message: 'Informe a data de nascimento.' })
  .trim()
  .refine(isIsoDate, 'Data de nascimento inválida: use AAAA-MM-DD.')
  .refine((v) => v >= '1900-01-01', 'Data de nascimento inválida.')
  .refine((v) => v < todayIn(), 'A data de nascimento deve estar no passado.');
