import { apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** The team of a workspace; the key holds its id, so switching workspace refetches. */
export const teamKey = (workspaceId: string) => ['team', workspaceId] as const;

/** GET /teams/{id}/members → members (with role) and pending invitations. */
export function fetchTeam(workspaceId: string, signal?: AbortSignal) {
  return api.get(apiPath(paths.teamMembers, { id: workspaceId }), {
    schema: 'TeamResponse',
    signal,
  });
}

/** POST /workspaces/{id}/invite (owner) → invite_link, invitation, email_sent. */
export function inviteMember(workspaceId: string, email: string) {
  return api.post(
    apiPath(paths.workspaceInvite, { id: workspaceId }),
    { email },
    { schema: 'InviteResponse' },
  );
}

/** DELETE /workspaces/{id}/invite/{inviteId} (owner). */
export function deleteInvitation(workspaceId: string, inviteId: string) {
  return api.delete(apiPath(paths.workspaceInviteItem, { id: workspaceId, inviteId }), {
    schema: 'MessageBody',
  });
}

/** DELETE /teams/{id}/member/{memberId} (owner) → the server's message to show. */
export function removeMember(workspaceId: string, memberId: string) {
  return api.delete(apiPath(paths.teamMember, { id: workspaceId, memberId }), {
    schema: 'MessageBody',
  });
}

/** POST /workspaces/{id}/transfer/ownership (owner) → message and the workspace (now a member's). */
export function transferOwnership(workspaceId: string, email: string) {
  return api.post(
    apiPath(paths.workspaceTransfer, { id: workspaceId }),
    { email },
    { schema: 'TransferOwnershipResponse' },
  );
}

/** DELETE /workspaces/{id} (owner; never the last own workspace: 409 LAST_OWN_WORKSPACE). */
export function deleteWorkspace(workspaceId: string) {
  return api.delete(apiPath(paths.workspace, { id: workspaceId }), {
    schema: 'MessageBody',
  });
}
