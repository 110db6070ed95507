import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ContentPages } from '../api/content-api';
import { useLike } from './use-like';
import { useViewer } from './use-viewer';

/** The posts loaded so far by an infinite query, the like toggle and the media viewer's state. */
export function usePostPages(
  query: UseInfiniteQueryResult<ContentPages>,
  ws: string | null,
  syncLikesFromServer: boolean,
) {
  const posts = useMemo(() => query.data?.pages.flatMap((p) => p.contents) ?? [], [query.data]);
  const like = useLike(ws, syncLikesFromServer);
  const viewer = useViewer(posts);
  return { posts, like, viewer };
}
