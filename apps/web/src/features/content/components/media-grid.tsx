import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { ImageOff, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/i18n/content';
import type { ContentPages } from '../api/content-api';
import { useFreshMedia } from '../hooks/use-fresh-media';
import type { ViewerItem } from '../lib/viewer-items';
import { usePostPages } from '../hooks/use-post-pages';
import { PostPagesFooter } from './post-pages';

const GRID = 'grid grid-cols-2 gap-1.5 sm:grid-cols-3 sm:gap-2 lg:grid-cols-4';
/** A tile's width in GRID's columns (square tiles: the box is reserved by aspect-square). */
const TILE_SIZES = '(min-width: 1024px) 16rem, (min-width: 640px) 33vw, 50vw';

function Tile({
  item,
  position,
  onOpen,
}: {
  item: ViewerItem;
  position: number;
  onOpen: () => void;
}) {
  const { attachment, post } = item;
  const media = useFreshMedia(attachment, post.username);
  const video = attachment.kind === 'video';
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`${video ? t.content.composer.video : t.content.composer.image} ${position}`}
        data-testid="media-tile"
        data-kind={attachment.kind}
        className="group relative block aspect-square w-full overflow-hidden rounded-lg bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {media.failed ? (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOff className="size-6" aria-hidden />
          </span>
        ) : video && !media.poster ? (
          <video
            src={`${media.src}#t=0.1`}
            onError={media.onError}
            preload="metadata"
            muted
            playsInline
            tabIndex={-1}
            className="pointer-events-none size-full object-cover"
          />
        ) : (
          <img
            src={video ? media.poster : media.src}
            srcSet={video ? undefined : media.srcSet}
            sizes={video || !media.srcSet ? undefined : TILE_SIZES}
            onError={video ? undefined : media.onError}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        )}
        <span className="pointer-events-none absolute inset-0 bg-black/0 transition-colors group-hover:bg-black/10" />
        {video ? (
          <span
            className="pointer-events-none absolute inset-0 flex items-center justify-center"
            data-testid="play-badge"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-black/55 text-white shadow-lg ring-1 ring-white/25 backdrop-blur-sm">
              <Play className="ml-0.5 size-5 fill-current" aria-hidden />
            </span>
          </span>
        ) : null}
      </button>
    </li>
  );
}

export interface MediaGridProps {
  query: UseInfiniteQueryResult<ContentPages>;
  ws: string | null;
  empty: ReactNode;
}

/**
 * 'Mídias': every image and video of the loaded posts in a grid (2 columns, 3 and 4 on wider
 * screens; videos carry a play badge), more loaded as the end comes into view; a tile opens the
 * viewer on it.
 */
export function MediaGrid({ query, ws, empty }: MediaGridProps) {
  const pages = usePostPages(query, ws, false);
  const { viewer } = pages;

  if (query.isPending) {
    return (
      <div className={GRID} role="status" aria-label={t.content.list.loading}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-square rounded-lg" />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {viewer.items.length === 0 && !query.hasNextPage ? (
        empty
      ) : (
        <ul className={GRID} aria-label={t.content.profile.media} data-testid="media-grid">
          {viewer.items.map((item, i) => (
            <Tile
              key={`${item.post.id}:${item.attachment.file_path}`}
              item={item}
              position={i + 1}
              onOpen={() => viewer.setIndex(i)}
            />
          ))}
        </ul>
      )}
      <PostPagesFooter query={query} pages={pages} loadingLabel={t.content.list.loadingMore} />
    </div>
  );
}
