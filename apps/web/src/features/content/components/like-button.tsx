import { Heart } from 'lucide-react';
import { t } from '@/i18n/content';
import { cn } from '@/lib/utils';

interface LikeButtonProps {
  liked: boolean;
  likes: number;
  onToggle: () => void;
  /** 'card' under a post; 'viewer' on the dark full-screen viewer. */
  tone?: 'card' | 'viewer';
  className?: string;
}

/** The heart: filled when liked, with the count; one click toggles. */
export function LikeButton({ liked, likes, onToggle, tone = 'card', className }: LikeButtonProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={liked}
      className={cn(
        'group inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium tabular-nums transition-colors outline-none focus-visible:ring-[3px]',
        tone === 'card' &&
          'text-muted-foreground hover:bg-rose-500/10 hover:text-rose-600 focus-visible:ring-ring/50 dark:hover:text-rose-400',
        tone === 'card' && liked && 'text-rose-600 dark:text-rose-400',
        tone === 'viewer' &&
          'bg-white/10 text-white backdrop-blur hover:bg-white/20 focus-visible:ring-white/50',
        className,
      )}
    >
      <Heart
        aria-hidden
        className={cn(
          'size-5 transition-transform group-active:scale-90',
          liked && 'fill-rose-500 text-rose-500 motion-safe:animate-in motion-safe:zoom-in-50',
        )}
      />
      {/* named by its content (not aria-label) so the visible count is part of the name */}
      <span className="sr-only">{liked ? t.content.post.unlike : t.content.post.like} (</span>
      <span data-testid="like-count">{likes.toLocaleString('pt-BR')}</span>
      <span className="sr-only">
        {' '}
        {likes === 1 ? t.content.post.likeUnit : t.content.post.likesUnit})
      </span>
    </button>
  );
}
