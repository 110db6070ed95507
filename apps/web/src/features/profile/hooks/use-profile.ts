import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { fetchProfile, profileKey } from '../api/profile-api';

/** Who is looking: the signed-in user's id, or null for an anonymous visitor. */
export function useViewerId(): string | null {
  const { token, metadata } = useSession();
  if (!token) return null;
  return metadata?.id ?? 'signed-in';
}

/** A creator's public profile as the current viewer sees it. */
export function useProfile(username: string) {
  const viewer = useViewerId();
  return useQuery({
    queryKey: profileKey(username, viewer),
    queryFn: ({ signal }) => fetchProfile(username, signal),
    enabled: Boolean(username),
  });
}
