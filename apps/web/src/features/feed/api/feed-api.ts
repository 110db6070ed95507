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

/** POST /workspaces/{id}/creator ('Quero ser criador') → the workspace, now a creator's. */
export const becomeCreator = (ws: string) =>
  api.post(apiPath(paths.workspaceCreator, { id: ws }), undefined, { schema: 'Workspace' });

/** Query key of a search for creators. */
export const creatorSearchKey = (q: string) => ['creator-search', q.toLowerCase()] as const;

/** GET /profiles/search?q= → up to 20 creators by name or @username. */
export const searchCreators = (q: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.creatorSearch), {
    query: { q },
    schema: 'CreatorSearchResponse',
    signal,
  });
