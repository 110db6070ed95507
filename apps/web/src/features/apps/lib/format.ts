import { BUSINESS_TIME_ZONE, todayIn } from '@fa-clube/contract';

/** '52998224725' -> '529.982.247-25'; a CNPJ -> '12.ABC.345/01DE-35'. */
export function formatLegalId(value: string): string {
  if (value.length === 11) return value.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (value.length === 14)
    return value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export const formatIsoDate = (value: string) => value.split('-').reverse().join('/');

/** Whole years from `dateOfBirth` to today (São Paulo). */
export function ageOn(dateOfBirth: string, today = todayIn(BUSINESS_TIME_ZONE)): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
