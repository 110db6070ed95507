import { t } from '@/i18n/pt-BR';
import { formatUnread, useUnreadCount } from '@/lib/unread-count';

/**
 * The 'Mensagens' entry's badge: how many conversations have unread messages ('99+' beyond 99),
 * read out as '(3 conversas não lidas)' after the entry's name. Nothing when there are none.
 */
export function UnreadMessagesBadge() {
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums"
    >
      <span aria-hidden>{formatUnread(count)}</span>
      <span className="sr-only">{` (${t.nav.unreadChats(count)})`}</span>
    </span>
  );
}
