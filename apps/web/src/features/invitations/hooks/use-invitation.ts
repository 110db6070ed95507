import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationInfo } from '@fa-clube/contract';
import { hasErrorCode } from '@/lib/api-client';
import { WORKSPACES_QUERY_KEY, fetchWorkspaces } from '@/lib/workspace';
import { acceptInvitation, fetchInvitation, invitationKey } from '../api/invitations-api';

export type InvitationView =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'not-found' }
  | { kind: 'expired'; info: InvitationInfo }
  | { kind: 'used'; info: InvitationInfo }
  | { kind: 'member'; info: InvitationInfo }
  | { kind: 'not-for-you'; info: InvitationInfo }
  | { kind: 'pending'; info: InvitationInfo };

/** What the invitation page shows, from the server's answer. */
export function invitationView(
  info: InvitationInfo | undefined,
  error: unknown,
  pending: boolean,
): InvitationView {
  if (info) {
    if (info.is_member) return { kind: 'member', info };
    if (info.state === 'accepted') return { kind: 'used', info };
    if (info.state === 'expired') return { kind: 'expired', info };
    if (!info.for_you) return { kind: 'not-for-you', info };
    return { kind: 'pending', info };
  }
  // a malformed id is a link that leads nowhere, like an unknown one
  if (hasErrorCode(error, 'INVITATION_NOT_FOUND', 'VALIDATION_ERROR')) return { kind: 'not-found' };
  if (error) return { kind: 'error' };
  return pending ? { kind: 'loading' } : { kind: 'error' };
}

export function useInvitation(id: string) {
  const query = useQuery({
    queryKey: invitationKey(id),
    queryFn: ({ signal }) => fetchInvitation(id, signal),
    staleTime: 0,
  });
  return { query, view: invitationView(query.data, query.error, query.isPending) };
}

/**
 * Accepts the invitation; the caller then makes the joined workspace current with
 * `switchWorkspace` (everything refetches). A refusal reloads the invitation's state.
 */
export function useAcceptInvitation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(id),
    onError: () => queryClient.invalidateQueries({ queryKey: invitationKey(id) }),
  });
}

/** For someone already in the team: finds that workspace (by its username) in the user's list. */
export function useFindWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) => {
      const list = await fetchWorkspaces();
      queryClient.setQueryData(WORKSPACES_QUERY_KEY, list);
      const found = list.find((w) => w.username === username);
      return found?.id ? { ...found, id: found.id } : null;
    },
  });
}
