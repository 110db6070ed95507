import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CREATOR_SEARCH_MIN } from '@fa-clube/contract';
import { useProfile } from '@/lib/profile';
import { useSession } from '@/lib/session';
import { rememberWorkspace } from '@/lib/workspace';
import {
  becomeCreator,
  creatorSearchKey,
  fetchRecommended,
  recommendedKey,
  searchCreators,
} from '../api/feed-api';

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

/** 'Quero ser criador': the answer becomes the stored workspace, so the creator's menu shows. */
export function useBecomeCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ws: string) => becomeCreator(ws),
    onSuccess: (workspace) => rememberWorkspace(queryClient, workspace),
  });
}

/** The creators matching `q` (2 characters or more, without the leading @). */
export function useCreatorSearch(q: string) {
  return useQuery({
    queryKey: creatorSearchKey(q),
    queryFn: ({ signal }) => searchCreators(q, signal),
    enabled: q.length >= CREATOR_SEARCH_MIN,
    staleTime: 30_000,
  });
}
