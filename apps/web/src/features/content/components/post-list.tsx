import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PostListSkeleton, PostSkeleton } from '@/components/post-skeleton';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/content';
import type { ContentPages } from '../api/content-api';
import { PostCard } from './post-card';
import { usePostPages } from '../hooks/use-post-pages';
import { PostPagesFooter } from './post-pages';

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
  const pages = usePostPages(query, ws, syncLikesFromServer);
  const { posts, like, viewer } = pages;

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
        <PostCard key={post.id} post={post} ws={ws} onLike={like} onOpenMedia={viewer.openAt} />
      ))}

      {query.isFetchingNextPage ? <PostSkeleton media={false} /> : null}

      <PostPagesFooter query={query} pages={pages} />

      {!query.hasNextPage && end ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="list-end">
          {end}
        </p>
      ) : null}
    </div>
  );
}
