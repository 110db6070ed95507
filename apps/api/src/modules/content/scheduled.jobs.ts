/**
 * Scheduled posts (issue 35): every minute (lib/periodic claims each run for one process), the
 * posts whose `publish_at` has come are published in batches: publish_at cleared and created_at
 * set to it, in one statement per batch that skips rows another process holds, so each post
 * is published once. A restart loses nothing: what is due stays due until published. The posts
 * to tell their subscribers of are recorded in the same transaction (modules/notifications),
 * and their fan-out jobs sent after the commit.
 */
import type { AppContext } from '../../lib/context';
import { recordPublishedPosts, sendNewPostJobs } from '../notifications/notifications.service';
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
    const posts = await ctx.db.transaction(async (tx) => {
      const due = await publishDuePosts(tx, ctx.clock.now(), BATCH);
      await recordPublishedPosts(ctx, tx, due);
      return due;
    });
    await sendNewPostJobs(
      ctx,
      posts.map((p) => p.contentId),
    );
    published += posts.length;
    if (posts.length < BATCH || signal?.aborted) return published;
  }
}
