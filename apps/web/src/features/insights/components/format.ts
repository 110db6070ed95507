import { formatCents, majorToCents } from '@fa-clube/contract';

/** 1234.5 → 'R$ 1.234,50'. */
export const money = (major: number) => formatCents(majorToCents(major), 'BRL');

const compactMoney = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});
/** The charts' axis: 'R$ 1,2 mil'. */
export const axisMoney = (major: number) => compactMoney.format(major);

const longMonth = new Intl.DateTimeFormat('pt-BR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortMonth = new Intl.DateTimeFormat('pt-BR', {
  month: 'short',
  timeZone: 'UTC',
});
const at = (month: string) => new Date(`${month}-01T12:00:00Z`);
/** '2026-11' → 'novembro de 2026'. */
export const formatMonth = (month: string) => longMonth.format(at(month));
/** '2026-11' → 'nov.'. */
export const formatShortMonth = (month: string) => shortMonth.format(at(month));

/** 0.0667 → '6,7 %'. */
export const percent = (rate: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(rate);
