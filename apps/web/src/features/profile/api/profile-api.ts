import { Profile, apiPath, paths } from '@fa-clube/contract';
import { ApiError, api } from '@/lib/api-client';

/** Query key of a public profile as the current viewer sees it (flags depend on who asks). */
export const profileKey = (username: string, viewer: string | null) =>
  ['profile', username.toLowerCase(), viewer ?? 'anonymous'] as const;

/**
 * GET /profile?username= → the creator, total_content and how the caller relates to them.
 * Public: when the stored session no longer works (401 after the refresh), it is asked again
 * anonymously so the visitor still sees the profile and the plans.
 */
export async function fetchProfile(username: string, signal?: AbortSignal): Promise<Profile> {
  const opts = { query: { username }, schema: Profile, signal };
  try {
    return await api.get(apiPath(paths.profile), opts);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return api.get(apiPath(paths.profile), { ...opts, auth: false });
    }
    throw error;
  }
}

/** A profile that does not exist (404) or a username that cannot exist (400). */
export function isProfileNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
