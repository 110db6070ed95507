import { PAGING } from '@fa-clube/contract';
import type { ContentsResponse } from '@fa-clube/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { infinitePaging } from '@/lib/paging';
import { feedKey, fetchFeed, fetchProfileContents, profileContentsKey } from '../api/content-api';

const posts = (page: ContentsResponse) => page.contents;

/** The feed of the current workspace `ws`: pages of 25 from page 1, loaded on demand. */
export function useFeedPosts(ws: string | null) {
  return useInfiniteQuery({
    queryKey: feedKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchFeed(ws!, pageParam, signal),
    ...infinitePaging(PAGING.feed, posts),
    enabled: Boolean(ws),
  });
}

/**
 * A creator's posts, read from the current workspace `ws`: pages of 10 from page 0. Only for
 * those who may see them (owner, members, active subscribers): pass `enabled` accordingly.
 */
export function useProfilePosts(ws: string | null, username: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: profileContentsKey(ws ?? '', username),
    queryFn: ({ pageParam, signal }) => fetchProfileContents(ws!, username, pageParam, signal),
    ...infinitePaging(PAGING.profileContents, posts),
    enabled: enabled && Boolean(ws) && Boolean(username),
  });
}
