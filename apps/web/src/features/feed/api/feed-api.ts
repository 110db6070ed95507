import { apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** Query key of the recommended profiles, read from the current workspace. */
export const recommendedKey = (ws: string) => ['recommended', ws] as const;

/** GET /profiles/{ws}/recommended → up to 10 creators the caller does not follow yet. */
export const fetchRecommended = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.recommended, { ws }), {
    schema: 'RecommendedResponse',
    signal,
  });
