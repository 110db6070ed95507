// Calendar arithmetic on 'YYYY-MM-DD' strings (UTC, no time zone involved):
// the months of a report and how a date range splits into whole months (read
// from the maintained figures) and the partial months at its edges (read from
// the transactions themselves).

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (d: Date) => d.toISOString().slice(0, 10);

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `months` after (or before) the month of `day`. */
export function addMonths(day: string, months: number): string {
  const d = toDate(monthStart(day));
  d.setUTCMonth(d.getUTCMonth() + months);
  return toDay(d);
}

export function addDays(day: string, days: number): string {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + days);
  return toDay(d);
}

/** The last day of the month of `day`. */
export const monthEnd = (day: string) => addDays(addMonths(day, 1), -1);

/** 'YYYY-MM' of every month from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) months.push(m.slice(0, 7));
  return months;
}

export interface DateRange {
  from: string;
  to: string;
}

export interface RangeSplit {
  /** Whole months to read from the figures: month >= from and month < before (first days). */
  months: { from?: string; before?: string } | null;
  /** Inclusive date ranges to read from the transactions (partial months at the edges). */
  days: DateRange[];
}

/**
 * Splits `[from, to]` (either side open) into whole months and partial edges:
 * 2024-01-15..2024-04-10 is 2024-01-15..2024-01-31 and 2024-04-01..2024-04-10
 * from the rows, February and March from the figures.
 */
export function splitRange(from?: string, to?: string): RangeSplit {
  const firstWhole = from && from.slice(8) !== '01' ? addMonths(from, 1) : from;
  const afterWhole = to ? monthStart(addDays(to, 1)) : undefined;
  if (from && to && firstWhole! >= afterWhole!) return { months: null, days: [{ from, to }] };
  const days: DateRange[] = [];
  if (from && firstWhole !== from) days.push({ from, to: addDays(firstWhole!, -1) });
  if (to && afterWhole! <= to) days.push({ from: afterWhole!, to });
  return { months: { from: firstWhole, before: afterWhole }, days };
}
