const DAY_MS = 86_400_000;
/** Within this many days an active subscription reads 'Vence em N dias'. */
export const ENDING_SOON_DAYS = 7;

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** '24/11/2026' */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** '24/11/26, 14:30' */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export type SubscriptionStanding =
  | { kind: 'active' }
  | { kind: 'ending'; days: number }
  | { kind: 'expired' }
  | { kind: 'cancelled' };

/** ativa, vence em N dias (the last week), expirada, or ended by the person. */
export function standingOf(
  sub: { status: string; current_period_end: string },
  now: number,
): SubscriptionStanding {
  const left = Date.parse(sub.current_period_end) - now;
  if (sub.status === 'cancelled') return { kind: 'cancelled' };
  if (sub.status !== 'active' || left <= 0) return { kind: 'expired' };
  const days = Math.ceil(left / DAY_MS);
  return days <= ENDING_SOON_DAYS ? { kind: 'ending', days } : { kind: 'active' };
}
