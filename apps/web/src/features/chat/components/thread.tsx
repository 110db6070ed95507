import { ArrowLeft, Bell, BellOff, Lock, MessageCircle, RefreshCw, SearchX } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Chat, ChatMessage } from '@fa-clube/contract';
import { PixChargeDialog } from '@/components/pix-charge-dialog';
import { TipButton } from '@/components/tip-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton, SkeletonIdentity } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { t as sales } from '@/i18n/sales';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { useViewerId } from '@/lib/session';
import { cn } from '@/lib/utils';
import {
  useChat,
  useMuteFan,
  useReadWhileVisible,
  useSendMessage,
  useThread,
} from '../hooks/use-chat';
import { messagesKey, purchaseMessage } from '../api/chat-api';
import { sideOf } from '../lib/cache';
import { counterpart } from '../lib/counterpart';
import { threadMessages } from '../lib/messages';
import { outbox, stillPending, useOutbox } from '../lib/outbox';
import { t } from '../strings';
import { Composer } from './composer';
import { MessageLog } from './message-log';
import { PaidMessageButton } from './paid-message-dialog';
import type { LogItem } from './message-log';

interface ThreadProps {
  ws: string;
  chatId: string;
  /** The viewer owns the current workspace (may mute its fans). */
  isOwner: boolean;
}

/**
 * One conversation: who it is with (and, for the owner, 'Silenciar fã'), the messages and the
 * composer — or, when the fan may no longer write, why and what to do.
 */
export function Thread({ ws, chatId, isOwner }: ThreadProps) {
  const viewer = useViewerId();
  const chatQuery = useChat(ws, chatId);
  const thread = useThread(ws, chatId);
  const chat = chatQuery.data;
  useReadWhileVisible(ws, chat, Boolean(thread.data));

  if (chatQuery.isError && hasErrorCode(chatQuery.error, 'CHAT_NOT_FOUND', 'VALIDATION_ERROR'))
    return (
      <Centered>
        <EmptyState
          icon={SearchX}
          title={t.chat.notFoundTitle}
          description={t.chat.notFoundText}
          action={
            <Button asChild variant="outline">
              <Link to="/messages">{t.chat.back}</Link>
            </Button>
          }
        />
      </Centered>
    );
  if (chatQuery.isError || thread.isError)
    return (
      <Centered>
        <EmptyState
          icon={RefreshCw}
          title={t.chat.threadError}
          description={errorMessage(chatQuery.error ?? thread.error)}
          action={
            <Button
              variant="outline"
              onClick={() => {
                if (chatQuery.isError) void chatQuery.refetch();
                if (thread.isError) void thread.refetch();
              }}
            >
              {t.common.retry}
            </Button>
          }
        />
      </Centered>
    );
  if (!chat) return <ThreadSkeleton />;

  const side = sideOf(chat, viewer);
  return (
    <section
      aria-label={t.chat.threadLabel(counterpart(chat, side).name)}
      className="flex h-full min-h-0 flex-col"
      data-testid="thread"
    >
      <ThreadHeader chat={chat} side={side} canMute={side === 'creator' && isOwner} />
      {thread.data ? (
        <ThreadBody
          chat={chat}
          side={side}
          ws={ws}
          viewer={viewer}
          messages={threadMessages(thread.data.pages)}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          olderFailed={thread.isFetchNextPageError}
          onOlder={() => void thread.fetchNextPage()}
        />
      ) : (
        <div className="min-h-0 flex-1">
          <MessagesSkeleton />
        </div>
      )}
    </section>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex h-full items-center justify-center p-4 sm:p-8">{children}</div>;
}

function ThreadSkeleton() {
  return (
    <div className="flex h-full flex-col" aria-busy="true" aria-label={t.common.loading}>
      <SkeletonIdentity
        avatar="size-10"
        lines={['h-3.5 w-36', 'h-3 w-24']}
        className="h-16 border-b px-4"
      />
      <MessagesSkeleton />
    </div>
  );
}

function MessagesSkeleton() {
  return (
    <div className="mx-auto grid max-w-3xl gap-3 px-4 py-6 sm:px-8" aria-hidden>
      {['w-2/5', 'ml-auto w-1/2', 'w-3/5', 'ml-auto w-1/3', 'w-1/2'].map((w, i) => (
        <Skeleton key={i} className={cn('h-12 rounded-2xl', w)} />
      ))}
    </div>
  );
}

function ThreadHeader({
  chat,
  side,
  canMute,
}: {
  chat: Chat;
  side: 'fan' | 'creator';
  canMute: boolean;
}) {
  const other = counterpart(chat, side);
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-background/95 px-2 sm:px-4">
      <Button asChild variant="ghost" size="icon" className="shrink-0 lg:hidden">
        <Link to="/messages" aria-label={t.chat.back}>
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
      </Button>
      <Avatar src={other.avatarUrl} name={other.name} alt="" className="ml-1 size-10 lg:ml-0" />
      <div className="grid min-w-0 flex-1 leading-tight">
        <h2 className="truncate text-[15px] font-semibold" data-testid="thread-title">
          {other.username ? (
            <Link
              to={`/profile/${other.username}`}
              className="rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {other.name}
            </Link>
          ) : (
            other.name
          )}
        </h2>
        {other.username ? (
          <p className="truncate text-xs text-muted-foreground">@{other.username}</p>
        ) : null}
      </div>
      {side === 'fan' ? (
        <TipButton
          username={chat.workspace.username}
          workspaceId={chat.workspace.id}
          variant="outline"
          className="shrink-0"
        />
      ) : null}
      {canMute && chat.fan.id ? <MuteButton chat={chat} name={other.name} /> : null}
    </header>
  );
}

