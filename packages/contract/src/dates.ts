// Without zod: the business time zone and today's date in it, for the web client's first load
// (docs/decisions/036-web-first-load.md).

export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';
/** The calendar date at `now` in `timeZone`, as 'YYYY-MM-DD'. */
export function todayIn(timeZone = BUSINESS_TIME_ZONE, now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 'YYYY-MM-DD', its year, month and day captured. */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** A real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}
