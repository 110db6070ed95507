import {
  AlertCircle,
  ArrowDown,
  CircleCheck,
  Clock,
  Film,
  HandCoins,
  ImageIcon,
  LockKeyhole,
} from 'lucide-react';
import { isLockedChatAttachment } from '@fa-clube/contract';
import { formatCents, majorToCents } from '@fa-clube/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t as sales } from '@/i18n/sales';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { clockTime, fullDateTime, groupByDay } from '../lib/messages';
import type { ThreadItem } from '../lib/messages';

import { t } from '../strings';

/** A message on screen: sent (from the thread), or still in the outbox. */
export interface LogItem extends ThreadItem {
  /** On the viewer's side of the conversation (drawn on the right). */
  own: boolean;
  /** A team member's name over their run, on the team's side. */
  name: string | null;
  status?: 'sending' | 'failed';
  error?: string;
  onRetry?: () => void;
  /** A paid message the fan has not bought: opens the Pix dialog. */
  onUnlock?: () => void;
}

interface MessageLogProps {
  items: LogItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onOlder: () => void;
  /** What shows when there is no message at all. */
  empty: ReactNode;
  label: string;
  /**
   * A message to show first instead of the end (opened from 'Minhas compras'): scrolled into
   * view and marked, older pages loaded (a few) until it is there.
   */
  focusId?: string | null;
}

/** Older pages loaded at most to find the message to show first. */
const FOCUS_MAX_OLDER = 5;

/** Closer than this to the end, the log follows new messages. */
const STICK_PX = 96;

/**
 * The messages, oldest at the top, grouped by day; the newest in view. It follows new messages
 * while the reader is at the end (otherwise 'Novas mensagens' takes them there); near the top
 * it loads the older ones and keeps what was on screen where it was.
 */
