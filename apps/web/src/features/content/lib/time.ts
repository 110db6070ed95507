import { formatDistance } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { t } from '@/i18n/content';

/** 'há 5 minutos', 'há cerca de 2 horas', 'há 3 dias' (spec: relative times in pt-BR). */
export function relativeTime(date: Date | string, now: Date | number = Date.now()): string {
  const when = typeof date === 'string' ? new Date(date) : date;
  const at = typeof now === 'number' ? new Date(now) : now;
  // a clock a little ahead of the server's must not say 'em menos de um minuto'
  if (at.getTime() - when.getTime() < 45_000) return t.content.time.justNow;
  return formatDistance(when, at, { addSuffix: true, locale: ptBR });
}

/** '12 de maio de 2026 às 14:05', for the title of a relative time. */
export function fullDateTime(date: Date | string): string {
  const when = typeof date === 'string' ? new Date(date) : date;
  return when.toLocaleString('pt-BR', { dateStyle: 'long', timeStyle: 'short' });
}
