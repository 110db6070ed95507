import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { fetchOwnProfile, fetchRecommended, ownProfileKey, recommendedKey } from '../api/feed-api';

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
  const { token, metadata, workspace } = useSession();
  const username = workspace?.username ?? '';
  const viewer = token ? (metadata?.id ?? 'signed-in') : 'anonymous';
  return useQuery({
    queryKey: ownProfileKey(username, viewer),
    queryFn: ({ signal }) => fetchOwnProfile(username, signal),
    enabled: Boolean(token && username && workspace?.is_owner),
  });
}
