import { Profile, RecommendedResponse, apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** Query key of the recommended profiles, read from the current workspace. */
export const recommendedKey = (ws: string) => ['recommended', ws] as const;

/** GET /profiles/{ws}/recommended → up to 10 creators the caller does not follow yet. */
export const fetchRecommended = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.recommended, { ws }), { schema: RecommendedResponse, signal });

/** Same key as the profile page's, so both share the answer. */
export const ownProfileKey = (username: string, viewer: string) =>
  ['profile', username.toLowerCase(), viewer] as const;

/** GET /profile?username= of the current workspace (how many posts it has). */
export const fetchOwnProfile = (username: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.profile), { query: { username }, schema: Profile, signal });
