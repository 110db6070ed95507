import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ContentItem } from '@fa-clube/contract';
import { Avatar } from '@/components/ui/avatar';
import { t } from '@/i18n/content';
import { cn } from '@/lib/utils';
import { TipButton } from '@/components/tip-dialog';
import { t as sales } from '@/i18n/sales';
import { formatCents, majorToCents } from '@fa-clube/contract';
import { openAttachments } from '../lib/viewer-items';
import { LikeButton } from './like-button';
import { LockedMedia, UnlockDialog } from './locked-media';
import { PostMedia } from './post-media';
import { PostMenu } from './post-menu';
import { RelativeTime } from './relative-time';

/** A description longer than 8 lines folds behind 'Ver mais'. */
function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);

  // measured again whenever the width changes (resize, rotation, fonts)
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, open]);

  return (
    <div className="grid justify-items-start gap-1">
      <p
        ref={ref}
        data-testid="post-description"
        className={cn(
          'text-[15px] leading-relaxed break-words whitespace-pre-line',
          !open && 'line-clamp-8',
        )}
      >
        {text}
      </p>
      {overflows || open ? (
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          className="text-sm font-medium text-primary outline-none hover:underline focus-visible:underline"
        >
          {open ? t.content.post.showLess : t.content.post.showMore}
        </button>
      ) : null}
    </div>
  );
}

interface PostCardProps {
  post: ContentItem;
  /** The caller's current workspace (a purchase goes through it); null: no purchase. */
  ws?: string | null;
  onLike: (post: ContentItem) => void;
  /** Opens the viewer on the post's attachment number `index`. */
  onOpenMedia: (post: ContentItem, index: number) => void;
}

/**
 * A post: the author (avatar and name link to the profile), @username, the relative time, the
 * owner's menu, the description, the image or video and the like button. A pay-per-view post
 * not bought shows the locked panel instead of its media; 'Enviar gorjeta' beside the like.
 */
export function PostCard({ post, ws = null, onLike, onOpenMedia }: PostCardProps) {
  const profile = `/profile/${post.username}`;
  const [unlocking, setUnlocking] = useState(false);
  return (
    <article
      aria-label={post.full_name}
      data-testid="post"
      className="grid gap-3 rounded-2xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <header className="flex items-center gap-3">
        <Link
          to={profile}
          className="shrink-0 rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          tabIndex={-1}
          aria-hidden
        >
          <Avatar src={post.avatar_url} name={post.full_name} className="size-11 text-base" />
        </Link>
        <div className="grid min-w-0 flex-1 leading-tight">
          <Link
            to={profile}
            className="truncate font-semibold outline-none hover:underline focus-visible:underline"
          >
            {post.full_name}
          </Link>
          <p className="flex min-w-0 items-center gap-1.5 text-[13px] text-muted-foreground">
            <Link
              to={profile}
              className="truncate outline-none hover:underline focus-visible:underline"
            >
              @{post.username}
            </Link>
            <span aria-hidden>·</span>
            <RelativeTime date={post.created_at} className="shrink-0" />
          </p>
        </div>
        {post.is_owner ? <PostMenu postId={post.id} workspaceId={post.workspace_id} /> : null}
      </header>

      {post.description ? <Description text={post.description} /> : null}

      {post.locked && ws ? <LockedMedia post={post} onUnlock={() => setUnlocking(true)} /> : null}
      {unlocking && ws ? (
        <UnlockDialog
          post={post}
          viewerWorkspaceId={ws}
          open={unlocking}
          onOpenChange={setUnlocking}
        />
      ) : null}

      {openAttachments(post).map((attachment, index) => (
        <PostMedia
          key={attachment.file_path}
          attachment={attachment}
          username={post.username}
          authorName={post.full_name}
          onOpen={() => onOpenMedia(post, index)}
          post={post}
        />
      ))}

      <footer className="-mb-1 -ml-2 flex flex-wrap items-center gap-x-1">
        <LikeButton liked={post.liked} likes={post.likes} onToggle={() => onLike(post)} />
        {post.price !== null && !post.locked ? (
          <span className="ml-2 rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground">
            {post.purchased
              ? sales.sales.locked.purchased
              : sales.sales.locked.priced(formatCents(majorToCents(post.price)))}
          </span>
        ) : null}
        {post.is_owner ? null : (
          <TipButton
            username={post.username}
            workspaceId={post.workspace_id}
            postId={post.id}
            className="ml-auto"
          />
        )}
      </footer>
    </article>
  );
}
