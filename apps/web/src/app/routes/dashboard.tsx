import { LazyComposer } from '@/features/content/components/lazy-composer';
import { FeedPosts } from '@/features/content/components/feed-posts';
import { ScheduledPosts } from '@/features/content/components/scheduled-posts';
import { Welcome } from '@/features/dashboard/components/welcome';
import { InsightsSummary } from '@/features/insights/components/insights-summary';
import { FeedPage } from '@/features/feed/components/feed-page';
import { useSession } from '@/lib/session';

/**
 * / and /dashboard ('Overview'): the feed for a signed-in user, composed here from the feed
 * (page, recommendations) and content (composer, posts) features. /dashboard is not guarded; a
 * visitor without a session sees the welcome that invites them to sign in.
 */
export function DashboardRoute() {
  const { token } = useSession();
  return token ? (
    <FeedPage
      composer={(author) => <LazyComposer {...author} />}
      posts={(ws, empty) => <FeedPosts ws={ws} empty={empty} />}
      insights={(ws) => <InsightsSummary ws={ws} />}
      scheduled={(ws) => <ScheduledPosts ws={ws} />}
    />
  ) : (
    <Welcome />
  );
}
