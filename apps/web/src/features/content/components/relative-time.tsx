import { useNow } from '@/lib/use-now';
import { fullDateTime, relativeTime } from '../lib/time';

/** 'há 5 minutos', kept current; the full date shows on hover. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={date} title={fullDateTime(date)} className={className}>
      {relativeTime(date, now)}
    </time>
  );
}
