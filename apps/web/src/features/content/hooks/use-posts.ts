import { useInfiniteQuery } from '@tanstack/react-query';
import {
  FEED_FIRST_PAGE,
  PROFILE_FIRST_PAGE,
  feedKey,
  fetchFeed,
  fetchProfileContents,
  nextPageOf,
  profileContentsKey,
} from '../api/content-api';

/** The feed of the current workspace `ws`: pages of 25 from page 1, loaded on demand. */
export function useFeedPosts(ws: string | null) {
  return useInfiniteQuery({
    queryKey: feedKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchFeed(ws!, pageParam, signal),
    initialPageParam: FEED_FIRST_PAGE,
    getNextPageParam: (last) => nextPageOf(last, FEED_FIRST_PAGE),
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
    initialPageParam: PROFILE_FIRST_PAGE,
    getNextPageParam: (last) => nextPageOf(last, PROFILE_FIRST_PAGE),
    enabled: enabled && Boolean(ws) && Boolean(username),
  });
}
