import { formatUnread } from '@/lib/unread-count';

/**
 * A count after a navigation entry's name ('99+' beyond 99), read out as '(<label>)': nothing
 * when it is 0.
 */
export function NavBadge({
  count,
  label,
  testId,
}: {
  count: number;
  label: string;
  testId: string;
}) {
  if (count === 0) return null;
  return (
    <span
      data-testid={testId}
      className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums"
    >
      <span aria-hidden>{formatUnread(count)}</span>
      <span className="sr-only">{` (${label})`}</span>
    </span>
  );
}
