import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';
import type { ContentPages } from '../api/content-api';
import { useLike } from '../hooks/use-like';
import { useViewer } from '../hooks/use-viewer';
import { LoadMore } from './load-more';
import { MediaViewer } from './media-viewer';
import { PostCard } from './post-card';
import { PostListSkeleton, PostSkeleton } from './post-skeleton';

export interface PostListProps {
  query: UseInfiniteQueryResult<ContentPages>;
  /** The caller's workspace the list was read from (likes go through it). */
  ws: string | null;
  /** Feed: the like count is taken from the server's answer (spec section 4). */
  syncLikesFromServer?: boolean;
  /** Shown when the list has no post. */
  empty: ReactNode;
  /** Shown after the last page, when there is more than one post. */
  end?: ReactNode;
}

/** Posts of a list, loaded page by page as the end comes into view, with the media viewer. */
export function PostList({ query, ws, syncLikesFromServer = false, empty, end }: PostListProps) {
  const posts = useMemo(() => query.data?.pages.flatMap((p) => p.contents) ?? [], [query.data]);
  const like = useLike(ws, syncLikesFromServer);
  const viewer = useViewer(posts);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  if (query.isPending) return <PostListSkeleton />;
  if (query.isError && posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-10 text-center">
        <p className="text-sm text-muted-foreground">{t.content.list.loadError}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t.common.retry}
        </Button>
      </div>
    );
  }
  if (posts.length === 0) return <>{empty}</>;

  return (
    <div className="grid gap-4" data-testid="post-list">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} onLike={like} onOpenMedia={viewer.openAt} />
      ))}

      {isFetchingNextPage ? <PostSkeleton media={false} /> : null}

      {hasNextPage ? (
        <LoadMore
          onMore={() => void fetchNextPage()}
          enabled={!isFetchingNextPage}
          failed={query.isFetchNextPageError}
          spinner={false}
        />
      ) : null}

      {!hasNextPage && end ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="list-end">
          {end}
        </p>
      ) : null}

      <MediaViewer
        items={viewer.items}
        index={viewer.index}
        onIndexChange={viewer.setIndex}
        onClose={viewer.close}
        onLike={like}
      />
    </div>
  );
}
