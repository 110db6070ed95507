import { useQuery } from '@tanstack/react-query';
import { useProfile } from '@/lib/profile';
import { useSession } from '@/lib/session';
import { fetchRecommended, recommendedKey } from '../api/feed-api';

/** The recommended profiles for the current workspace (only fetched when shown). */
export function useRecommended(ws: string | null, enabled = true) {
  return useQuery({
    queryKey: recommendedKey(ws ?? ''),
    queryFn: ({ signal }) => fetchRecommended(ws!, signal),
    enabled: enabled && Boolean(ws),
  });
}

/** The current workspace's public profile, for its owner (has the creator posted yet?). */
export function useOwnProfile() {
  const { token, workspace } = useSession();
  return useProfile(workspace?.username ?? '', Boolean(token && workspace?.is_owner));
}
