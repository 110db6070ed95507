import { t } from '@/i18n/pt-BR';
import { useChargesWaitingCount, useUnreadCount } from '@/lib/unread-count';
import { NavBadge } from './nav-badge';

/**
 * The 'Mensagens' entry's badge: how many conversations have unread messages, read out as
 * '(3 conversas não lidas)' after the entry's name.
 */
export function UnreadMessagesBadge() {
  const count = useUnreadCount();
  return <NavBadge count={count} label={t.nav.unreadChats(count)} testId="unread-badge" />;
}

/** The 'Assinantes' entry's badge: how many Pix wait for the owner's confirmation (issue 34). */
export function ChargesWaitingBadge() {
  const count = useChargesWaitingCount();
  return (
    <NavBadge count={count} label={t.nav.chargesWaiting(count)} testId="charges-waiting-badge" />
  );
}
