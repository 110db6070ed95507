import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ContentItem } from '@fa-clube/contract';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { toggleLike, updateCachedPost } from '../api/content-api';

/** The latest like request per post: only its answer may touch the post. */
const latest = new Map<string, number>();
let sequence = 0;

/**
 * Likes (spec section 4): a toggle flips `liked` and moves the count by 1 at once, in every
 * list that shows the post. In the feed (`syncFromServer`) the count is then taken from the
 * server's answer; elsewhere the local count stays. A failure puts the post back as it was.
 */
export function useLike(ws: string | null, syncFromServer: boolean) {
  const queryClient = useQueryClient();
  return useCallback(
    async (post: ContentItem) => {
      if (!ws) return;
      const before = { liked: post.liked, likes: post.likes };
      const liked = !before.liked;
      updateCachedPost(queryClient, post.id, (p) => ({
        ...p,
        liked,
        likes: Math.max(0, p.likes + (liked ? 1 : -1)),
      }));
      const mine = ++sequence;
      latest.set(post.id, mine);
      try {
        const answer = await toggleLike(ws, post.id);
        if (latest.get(post.id) !== mine) return;
        if (syncFromServer) {
          updateCachedPost(queryClient, post.id, (p) => ({
            ...p,
            liked: answer.liked,
            likes: answer.likes,
          }));
        }
      } catch (error) {
        if (latest.get(post.id) !== mine) return;
        updateCachedPost(queryClient, post.id, (p) => ({ ...p, ...before }));
        toast.error(errorMessage(error));
      } finally {
        if (latest.get(post.id) === mine) latest.delete(post.id);
      }
    },
    [queryClient, ws, syncFromServer],
  );
}
