import { Welcome } from '@/features/dashboard/components/welcome';
import { FeedPage } from '@/features/feed';
import { useSession } from '@/lib/session';

/**
 * / and /dashboard ('Overview'): the feed for a signed-in user. /dashboard is not guarded; a
 * visitor without a session sees the welcome that invites them to sign in.
 */
export function DashboardRoute() {
  const { token } = useSession();
  return token ? <FeedPage /> : <Welcome />;
}
