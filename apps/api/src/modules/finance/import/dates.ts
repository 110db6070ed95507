import { DATE_MAX, DATE_MIN } from '@fa-clube/contract';
import { parsed, quoteCell, refused } from './types';
import type { Parsed } from './types';

/** dd/mm/yyyy or dd/mm/yy (also with - or .), optionally followed by a time. */
const BRAZILIAN = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
/** yyyy-mm-dd, optionally with an ISO time and zone. */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/**
 * OFX: YYYYMMDD[HHMM[SS[.XXX]]][[offset[:TZ]]], e.g. 20241015, 20241015120000,
 * 20241015120000[-3:BRT], 20241015120000.000[-03:EST].
 */
const OFX =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,3})?)?)?\s*(?:\[\s*[+-]?\d{1,2}(?:\.\d+)?(?::[A-Za-z]{1,8})?\s*\])?$/;

/**
 * A bank file's date to `YYYY-MM-DD`. The date is the one the bank wrote: an
 * OFX time zone is not applied, since moving 20241015000000[-3:BRT] to UTC
 * would book the row on another day than the statement shows (and change its
 * de-duplication key). Dates that do not exist (30/02) are refused.
 */
export function parseDate(input: string): Parsed<string> {
  const text = input.trim();
  if (!text) return refused('Data em branco.');
  let year: number;
  let month: number;
  let day: number;
  let m = BRAZILIAN.exec(text);
  if (m) {
    day = Number(m[1]);
    month = Number(m[2]);
    year = Number(m[3]);
    if (m[3]!.length === 2) year += year < 70 ? 2000 : 1900;
  } else if ((m = ISO.exec(text) ?? OFX.exec(text))) {
    year = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
    const [hour, minute, second] = [m[4], m[5], m[6]].map((v) => Number(v ?? 0));
    if (hour! > 23 || minute! > 59 || second! > 59) return invalidDate(input);
  } else {
    return invalidDate(input);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return invalidDate(input);
  const iso = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  if (iso < DATE_MIN || iso > DATE_MAX)
    return refused(`Data fora do intervalo de 1900 a 2100: ${quoteCell(input)}.`);
  return parsed(iso);
}

const pad = (n: number) => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const invalidDate = (input: string) => refused<string>(`Data inválida: ${quoteCell(input)}.`);
