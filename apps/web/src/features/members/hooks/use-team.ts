import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { hasErrorCode } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import type { StoredWorkspace } from '@/lib/session';
import { WORKSPACES_QUERY_KEY, fetchWorkspaces, switchWorkspace } from '@/lib/workspace';
import {
  deleteInvitation,
  deleteWorkspace,
  fetchTeam,
  inviteMember,
  removeMember,
  teamKey,
  transferOwnership,
} from '../api/members-api';

/**
 * The current workspace's team. `isOwner` comes from the signed-in user's role in the answer
 * (the stored `is_owner` only stands in when the user is not found in it).
 */
export function useTeam() {
  const { workspace, metadata } = useSession();
  const workspaceId = workspace?.id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: teamKey(workspaceId),
    queryFn: ({ signal }) => fetchTeam(workspaceId, signal),
    enabled: Boolean(workspaceId),
  });

  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  const gone = hasErrorCode(query.error, 'WORKSPACE_NOT_FOUND');
  useEffect(() => {
    if (!failedAt) return;
    toast.error(t.members.loadError);
    // removed from the team or deleted elsewhere: reload the list so the switcher picks another
    if (gone) void queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
  }, [failedAt, gone, queryClient]);

  const me = query.data?.members.find((m) => m.id === metadata?.id);
  const isOwner = query.isSuccess && (me ? me.role === 'owner' : Boolean(workspace?.is_owner));
  return { query, workspace, workspaceId, isOwner, meId: metadata?.id ?? null };
}

export function useInvite(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteMember(workspaceId, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(workspaceId) }),
  });
}

export function useDeleteInvitation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => deleteInvitation(workspaceId, inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(workspaceId) }),
  });
}

export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeMember(workspaceId, memberId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(workspaceId) }),
  });
}

/**
 * POST transfer/ownership. The caller shows the message, then calls `switchWorkspace` with the
 * answer (the same workspace, now a member's) so everything refetches.
 */
export function useTransferOwnership(workspaceId: string) {
  return useMutation({ mutationFn: (email: string) => transferOwnership(workspaceId, email) });
}

/**
 * Deletes the workspace and loads what remains of the user's list (the API never deletes the
 * last own workspace, so there is always another). The caller shows the message, leaves the
 * page, then calls `leaveDeletedWorkspace`.
 */
export function useDeleteWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { message } = await deleteWorkspace(workspaceId);
      const list = await fetchWorkspaces().catch(() => null);
      const remaining = (
        list ??
        queryClient.getQueryData<StoredWorkspace[]>(WORKSPACES_QUERY_KEY) ??
        []
      ).filter((w): w is StoredWorkspace & { id: string } => Boolean(w.id) && w.id !== workspaceId);
      return { message, remaining };
    },
  });
}

/** Forgets the deleted workspace and makes the first remaining one current. */
export function leaveDeletedWorkspace(
  queryClient: QueryClient,
  workspaceId: string,
  remaining: (StoredWorkspace & { id: string })[],
) {
  queryClient.removeQueries({ queryKey: teamKey(workspaceId) });
  queryClient.setQueryData(WORKSPACES_QUERY_KEY, remaining);
  const next = remaining[0];
  if (next) switchWorkspace(queryClient, next);
  else void queryClient.invalidateQueries();
}
