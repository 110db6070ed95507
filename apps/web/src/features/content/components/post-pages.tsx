import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { LoadMore } from '@/components/load-more';
import type { ContentPages } from '../api/content-api';
import type { usePostPages } from '../hooks/use-post-pages';

// the viewer (Radix Dialog) loads when a medium is first opened, and stays mounted from then on
const MediaViewer = lazy(() => import('./media-viewer').then((m) => ({ default: m.MediaViewer })));

/**
 * What follows the posts or the media of a list: the next page, loaded as the end comes into
 * view (a retry after a failure), and the media viewer over everything loaded.
 */
export function PostPagesFooter({
  query,
  pages: { like, viewer },
  loadingLabel,
}: {
  query: UseInfiniteQueryResult<ContentPages>;
  pages: ReturnType<typeof usePostPages>;
  /** A spinner with this label while waiting for the scroll. */
  loadingLabel?: string;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const [viewerUsed, setViewerUsed] = useState(false);
  if (viewer.index !== null && !viewerUsed) setViewerUsed(true);
  return (
    <>
      {hasNextPage ? (
        <LoadMore
          onMore={() => void fetchNextPage()}
          enabled={!isFetchingNextPage}
          failed={query.isFetchNextPageError}
          loadingLabel={loadingLabel}
        />
      ) : null}
      {viewerUsed ? (
        <Suspense fallback={null}>
          <MediaViewer
            items={viewer.items}
            index={viewer.index}
            onIndexChange={viewer.setIndex}
            onClose={viewer.close}
            onLike={like}
          />
        </Suspense>
      ) : null}
    </>
  );
}
