import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadMore } from '@/components/load-more';
import type { ContentPages } from '../api/content-api';
import type { usePostPages } from '../hooks/use-post-pages';
import { MediaViewer } from './media-viewer';

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
      <MediaViewer
        items={viewer.items}
        index={viewer.index}
        onIndexChange={viewer.setIndex}
        onClose={viewer.close}
        onLike={like}
      />
    </>
  );
}
