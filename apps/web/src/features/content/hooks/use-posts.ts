import { PAGING } from '@fa-clube/contract';
import type { ContentsResponse } from '@fa-clube/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { infinitePaging } from '@/lib/paging';
import {
  feedKey,
  fetchFeed,
  fetchProfileContents,
  hasProcessingMedia,
  profileContentsKey,
} from '../api/content-api';

/** While a video of the list is being processed, its progress is asked again this often. */
const PROCESSING_POLL_MS = 3000;
const pollWhileProcessing = (query: {
  state: { data?: Parameters<typeof hasProcessingMedia>[0] };
}) => (hasProcessingMedia(query.state.data) ? PROCESSING_POLL_MS : false);

const posts = (page: ContentsResponse) => page.contents;

/** The feed of the current workspace `ws`: pages of 25 from page 1, loaded on demand. */
export function useFeedPosts(ws: string | null) {
  return useInfiniteQuery({
    queryKey: feedKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchFeed(ws!, pageParam, signal),
    ...infinitePaging(PAGING.feed, posts),
    enabled: Boolean(ws),
    refetchInterval: pollWhileProcessing,
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
    refetchInterval: pollWhileProcessing,
  });
}
