import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useCallback, useRef } from 'react';
import type { KeyboardEvent, TouchEvent } from 'react';
import { Link } from 'react-router';
import type { ContentItem } from '@fa-clube/contract';
import { Avatar } from '@/components/ui/avatar';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { t } from '@/i18n/content';
import { cn } from '@/lib/utils';
import { useFreshMedia } from '../hooks/use-fresh-media';
import { useWheelStep, wrapIndex } from '../hooks/use-wheel-step';
import type { ViewerItem } from '../lib/viewer-items';
import { LikeButton } from './like-button';
import { PostVideo } from './post-video';
import { RelativeTime } from './relative-time';

/** A horizontal swipe longer than this (px) steps. */
const SWIPE_MIN_PX = 50;

function ViewerMedia({ item }: { item: ViewerItem }) {
  const { attachment, post } = item;
  const media = useFreshMedia(attachment, post.username);
  if (media.failed) {
    return <p className="text-sm text-white/70">{t.content.post.mediaUnavailable}</p>;
  }
  if (attachment.kind === 'video') {
    return (
      <PostVideo
        key={attachment.file_path}
        src={media.src}
        hlsUrl={media.src === attachment.url ? attachment.hls_url : undefined}
        poster={media.poster}
        onError={media.onError}
        aria-label={t.content.post.videoLabel(post.full_name)}
        controls
        playsInline
        preload="metadata"
        className="max-h-full max-w-full rounded-lg bg-black object-contain shadow-2xl"
        data-testid="viewer-media"
      />
    );
  }
  return (
    <img
      key={attachment.file_path}
      src={media.src}
      srcSet={media.srcSet}
      sizes={media.srcSet ? '100vw' : undefined}
      width={attachment.width ?? undefined}
      height={attachment.height ?? undefined}
      onError={media.onError}
      alt={t.content.post.imageAlt(post.full_name)}
      draggable={false}
      className="max-h-full max-w-full rounded-lg object-contain shadow-2xl select-none"
      data-testid="viewer-media"
    />
  );
}

interface MediaViewerProps {
  items: readonly ViewerItem[];
  /** The item shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onLike: (post: ContentItem) => void;
}

/**
 * The full-screen media viewer (spec section 2): close, like, a counter (2/7), the mouse wheel
 * (one step per second, wrapping at both ends), ← → and Escape, swipes on touch screens. Focus
 * stays inside and the page does not scroll behind it (radix Dialog). Only lists of real posts
 * render it: never the placeholders of a visitor.
 */
export function MediaViewer({ items, index, onIndexChange, onClose, onLike }: MediaViewerProps) {
  const count = items.length;
  const open = index !== null && count > 0;
  const current = open ? Math.min(index, count - 1) : 0;
  const item = open ? items[current] : undefined;
  const touch = useRef<{ x: number; y: number } | null>(null);

  const step = useCallback(
    (direction: 1 | -1) => {
      if (count > 1) onIndexChange(wrapIndex(current, direction, count));
    },
    [count, current, onIndexChange],
  );
  const onWheel = useWheelStep(step);

  const onKeyDown = (event: KeyboardEvent) => {
    // a focused video keeps its own arrow keys (seeking)
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    }
  };

  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const t = event.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) step(dx < 0 ? 1 : -1);
  };

  const navButton =
    'absolute top-1/2 z-10 hidden size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition-colors outline-none hover:bg-white/20 focus-visible:ring-[3px] focus-visible:ring-white/50 sm:flex';

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        showCloseButton={false}
        data-testid="media-viewer"
        onWheel={onWheel}
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        className="top-0 left-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 bg-black/95 p-0 text-white shadow-none sm:p-0 data-[state=closed]:zoom-out-100 data-[state=open]:zoom-in-100"
      >
        <DialogTitle className="sr-only">{t.content.viewer.title}</DialogTitle>
        <DialogDescription className="sr-only">{t.content.viewer.description}</DialogDescription>

        {item ? (
          <>
            <header className="absolute inset-x-0 top-0 z-20 flex items-center gap-3 bg-gradient-to-b from-black/80 via-black/40 to-transparent px-3 pt-3 pb-8 sm:px-5 sm:pt-4">
              <Link
                to={`/profile/${item.post.username}`}
                onClick={onClose}
                className="flex min-w-0 items-center gap-2.5 rounded-full pr-2 outline-none focus-visible:ring-[3px] focus-visible:ring-white/50"
              >
                <Avatar
                  src={item.post.avatar_url}
                  name={item.post.full_name}
                  className="size-9 ring-2 ring-white/20"
                />
                <span className="grid min-w-0 leading-tight">
                  <span className="truncate text-sm font-semibold">{item.post.full_name}</span>
                  <span className="truncate text-xs text-white/70">
                    @{item.post.username} · <RelativeTime date={item.post.created_at} />
                  </span>
                </span>
              </Link>
              <div className="ml-auto flex shrink-0 items-center gap-2">
                <span
                  className="rounded-full bg-white/10 px-3 py-1.5 text-sm font-medium tabular-nums backdrop-blur"
                  aria-live="polite"
                  aria-label={t.content.viewer.counterLabel(current + 1, count)}
                  data-testid="viewer-counter"
                >
                  {t.content.viewer.counter(current + 1, count)}
                </span>
                <LikeButton
                  tone="viewer"
                  liked={item.post.liked}
                  likes={item.post.likes}
                  onToggle={() => onLike(item.post)}
                />
                <DialogClose
                  aria-label={t.content.viewer.close}
                  className="flex size-9 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition-colors outline-none hover:bg-white/20 focus-visible:ring-[3px] focus-visible:ring-white/50"
                >
                  <X className="size-5" aria-hidden />
                </DialogClose>
              </div>
            </header>

            <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pt-20 pb-6 sm:px-20 sm:pb-10">
              <ViewerMedia key={`${item.post.id}:${item.attachment.file_path}`} item={item} />
            </div>

            {count > 1 ? (
              <>
                <button
                  type="button"
                  aria-label={t.content.viewer.previous}
                  onClick={() => step(-1)}
                  className={cn(navButton, 'left-4')}
                >
                  <ChevronLeft className="size-6" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label={t.content.viewer.next}
                  onClick={() => step(1)}
                  className={cn(navButton, 'right-4')}
                >
                  <ChevronRight className="size-6" aria-hidden />
                </button>
              </>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
