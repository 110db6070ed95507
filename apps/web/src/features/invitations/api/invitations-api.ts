import { apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

export const invitationKey = (id: string) => ['invitation', id] as const;

/** GET /teams/invitation/{id}: workspace, state, for_you, is_member (never the invited e-mail). */
export function fetchInvitation(id: string, signal?: AbortSignal) {
  return api.get(apiPath(paths.invitation, { id }), {
    schema: 'InvitationInfo',
    signal,
  });
}

/** POST /teams/accept/invitation/{id} → the workspace joined. */
export function acceptInvitation(id: string) {
  return api.post(apiPath(paths.acceptInvitation, { id }), undefined, {
    schema: 'Workspace',
  });
}
