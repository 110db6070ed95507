import { BellOff } from 'lucide-react';
import { Link } from 'react-router';
import type { Chat } from '@fa-clube/contract';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonIdentity } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { fullDateTime, listTime, oneLine } from '../lib/messages';
import { t } from '../strings';
import { counterpart } from '../lib/counterpart';

/** Rows that stand in for the conversations while the first page loads. */
export function ChatListSkeleton() {
  return (
    <ul className="grid gap-1 px-2" aria-busy="true" aria-label={t.common.loading}>
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="px-3 py-3">
          <SkeletonIdentity avatar="size-11" lines={['h-3.5 w-2/5', 'h-3 w-4/5']} />
        </li>
      ))}
    </ul>
  );
}

interface ChatListProps {
  chats: Chat[];
  viewer: string | null;
  /** The side these are seen from: the fan sees the creator, the team sees the fan. */
  side: 'fan' | 'creator';
  activeChatId?: string;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onMore: () => void;
}

/** The conversations, most recent activity first, and 'Carregar mais' while there are more. */
export function ChatList({
  chats,
  viewer,
  side,
  activeChatId,
  hasMore,
  loadingMore,
  moreFailed,
  onMore,
}: ChatListProps) {
  const now = useNow();
  return (
    <div className="grid grid-cols-1 gap-2 pb-4">
      <ul className="grid grid-cols-1 gap-0.5 px-2" aria-label={t.chat.listLabel}>
        {chats.map((chat) => (
          <li key={chat.id} className="min-w-0">
            <ChatRow
              chat={chat}
              viewer={viewer}
              side={side}
              active={chat.id === activeChatId}
              now={now}
            />
          </li>
        ))}
      </ul>
      {moreFailed ? (
        <div className="px-4">
          <LoadError message={t.chat.loadError} onRetry={onMore} />
        </div>
      ) : hasMore ? (
        <div className="flex justify-center px-4">
          <Button variant="outline" size="sm" loading={loadingMore} onClick={onMore}>
            {t.common.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ChatRow({
  chat,
  viewer,
  side,
  active,
  now,
}: {
  chat: Chat;
  viewer: string | null;
  side: 'fan' | 'creator';
  active: boolean;
  now: number;
}) {
  const other = counterpart(chat, side);
  const last = chat.last_message;
  const mine = last?.sender.id != null && last.sender.id === viewer;
  const unread = chat.unread > 0;
  return (
    <Link
      to={`/messages/${chat.workspace.id}/${chat.id}`}
      aria-current={active ? 'page' : undefined}
      data-testid="chat-row"
      className={cn(
        'flex items-center gap-3 rounded-lg px-3 py-2.5 outline-none transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active && 'bg-accent hover:bg-accent',
      )}
    >
      <Avatar src={other.avatarUrl} name={other.name} alt="" className="size-11 text-base" />
      {/* one column of at most the row's width: a long preview is cut, the time and badge stay */}
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
        <div className="flex items-baseline gap-2">
          <span className={cn('truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>
            {other.name}
          </span>
          {chat.blocked && side === 'creator' ? (
            <BellOff
              className="size-3.5 shrink-0 text-muted-foreground"
              aria-label={t.chat.mutedBadge}
              role="img"
            />
          ) : null}
          {last ? (
            <time
              dateTime={last.created_at}
              title={fullDateTime(last.created_at)}
              className={cn(
                'ml-auto shrink-0 text-xs tabular-nums',
                unread ? 'font-medium text-primary' : 'text-muted-foreground',
              )}
            >
              {listTime(last.created_at, new Date(now))}
            </time>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <p
            className={cn(
              'min-w-0 flex-1 truncate text-[13px]',
              unread ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {last ? `${mine ? t.chat.youPrefix : ''}${oneLine(last.text)}` : t.chat.noMessages}
          </p>
          {unread ? (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums">
              <span aria-hidden>{chat.unread > 99 ? '99+' : chat.unread}</span>
              <span className="sr-only">{` (${t.chat.unread(chat.unread)})`}</span>
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
