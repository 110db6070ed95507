import { Clapperboard, ImageOff, Maximize2, TriangleAlert } from 'lucide-react';
import type { ContentAttachment } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { t } from '@/i18n/content';
import { cn } from '@/lib/utils';
import { useFreshMedia } from '../hooks/use-fresh-media';
import { useRetryMedia } from '../hooks/use-retry-media';
import { PostVideo } from './post-video';

interface PostMediaProps {
  attachment: ContentAttachment;
  /** The creator (for refreshing an expired URL). */
  username: string;
  authorName: string;
  /** Opens the full-screen viewer on this item. */
  onOpen: () => void;
  /** The post (a failed video's owner may retry it). */
  post: { id: string; workspace_id: string; is_owner: boolean };
}

/** A post's image spans the post column: the whole phone screen, at most ~42rem wide. */
const FEED_IMAGE_SIZES = '(min-width: 768px) 42rem, 100vw';

function Unavailable() {
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed bg-muted/50 text-sm text-muted-foreground">
      <ImageOff className="size-6" aria-hidden />
      {t.content.post.mediaUnavailable}
    </div>
  );
}

/** A video in the job queue (the owner and the team see it): how far, and who sees it when. */
function Processing({ percent }: { percent: number }) {
  return (
    <div
      role="status"
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl border bg-muted/50 px-6 text-center text-sm"
    >
      <Clapperboard className="size-6 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t.content.post.processing(percent)}</p>
      <Progress value={percent} aria-label={t.content.post.processingLabel} className="max-w-64" />
      <p className="text-muted-foreground">{t.content.post.processingHint}</p>
    </div>
  );
}

/** A video that could not be processed: the reason, and for its owner a retry. */
function Failed({ reason, post }: { reason?: string; post: PostMediaProps['post'] }) {
  const retry = useRetryMedia();
  return (
    <div
      role="alert"
      className="flex w-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-destructive/40 bg-destructive/5 px-6 py-8 text-center text-sm"
    >
      <TriangleAlert className="size-6 text-destructive" aria-hidden />
      <p className="font-medium">{t.content.post.failedTitle}</p>
      {reason ? <p className="text-muted-foreground">{reason}</p> : null}
      {post.is_owner ? (
        <>
          <Button
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            onClick={() => retry.mutate({ ws: post.workspace_id, id: post.id })}
          >
            {retry.isPending ? t.content.post.retrying : t.content.post.retry}
          </Button>
          <p className="text-xs text-muted-foreground">{t.content.post.failedHint}</p>
        </>
      ) : null}
    </div>
  );
}

/**
 * A post's image (responsive, rounded, lazy; a click opens the viewer) or video (poster, controls,
 * metadata preloaded; a corner button opens the viewer); a video still processing or failed shows
 * its state instead.
 */
export function PostMedia(props: PostMediaProps) {
  const { attachment, post } = props;
  if (attachment.status === 'processing') return <Processing percent={attachment.progress ?? 0} />;
  if (attachment.status === 'failed' && attachment.kind === 'video')
    return <Failed reason={attachment.reason} post={post} />;
  return <ReadyMedia {...props} />;
}

function ReadyMedia({ attachment, username, authorName, onOpen }: PostMediaProps) {
  const media = useFreshMedia(attachment, username);
  if (media.failed) return <Unavailable />;

  if (attachment.kind === 'image') {
    return (
      <button
        type="button"
        onClick={onOpen}
        aria-label={t.content.post.openMedia}
        className="group relative block w-full overflow-hidden rounded-xl bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <img
          src={media.src}
          srcSet={media.srcSet}
          sizes={media.srcSet ? FEED_IMAGE_SIZES : undefined}
          // the box is reserved from the image's size before a byte arrives (no layout shift)
          width={attachment.width ?? undefined}
          height={attachment.height ?? undefined}
          onError={media.onError}
          alt={t.content.post.imageAlt(authorName)}
          loading="lazy"
          decoding="async"
          className="h-auto max-h-[36rem] w-full object-cover transition-transform duration-300 group-hover:scale-[1.01]"
        />
      </button>
    );
  }

  return (
    <div className="relative overflow-hidden rounded-xl bg-black">
      <PostVideo
        src={media.src}
        // a refreshed URL (the list's expired) is the MP4's alone: the playlist's went with it
        hlsUrl={media.src === attachment.url ? attachment.hls_url : undefined}
        poster={media.poster}
        // the box is reserved from the processed video's size
        width={attachment.width ?? undefined}
        height={attachment.height ?? undefined}
        onError={media.onError}
        aria-label={t.content.post.videoLabel(authorName)}
        controls
        preload="metadata"
        playsInline
        className="max-h-[36rem] w-full bg-black object-contain"
      />
      <button
        type="button"
        onClick={onOpen}
        aria-label={t.content.post.openMedia}
        className={cn(
          'absolute top-2 right-2 flex size-9 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur-sm transition-colors outline-none hover:bg-black/80 focus-visible:ring-[3px] focus-visible:ring-white/60',
        )}
      >
        <Maximize2 className="size-4" aria-hidden />
      </button>
    </div>
  );
}
