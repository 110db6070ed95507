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
//
// The CPF/CNPJ checks themselves are in ./legal-id.ts, without zod: the web client's pages use
// them (the Pix key) without loading zod (docs/decisions/036-web-first-load.md).
import { z } from 'zod';
import { ISO_DATE, isIsoDate, isLeapYear, todayIn } from './dates';
import { normalizeLegalId } from './legal-id';

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
