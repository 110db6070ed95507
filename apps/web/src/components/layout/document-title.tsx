import { t } from '@/i18n/pt-BR';
import { formatUnread, useUnreadCount } from '@/lib/unread-count';

/**
 * The browser tab's title, '<title> · Fã Clube' (React hoists it into <head>), led by the number
 * of conversations with unread messages when there are any: '(3) Mensagens · Fã Clube'.
 */
export function DocumentTitle({ title }: { title: string }) {
  const unread = useUnreadCount();
  const count = unread > 0 ? `(${formatUnread(unread)}) ` : '';
  return <title>{`${count}${title} · ${t.brand.name}`}</title>;
}
