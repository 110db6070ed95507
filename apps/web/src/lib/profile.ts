import { useQuery } from '@tanstack/react-query';
import { apiPath, paths } from '@fa-clube/contract';
import { api } from './api-client';
import { useViewerId } from './session';

/** Query key of a public profile as the current viewer sees it (flags depend on who asks). */
const profileKey = (username: string, viewer: string | null) =>
  ['profile', username.toLowerCase(), viewer ?? 'anonymous'] as const;

/** GET /profile?username= → the creator, total_content and how the caller relates to them. */
const fetchProfile = (username: string, signal?: AbortSignal) =>
  api.getPublic(apiPath(paths.profile), {
    query: { username },
    schema: 'Profile',
    signal,
  });

/**
 * A creator's public profile as the current viewer sees it: the profile page, and the feed
 * (has the current workspace posted yet?).
 */
export function useProfile(username: string, enabled = true) {
  const viewer = useViewerId();
  return useQuery({
    queryKey: profileKey(username, viewer),
    queryFn: ({ signal }) => fetchProfile(username, signal),
    enabled: enabled && Boolean(username),
  });
}
