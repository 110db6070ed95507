import type { ReactNode } from 'react';
import { t } from '@/i18n/content';
import { useFeedPosts } from '../hooks/use-posts';
import { PostList } from './post-list';

/**
 * The posts of the home feed of the current workspace `ws` (own and subscribed, newest first,
 * 25 per page); skeletons until the workspace is known. The like count follows the server.
 */
export function FeedPosts({ ws, empty }: { ws: string | null; empty: ReactNode }) {
  const feed = useFeedPosts(ws);
  return (
    <PostList
      query={feed}
      ws={ws}
      syncLikesFromServer
      empty={empty}
      end={t.content.feed.endOfFeed}
    />
  );
}