function MuteButton({ chat, name }: { chat: Chat; name: string }) {
  const [open, setOpen] = useState(false);
  const mute = useMuteFan(chat.workspace.id, chat.id);
  const muting = !chat.blocked;
  return (
    <>
      <Button variant="outline" size="sm" className="shrink-0" onClick={() => setOpen(true)}>
        {muting ? <BellOff aria-hidden /> : <Bell aria-hidden />}
        {muting ? t.chat.mute : t.chat.unmute}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        pending={mute.isPending}
        title={muting ? t.chat.muteTitle : t.chat.unmuteTitle}
        description={muting ? t.chat.muteText(name) : t.chat.unmuteText(name)}
        confirmLabel={muting ? t.chat.muteConfirm : t.chat.unmuteConfirm}
        destructive={muting}
        onConfirm={() =>
          mute.mutate(muting, {
            onSuccess: () => {
              setOpen(false);
              toast.success(muting ? t.chat.muted : t.chat.unmuted);
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </>
  );
}

function ThreadBody({
  chat,
  side,
  ws,
  viewer,
  messages,
  hasOlder,
  loadingOlder,
  olderFailed,
  onOlder,
}: {
  chat: Chat;
  side: 'fan' | 'creator';
  ws: string;
  viewer: string | null;
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onOlder: () => void;
}) {
  const outboxItems = useOutbox(chat.id);
  const { send, retry } = useSendMessage(ws, chat.id);
  /** The paid message whose Pix dialog is open (kept here: its bubble changes when it unlocks). */
  const [unlocking, setUnlocking] = useState<{ id: string; open: boolean } | null>(null);
  const queryClient = useQueryClient();
  const newest = messages.at(-1)?.id ?? null;
  const pending = useMemo(
    () => stillPending(outboxItems, messages, viewer),
    [outboxItems, messages, viewer],
  );

  // a sent message whose copy is in the thread leaves the outbox
  useEffect(() => {
    for (const item of outboxItems)
      if (item.status === 'sent' && !pending.includes(item)) outbox.remove(item.id);
  }, [outboxItems, pending]);

  const items = useMemo<LogItem[]>(
    () => [
      ...messages.map((m) => {
        const own = m.sender.side === side;
        const colleague = side === 'creator' && own && m.sender.id !== viewer;
        return {
          id: m.id,
          text: m.text,
          tip: m.tip ?? null,
          attachment: m.attachment ?? null,
          price: m.price ?? null,
          purchased: m.purchased ?? false,
          createdAt: m.created_at,
          sender: m.sender,
          own,
          name: colleague ? m.sender.full_name : null,
          onUnlock:
            side === 'fan' && m.attachment && 'locked' in m.attachment
              ? () => setUnlocking({ id: m.id, open: true })
              : undefined,
        };
      }),
      ...pending.map((p) => ({
        id: p.id,
        text: p.text,
        createdAt: p.createdAt,
        sender: null,
        own: true,
        name: null,
        status: p.status === 'sent' ? undefined : p.status,
        error: p.error,
        onRetry: () => retry(p),
      })),
    ],
    [messages, pending, side, viewer, retry],
  );

  const onSend = useCallback((text: string) => send(text, newest), [send, newest]);
  // opened from 'Minhas compras' (?mensagem=id): the log shows that message, not the end
  const [search] = useSearchParams();
  const focusId = search.get('mensagem');
  const other = counterpart(chat, side);

  return (
    <>
      <MessageLog
        items={items}
        focusId={focusId}
        label={t.chat.messagesLabel}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        olderFailed={olderFailed}
        onOlder={onOlder}
        empty={
          <div className="flex flex-1 items-center justify-center">
            <EmptyState
              icon={MessageCircle}
              title={t.chat.startTitle}
              description={side === 'fan' ? t.chat.startFan(other.name) : t.chat.startCreator}
              className="border-none"
            />
          </div>
        }
      />
      {side === 'fan' && unlocking ? (
        <PixChargeDialog
          open={unlocking.open}
          onOpenChange={(open) => setUnlocking((u) => u && { ...u, open })}
          title={t.chat.unlockMessageTitle}
          description={t.chat.unlockMessageDescription(chat.workspace.label)}
          workspaceId={chat.workspace.id}
          start={() => purchaseMessage(chat.workspace.id, chat.id, unlocking.id)}
          qrAlt={t.chat.qrAltMessage}
          paidTitle={sales.sales.pix.unlockedTitle}
          paidText={sales.sales.pix.unlockedText}
          onPaid={() =>
            void queryClient.invalidateQueries({ queryKey: messagesKey(viewer, chat.id) })
          }
        />
      ) : null}
      <footer className="shrink-0 border-t bg-background px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5 lg:px-8">
        <div className="mx-auto max-w-3xl">
          <ThreadFooter chat={chat} side={side} viewer={viewer} onSend={onSend} />
        </div>
      </footer>
    </>
  );
}

function ThreadFooter({
  chat,
  side,
  viewer,
  onSend,
}: {
  chat: Chat;
  side: 'fan' | 'creator';
  viewer: string | null;
  onSend: (text: string) => void;
}) {
  if (side === 'fan' && chat.blocked)
    return (
      <Notice icon={BellOff} title={t.chat.blockedFanTitle}>
        {t.chat.blockedFan}
      </Notice>
    );
  if (side === 'fan' && !chat.subscribed)
    return (
      <Notice
        icon={Lock}
        title={t.chat.endedTitle}
        action={
          <Button asChild size="sm">
            <Link to={`/profile/${chat.workspace.username}#assinaturas`}>{t.chat.renew}</Link>
          </Button>
        }
      >
        {t.chat.endedText}
      </Notice>
    );
  if (side === 'creator' && !chat.fan.id)
    return <Notice icon={Lock}>{t.chat.deletedAccount}</Notice>;
  return (
    <div className="grid gap-2">
      {side === 'creator' && (chat.blocked || !chat.subscribed) ? (
        <p className="flex items-center gap-2 px-2 text-xs text-muted-foreground">
          {chat.blocked ? (
            <BellOff className="size-3.5 shrink-0" aria-hidden />
          ) : (
            <Lock className="size-3.5 shrink-0" aria-hidden />
          )}
          {chat.blocked ? t.chat.blockedCreator : t.chat.unsubscribedCreator}
        </p>
      ) : null}
      <div className="flex items-start gap-2">
        {side === 'creator' && chat.fan.id ? (
          <PaidMessageButton ws={chat.workspace.id} chatId={chat.id} viewer={viewer} />
        ) : null}
        <div className="min-w-0 flex-1">
          <Composer chatId={chat.id} onSend={onSend} />
        </div>
      </div>
    </div>
  );
}

function Notice({
  icon: Icon,
  title,
  action,
  children,
}: {
  icon: typeof Lock;
  title?: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl bg-muted/70 p-4 sm:flex-row sm:items-center"
      data-testid="composer-notice"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-background text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid flex-1 gap-0.5 text-sm">
        {title ? <p className="font-semibold">{title}</p> : null}
        <p className="leading-relaxed text-muted-foreground">{children}</p>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
