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
