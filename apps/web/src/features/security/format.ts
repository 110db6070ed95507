import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import type { LoginActivity } from '@fa-clube/contract';
import { t } from './strings';

/** 'Sem Localização' without a country; otherwise 'country, city (state)'. */
export function formatLocation(
  activity: Pick<LoginActivity, 'country' | 'city' | 'state'>,
): string {
  if (!activity.country) return t.security.noLocation;
  const place = [activity.country, activity.city].filter(Boolean).join(', ');
  return activity.state ? `${place} (${activity.state})` : place;
}

/** pt-BR dd/mm/yy hh:mm, 24-hour, in the browser's time zone. */
export function formatActivityDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, 'dd/MM/yy HH:mm', { locale: ptBR });
}

/** "Chrome · Linux" with the device class in words. */
export function formatDevice(
  activity: Pick<LoginActivity, 'device_type' | 'device_name' | 'browser'>,
): { primary: string; secondary: string } {
  const type = t.security.deviceTypes[activity.device_type] ?? t.security.deviceTypes.other!;
  const parts = [activity.browser, activity.device_name].filter(Boolean) as string[];
  return { primary: type, secondary: parts.join(' · ') };
}
