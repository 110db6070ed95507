import { PUBLISH_AT_MAX_DAYS } from '@fa-clube/contract';
import { t } from '@/i18n/content';

/**
 * Scheduled posts (issue 35): the composer's 'Agendar' takes a date and a time in São Paulo,
 * which has kept UTC−3 all year since 2019 (no daylight saving), so the time is sent as ISO
 * 8601 with the -03:00 offset the API expects.
 */
const SAO_PAULO_OFFSET = '-03:00';
const TZ = 'America/Sao_Paulo';

/** 'YYYY-MM-DD' and 'HH:MM' in São Paulo → ISO 8601 with offset, or null when incomplete. */
export function saoPauloToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const iso = `${date}T${time}:00${SAO_PAULO_OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant as São Paulo's date and time fields ('YYYY-MM-DD', 'HH:MM'), for the inputs. */
export function isoToSaoPaulo(at: Date | string): { date: string; time: string } {
  const when = new Date(new Date(at).getTime() - 3 * 3600_000);
  const iso = when.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Why the chosen time cannot be used (pt-BR), or null: in the future, within a year. */
export function scheduleError(iso: string | null, now: number = Date.now()): string | null {
  if (!iso) return t.content.schedule.incomplete;
  const at = Date.parse(iso);
  if (at <= now) return t.content.schedule.past;
  if (at > now + PUBLISH_AT_MAX_DAYS * 86_400_000) return t.content.schedule.tooFar;
  return null;
}

/** '24/12/2026 às 18:00' in São Paulo. */
export function scheduledAt(at: Date | string): string {
  const when = new Date(at);
  const day = when.toLocaleDateString('pt-BR', { timeZone: TZ });
  const time = when.toLocaleTimeString('pt-BR', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${day} às ${time}`;
}

/** A default for a new schedule: tomorrow at 09:00 in São Paulo. */
export function defaultSchedule(now: number = Date.now()): { date: string; time: string } {
  return { date: isoToSaoPaulo(new Date(now + 86_400_000)).date, time: '09:00' };
}