export function MessageLog({
  items,
  hasOlder,
  loadingOlder,
  olderFailed,
  onOlder,
  empty,
  label,
  focusId = null,
}: MessageLogProps) {
  const now = useNow();
  const groups = useMemo(() => groupByDay(items, new Date(now)), [items, now]);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  /** The scroller as last seen: its height and position, to keep the view when older ones come. */
  const seen = useRef({ height: 0, top: 0 });
  const atEnd = useRef(true);
  /** The first view has been scrolled to the end (older pages load from then on). */
  const ready = useRef(false);
  /** Scrolled up, away from the end: the newest message then (a newer one is 'Novas mensagens'). */
  const [away, setAway] = useState<{ lastId: string | undefined } | null>(null);
  const firstId = items[0]?.id;
  const last = items.at(-1);
  const hasItems = items.length > 0;

  /** Notes where the reader is (after each render and each scroll). */
  const measure = () => {
    const el = scroller.current;
    if (!el) return;
    seen.current = { height: el.scrollHeight, top: el.scrollTop };
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
  };
  const onScroll = () => {
    measure();
    if (atEnd.current) setAway(null);
    else if (!away) setAway({ lastId: last?.id });
  };

  // older messages came in above: the same messages stay where they were
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !ready.current) return;
    el.scrollTop = seen.current.top + (el.scrollHeight - seen.current.height);
  }, [firstId]);

  // a new message at the end: followed when the reader is there (or wrote it)
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !(!ready.current || atEnd.current || last?.own)) return;
    el.scrollTop = el.scrollHeight;
    if (hasItems) ready.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last?.id, last?.status]);

  // the message to show first: into view once it is loaded (after the first scroll to the end)
  const focused = useRef<string | null>(null);
  const olderForFocus = useRef(0);
  const focusLoaded = focusId !== null && items.some((i) => i.id === focusId);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !focusId || focused.current === focusId || !focusLoaded) return;
    const target = el.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(focusId)}"]`);
    if (!target) return;
    focused.current = focusId;
    target.scrollIntoView?.({ block: 'center' });
  }, [focusId, focusLoaded]);
  useEffect(() => {
    if (!focusId || focusLoaded || focused.current === focusId || !hasItems) return;
    if (!hasOlder || loadingOlder || olderFailed || olderForFocus.current >= FOCUS_MAX_OLDER)
      return;
    olderForFocus.current += 1;
    onOlder();
  }, [focusId, focusLoaded, hasItems, hasOlder, loadingOlder, olderFailed, onOlder]);

  // after every render (last): the measure the next one starts from
  useLayoutEffect(measure);

  // scrolled near the top: the older page (after the first view is at the end)
  useEffect(() => {
    const root = scroller.current;
    const el = top.current;
    if (!root || !el || !ready.current || !hasOlder || loadingOlder || olderFailed) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onOlder();
      },
      { root, rootMargin: '240px 0px 0px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasItems, hasOlder, loadingOlder, olderFailed, onOlder]);

  const toEnd = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setAway(null);
  };
  const fresh = away !== null && last !== undefined && last.id !== away.lastId;

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={label}
        aria-busy={loadingOlder || undefined}
        tabIndex={0}
        data-testid="message-log"
        // the position is kept by hand when older messages come in above (no scroll anchoring)
        style={{ overflowAnchor: 'none', overscrollBehavior: 'contain' }}
        className="h-full overflow-y-auto px-3 pt-2 pb-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset sm:px-5 lg:px-8"
      >
        {/* a short conversation sits at the bottom, by the composer */}
        <div className="flex min-h-full flex-col justify-end">
          <div ref={top} className="flex min-h-10 items-center justify-center py-2">
            {hasOlder ? (
              olderFailed ? (
                <div className="grid justify-items-center gap-2 text-center">
                  <p role="alert" className="text-xs text-destructive-text">
                    {t.chat.olderError}
                  </p>
                  <Button variant="outline" size="sm" onClick={onOlder}>
                    {t.common.retry}
                  </Button>
                </div>
              ) : loadingOlder ? (
                <Spinner label={t.chat.loadingOlder} className="size-5 text-muted-foreground" />
              ) : (
                <Button variant="ghost" size="sm" onClick={onOlder}>
                  {t.chat.loadOlder}
                </Button>
              )
            ) : null}
          </div>
          {items.length === 0 ? (
            empty
          ) : (
            <div className="mx-auto grid w-full max-w-3xl gap-2">
              {groups.map((group) => (
                <section key={group.key} aria-label={group.label}>
                  <h3 className="sticky top-0 z-10 flex justify-center py-2">
                    <span className="rounded-full border bg-background/95 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs backdrop-blur">
                      {group.label}
                    </span>
                  </h3>
                  <ol className="grid">
                    {group.items.map(({ item, startsRun }) => (
                      <Bubble
                        key={item.id}
                        item={item}
                        startsRun={startsRun}
                        focused={item.id === focusId}
                      />
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          )}
        </div>
      </div>
      {away ? (
        <Button
          size="sm"
          variant={fresh ? 'default' : 'outline'}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-lg"
          onClick={toEnd}
        >
          <ArrowDown aria-hidden />
          {fresh ? t.chat.newMessages : t.chat.latest}
        </Button>
      ) : null}
    </div>
  );
}

function Bubble({
  item,
  startsRun,
  focused,
}: {
  item: LogItem;
  startsRun: boolean;
  /** Opened at this message (from 'Minhas compras'): marked with a ring. */
  focused: boolean;
}) {
  const failed = item.status === 'failed';
  const sending = item.status === 'sending';
  const who = item.own ? t.chat.you : (item.sender?.full_name ?? '');
  return (
    <li
      className={cn(
        'flex flex-col',
        item.own ? 'items-end pl-10 sm:pl-16' : 'items-start pr-10 sm:pr-16',
        startsRun ? 'mt-3' : 'mt-1',
      )}
      data-testid="message"
      data-status={item.status ?? 'sent'}
      data-message-id={item.id}
      data-focused={focused || undefined}
    >
      {startsRun && item.name ? (
        <span className="mb-1 px-3 text-xs font-medium text-muted-foreground" aria-hidden>
          {item.name}
        </span>
      ) : null}
      <div
        className={cn(
          'max-w-full rounded-2xl px-3.5 pt-2 pb-1.5 shadow-xs',
          item.own ? 'bg-primary text-primary-foreground' : 'border bg-card text-card-foreground',
          sending && 'opacity-70',
          failed && 'bg-destructive/10 text-foreground ring-1 ring-destructive/40',
          focused && 'ring-2 ring-ring ring-offset-2 ring-offset-background',
        )}
        // the corner by the sender's side is the bubble's tail
        style={item.own ? { borderBottomRightRadius: 6 } : { borderBottomLeftRadius: 6 }}
      >
        <span className="sr-only">{`${item.name ?? who}: `}</span>
        {/* plain text as written: line breaks kept, a long word broken anywhere */}
        {item.tip ? (
          <p className="flex items-center gap-1.5 text-[15px] font-semibold" data-testid="tip">
            <HandCoins className="size-4 shrink-0" aria-hidden />
            {sales.sales.tips.inChat(formatCents(majorToCents(item.tip.value)))}
          </p>
        ) : null}
        {item.attachment ? <MessageMedia item={item} /> : null}
        {item.tip?.message || item.text ? (
          <p
            className="text-[15px] leading-snug whitespace-pre-wrap"
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.tip ? item.tip.message : item.text}
          </p>
        ) : null}
        <time
          dateTime={item.createdAt}
          title={fullDateTime(item.createdAt)}
          className={cn(
            'mt-0.5 block text-right text-[11px] tabular-nums',
            item.own && !failed ? 'text-primary-foreground' : 'text-muted-foreground',
          )}
        >
          {clockTime(item.createdAt)}
        </time>
      </div>
      {sending ? (
        <span className="mt-1 flex items-center gap-1 px-1 text-xs text-muted-foreground">
          <Clock className="size-3" aria-hidden />
          {t.chat.sending}
        </span>
      ) : null}
      {failed ? (
        <div className="mt-1 grid justify-items-end gap-0.5 px-1 text-right text-xs" role="alert">
          <span className="flex items-center gap-1 text-destructive-text">
            <AlertCircle className="size-3.5" aria-hidden />
            {t.chat.notSent}
            <span aria-hidden>·</span>
            <button
              type="button"
              onClick={item.onRetry}
              className="rounded-sm font-semibold underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {t.chat.tryAgain}
            </button>
          </span>
          {item.error ? <span className="text-muted-foreground">{item.error}</span> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A workspace message's image or video (issue 32): shown when free, bought or seen by the team;
 * for the fan, until bought, a locked panel with 'Desbloquear por R$ X' (kind only, no file).
 */
function MessageMedia({ item }: { item: LogItem }) {
  const attachment = item.attachment!;
  const price = item.price != null ? formatCents(majorToCents(item.price)) : null;
  if (isLockedChatAttachment(attachment)) {
    const video = attachment.kind === 'video';
    const Icon = video ? Film : ImageIcon;
    return (
      <div
        className="my-1 grid w-64 max-w-full justify-items-center gap-2 rounded-xl bg-gradient-to-br from-primary/25 via-muted to-accent/40 px-4 py-5 text-center text-foreground"
        data-testid="locked-message"
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-background/80 text-primary shadow-xs">
          <LockKeyhole className="size-5" aria-hidden />
        </span>
        <p className="text-[13px] text-muted-foreground">
          <Icon className="mr-1 inline size-4 align-[-3px]" aria-hidden />
          {video ? sales.sales.locked.video : sales.sales.locked.image}
        </p>
        {item.onUnlock && price ? (
          <Button size="sm" className="rounded-full" onClick={item.onUnlock}>
            {sales.sales.locked.unlock(price)}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="my-1 grid gap-1">
      {attachment.kind === 'video' ? (
        <video
          src={attachment.url}
          controls
          preload="metadata"
          className="max-h-80 w-72 max-w-full rounded-xl bg-black"
        />
      ) : (
        <img
          src={attachment.url}
          alt={t.chat.attachmentAlt}
          loading="lazy"
          className="max-h-80 w-auto max-w-full rounded-xl object-contain"
        />
      )}
      {price ? (
        <span
          className={cn(
            'flex items-center gap-1 text-xs',
            item.own ? 'text-primary-foreground' : 'text-muted-foreground',
          )}
        >
          {item.purchased ? <CircleCheck className="size-3.5" aria-hidden /> : null}
          {item.purchased ? sales.sales.locked.purchased : sales.sales.locked.priced(price)}
        </span>
      ) : null}
    </div>
  );
}
