/**
 * Scheduled posts (issue 35): every minute (lib/periodic claims each run for one process), the
 * posts whose `publish_at` has come are published in batches: publish_at cleared and created_at
 * set to it, in one statement per batch that skips rows another process holds, so each post
 * is published once. A restart loses nothing: what is due stays due until published.
 */
import type { AppContext } from '../../lib/context';
import { publishDuePosts } from './content.repo';

const BATCH = 500;
export const SCHEDULED_POSTS_INTERVAL_MS = 60_000;

/** The periodic run: answers how many posts it published. */
export async function publishScheduledPosts(
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<number> {
  let published = 0;
  for (;;) {
    const ids = await publishDuePosts(ctx.db, ctx.clock.now(), BATCH);
    published += ids.length;
    if (ids.length < BATCH || signal?.aborted) return published;
  }
}
