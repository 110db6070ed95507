// Contract for the workspaces domain (workspaces, team members, invitations, ownership):
// request and response schemas shared by the API and the web client.
import { z } from 'zod';
import { Email, Timestamp, Username, Uuid } from './common';

export const WORKSPACE_LABEL_MAX = 60;
export const WORKSPACE_DESCRIPTION_MAX = 250;
/** Days an invitation stays valid. */
export const INVITATION_TTL_DAYS = 7;

export const WorkspaceLabel = z
  .string({ message: 'Informe o nome do espaço de trabalho.' })
  .trim()
  .min(1, 'Informe o nome do espaço de trabalho.')
  .max(WORKSPACE_LABEL_MAX, `O nome deve ter no máximo ${WORKSPACE_LABEL_MAX} caracteres.`);

export const WorkspaceDescription = z
  .string({ message: 'Descrição inválida.' })
  .trim()
  .max(
    WORKSPACE_DESCRIPTION_MAX,
    `A descrição deve ter no máximo ${WORKSPACE_DESCRIPTION_MAX} caracteres.`,
  );

export const WorkspaceRole = z.enum(['owner', 'member']);
export type WorkspaceRole = z.infer<typeof WorkspaceRole>;

/** A workspace as its owner and members see it. */
export const Workspace = z
  .object({
    id: Uuid,
    label: z.string(),
    username: z.string(),
    description: z.string(),
    /** Public, cacheable image URLs (null until uploaded). */
    avatar_url: z.string().nullable(),
    cover_url: z.string().nullable(),
    is_owner: z.boolean(),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof Workspace>;

export const WorkspacesResponse = z.object({ workspaces: z.array(Workspace) });
export type WorkspacesResponse = z.infer<typeof WorkspacesResponse>;

export const CreateWorkspaceBody = z.object({
  label: WorkspaceLabel,
  username: Username,
  description: WorkspaceDescription.optional(),
});
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBody>;

export const UpdateWorkspaceBody = z.object({
  label: WorkspaceLabel.optional(),
  username: Username.optional(),
  description: WorkspaceDescription.optional(),
});
export type UpdateWorkspaceBody = z.infer<typeof UpdateWorkspaceBody>;

export const WorkspaceIdParams = z.object({ id: Uuid });
export const InviteItemParams = z.object({ id: Uuid, inviteId: Uuid });
export const TeamMemberParams = z.object({ id: Uuid, memberId: Uuid });
export const InvitationIdParams = z.object({ id: Uuid });

export const InviteBody = z.object({ email: Email });
export type InviteBody = z.infer<typeof InviteBody>;

export const Invitation = z
  .object({
    id: Uuid,
    email: z.string(),
    expires_at: Timestamp,
    /** `<APP_URL>/invitation/<id>`, the link sent by e-mail. */
    invite_link: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

export const InviteResponse = z.object({
  /** `<APP_URL>/invitation/<invitation id>`; also sent by e-mail. */
  invite_link: z.string(),
  invitation: Invitation,
  /** False when the e-mail could not be sent (the link can still be shared by hand). */
  email_sent: z.boolean(),
});
export type InviteResponse = z.infer<typeof InviteResponse>;

export const TeamMember = z
  .object({
    id: Uuid,
    full_name: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    role: WorkspaceRole,
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamResponse = z.object({
  members: z.array(TeamMember),
  /** Pending, unexpired invitations. */
  invitations: z.array(Invitation),
});
export type TeamResponse = z.infer<typeof TeamResponse>;

export const InvitationState = z.enum(['pending', 'accepted', 'expired']);
export type InvitationState = z.infer<typeof InvitationState>;

/** What the /invitation/{id} page shows before accepting. Never holds the invited e-mail. */
export const InvitationInfo = z
  .object({
    id: Uuid,
    state: InvitationState,
    /** True when the signed-in user's e-mail is the invited one. */
    for_you: z.boolean(),
    /** True when the signed-in user already belongs to the workspace. */
    is_member: z.boolean(),
    expires_at: Timestamp,
    workspace: z.object({
      label: z.string(),
      username: z.string(),
      avatar_url: z.string().nullable(),
    }),
  })
  .meta({ id: 'InvitationInfo' });
export type InvitationInfo = z.infer<typeof InvitationInfo>;

export const TransferOwnershipBody = z.object({ email: Email });
export type TransferOwnershipBody = z.infer<typeof TransferOwnershipBody>;

export const TransferOwnershipResponse = z.object({ message: z.string(), workspace: Workspace });
export type TransferOwnershipResponse = z.infer<typeof TransferOwnershipResponse>;
