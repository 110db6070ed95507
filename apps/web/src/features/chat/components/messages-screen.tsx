import { MessageCircle, MessagesSquare, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useSession, useViewerId } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useChatList, useOpenChat } from '../hooks/use-chat';
import { t } from '../strings';
import { ChatList, ChatListSkeleton } from './chat-list';
import { Thread } from './thread';

type Side = 'fan' | 'creator';

/**
 * 'Mensagens' (/messages, /messages/:ws/:chatId): the conversations beside the open one from
 * 1024 px, one at a time below (the list, then the thread with a back button). The workspace's
 * side ('Meu espaço', for its owner and members) and the fan's ('Como fã') are tabs when the
 * user has conversations on both. `?to=<username>` opens the conversation with that creator
 * ('Enviar mensagem' on a profile, the subscribe dialog's chat benefit) and goes there.
 */
export function MessagesScreen() {
  const [params] = useSearchParams();
  const to = params.get('to');
  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-0 md:h-dvh" data-testid="messages-page">
      <DocumentTitle title={t.chat.title} />
      {to ? <OpenConversation username={to} /> : <Conversations />}
    </div>
  );
}

function OpenConversation({ username }: { username: string }) {
  const open = useOpenChat();
  const navigate = useNavigate();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    open.mutate(username, {
      onSuccess: (chat) =>
        void navigate(`/messages/${chat.workspace.id}/${chat.id}`, { replace: true }),
    });
  }, [open, username, navigate]);

  return (
    <div className="flex flex-1 items-center justify-center p-4">
      {open.isError ? (
        <EmptyState
          icon={SearchX}
          title={t.chat.openError}
          description={errorMessage(open.error)}
          action={
            <Button asChild variant="outline">
              <Link to={`/profile/${username}`}>{t.chat.backToProfile}</Link>
            </Button>
          }
        />
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="" className="text-primary" />
          <span role="status">{t.chat.opening}</span>
        </p>
      )}
    </div>
  );
}

function Conversations() {
  const { ws, chatId } = useParams();
  const { workspace } = useSession();
  const viewer = useViewerId();
  const teamWs = workspace?.id ?? null;
  const fan = useChatList({ side: 'fan' });
  const team = useChatList(teamWs ? { side: 'creator', ws: teamWs } : null);
  const threadOpen = Boolean(ws && chatId);

  // the thread's side leads until the user picks a tab; opening another conversation resets it
  const threadSide: Side | null = threadOpen ? (ws === teamWs ? 'creator' : 'fan') : null;
  const [picked, setPicked] = useState<{ side: Side; at?: string } | null>(null);
  const fanTotal = fan.data?.pages[0]?.total ?? 0;
  const teamTotal = team.data?.pages[0]?.total ?? 0;
  const side: Side =
    (picked?.at === chatId ? picked?.side : null) ??
    threadSide ??
    (teamTotal > 0 || fanTotal === 0 ? 'creator' : 'fan');
  const both = fanTotal > 0 && teamTotal > 0;

  const loading = fan.isPending || (teamWs !== null && team.isPending);
  const failed = fan.isError || team.isError;
  const list = side === 'fan' ? fan : team;
  const chats = list.data?.pages.flatMap((p) => p.chats) ?? [];
  const nothing = !loading && !failed && fanTotal === 0 && teamTotal === 0;
  const unreadOf = (q: typeof fan) =>
    (q.data?.pages ?? []).reduce((n, p) => n + p.chats.filter((c) => c.unread > 0).length, 0);

  const listBody = (
    <div data-testid="chat-list" className="pt-2">
      {loading ? (
        <ChatListSkeleton />
      ) : failed ? (
        <div className="px-4">
          <LoadError
            message={t.chat.loadError}
            onRetry={() => {
              if (fan.isError) void fan.refetch();
              if (team.isError) void team.refetch();
            }}
          />
        </div>
      ) : chats.length === 0 ? (
        <EmptyState
          icon={MessageCircle}
          title={side === 'fan' ? t.chat.emptyFanTitle : t.chat.emptyCreatorTitle}
          description={side === 'fan' ? t.chat.emptyFanText : t.chat.emptyCreatorText}
          className="mx-4 px-4 py-8"
        />
      ) : (
        <ChatList
          chats={chats}
          viewer={viewer}
          side={side}
          activeChatId={chatId}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          moreFailed={list.isFetchNextPageError}
          onMore={() => void list.fetchNextPage()}
        />
      )}
    </div>
  );

  if (nothing && !threadOpen)
    return (
      <Page className="self-start">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight md:mb-8 md:text-[28px]">
          {t.chat.title}
        </h1>
        <EmptyState
          icon={MessagesSquare}
          title={t.chat.emptyTitle}
          description={t.chat.emptyText}
        />
      </Page>
    );

  return (
    <>
      <Tabs
        value={side}
        onValueChange={(value) => setPicked({ side: value as Side, at: chatId })}
        className={cn(
          'flex w-full min-w-0 flex-col gap-0 lg:w-[22rem] lg:shrink-0 lg:border-r xl:w-[25rem]',
          threadOpen && 'hidden lg:flex',
        )}
      >
        {/* as tall as the thread's header beside it */}
        <div className="flex h-16 shrink-0 items-center border-b px-4 sm:px-5">
          <h1 className="text-xl font-semibold tracking-tight">{t.chat.title}</h1>
        </div>
        {both ? (
          <div className="px-4 pt-3 sm:px-5">
            <TabsList className="w-full" aria-label={t.chat.sides}>
              <SideTab value="creator" unread={unreadOf(team)}>
                {workspace?.is_owner === false ? workspace.label : t.chat.mySpace}
              </SideTab>
              <SideTab value="fan" unread={unreadOf(fan)}>
                {t.chat.asFan}
              </SideTab>
            </TabsList>
          </div>
        ) : null}
        {both ? (
          (['creator', 'fan'] as const).map((value) => (
            <TabsContent key={value} value={value} className="min-h-0 flex-1 overflow-y-auto">
              {listBody}
            </TabsContent>
          ))
        ) : (
          <div className="min-h-0 flex-1 overflow-y-auto">{listBody}</div>
        )}
      </Tabs>
      <div className={cn('flex min-w-0 flex-1 flex-col', !threadOpen && 'hidden lg:flex')}>
        {ws && chatId ? (
          <Thread
            key={chatId}
            ws={ws}
            chatId={chatId}
            isOwner={ws === teamWs && workspace?.is_owner === true}
          />
        ) : (
          <div className="flex flex-1 items-center justify-center p-8">
            <div className="grid max-w-xs justify-items-center gap-3 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <MessagesSquare className="size-7" aria-hidden />
              </span>
              <p className="text-base font-semibold">{t.chat.pickTitle}</p>
              <p className="text-sm leading-relaxed text-muted-foreground">{t.chat.pickText}</p>
            </div>
          </div>
        )}
      </div>
    </>
  );
}

function SideTab({
  value,
  unread,
  children,
}: {
  value: Side;
  unread: number;
  children: React.ReactNode;
}) {
  return (
    <TabsTrigger value={value} className="min-w-0">
      <span className="truncate">{children}</span>
      {unread > 0 ? (
        <span className="inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground tabular-nums">
          <span aria-hidden>{unread}</span>
          <span className="sr-only">{` (${t.nav.unreadChats(unread)})`}</span>
        </span>
      ) : null}
    </TabsTrigger>
  );
}
