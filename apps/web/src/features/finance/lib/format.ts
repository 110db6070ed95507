import { DEFAULT_CURRENCY, formatCents, majorToCents } from '@fa-clube/contract';

/**
 * How the finance screens write money and dates: amounts through the contract's money rules
 * (`majorToCents` + `formatCents`, pt-BR Intl), dates dd/mm/aaaa, months 'nov. de 2026'.
 */

/** 1234.5 -> 'R$ 1.234,50' (the sign as Intl writes it: '-R$ 45,90'). */
export const formatMoney = (major: number, currency: string = DEFAULT_CURRENCY) =>
  formatCents(majorToCents(major), currency);

/** Money in shows its '+': '+R$ 1.234,50'; money out '-R$ 45,90'. */
export const formatSignedMoney = (major: number, currency: string = DEFAULT_CURRENCY) =>
  `${major > 0 ? '+' : ''}${formatMoney(major, currency)}`;

/** '2026-11-24' -> '24/11/2026' (the calendar date as written: no time zone shifts it). */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDate;
}

const monthFormat = new Intl.DateTimeFormat('pt-BR', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortMonthFormat = new Intl.DateTimeFormat('pt-BR', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});
const monthDate = (yearMonth: string) => new Date(`${yearMonth}-01T12:00:00Z`);

/** '2026-11' -> 'nov. de 2026' (tables, screen readers). */
export const formatMonth = (yearMonth: string) => monthFormat.format(monthDate(yearMonth));

/** '2026-11' -> 'nov. 26' (chart axis). */
export const formatShortMonth = (yearMonth: string) =>
  shortMonthFormat.format(monthDate(yearMonth)).replace(' de ', ' ');

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in America/Sao_Paulo as 'YYYY-MM-DD' (the ledger's default date). */
export const todayIso = (now: Date = new Date()) => isoDay.format(now);

/** The first day of the month `months - 1` months before today's: the start of a report range. */
export function monthsAgoIso(months: number, now: Date = new Date()): string {
  const [year, month] = todayIso(now).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - (months - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** 0.4567 -> '45,7%'. */
export const formatShare = (share: number) =>
  share.toLocaleString('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

/** 1536 -> '1,5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(kb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}
