// Contract for the workspaces domain (workspaces, team members, invitations, ownership):
// request and response schemas shared by the API and the web client.
import { z } from 'zod';
import { PAGE_SIZE_MAX } from './paging';
import { pageQuery } from './paged';
import { defineErrors } from './errors';
import { Email, Timestamp, Username, Uuid } from './common';

export const WORKSPACE_LABEL_MAX = 60;
export const WORKSPACE_DESCRIPTION_MAX = 250;

/** `WorkspaceLabel`'s rule: 1 to WORKSPACE_LABEL_MAX characters once trimmed. */
export const isWorkspaceLabel = (value: string) => {
  const length = value.trim().length;
  return length >= 1 && length <= WORKSPACE_LABEL_MAX;
};

/** `WorkspaceDescription`'s rule: at most WORKSPACE_DESCRIPTION_MAX once trimmed. */
export const isWorkspaceDescription = (value: string) =>
  value.trim().length <= WORKSPACE_DESCRIPTION_MAX;

/** Days an invitation stays valid. */
export const INVITATION_TTL_DAYS = 7;

/** Built from `isWorkspaceLabel`. */
export const WorkspaceLabel = z
  .string({ message: 'Informe o nome do espaço de trabalho.' })
  .trim()
  .min(1, 'Informe o nome do espaço de trabalho.')
  .refine(isWorkspaceLabel, `O nome deve ter no máximo ${WORKSPACE_LABEL_MAX} caracteres.`);

/** Built from `isWorkspaceDescription`. */
export const WorkspaceDescription = z
  .string({ message: 'Descrição inválida.' })
  .trim()
  .refine(
    isWorkspaceDescription,
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
    /**
     * The owner chose to be a creator ('Quero ser criador', a plan set up): the creator's home
     * and menu. False for the workspace of a sign-up until then (the fan-first home).
     */
    is_creator: z.boolean(),
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

/**
 * GET /teams/{id}/members?page=&size=: the same page of both lists (page from
 * 0; the default size is the largest, so a team fits one page in practice).
 */
export const TEAM_PAGING = { base: 0, size: PAGE_SIZE_MAX } as const;
export const TeamQuery = pageQuery(TEAM_PAGING);

export const TeamResponse = z.object({
  members: z.array(TeamMember),
  /** Pending, unexpired invitations. */
  invitations: z.array(Invitation),
  page: z.number().int(),
  size: z.number().int(),
  /** How many members in all. */
  total: z.number().int(),
  /** How many pending invitations in all. */
  invitations_total: z.number().int(),
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

/** Error codes of the workspaces, team and invitation endpoints (and every workspace access check). */
export const WORKSPACE_ERRORS = defineErrors({
  /** Also for a workspace the caller does not belong to: its existence must not leak. */
  WORKSPACE_NOT_FOUND: { status: 404, message: 'Espaço de trabalho não encontrado.' },
  OWNER_REQUIRED: {
    status: 403,
    message: 'Apenas o proprietário do espaço de trabalho pode fazer isso.',
  },
  LAST_OWN_WORKSPACE: {
    status: 409,
    message:
      'Você precisa manter pelo menos um espaço de trabalho próprio. Crie outro antes de excluir este.',
  },
  MEMBER_NOT_FOUND: { status: 404, message: 'Membro não encontrado.' },
  CANNOT_REMOVE_SELF: {
    status: 409,
    message:
      'Você não pode remover a si mesmo. Transfira a propriedade ou exclua o espaço de trabalho.',
  },
  CANNOT_INVITE_SELF: { status: 409, message: 'Você não pode convidar a si mesmo.' },
  ALREADY_MEMBER: { status: 409, message: 'Esta pessoa já faz parte da equipe.' },
  INVITATION_NOT_FOUND: { status: 404, message: 'Convite não encontrado.' },
  INVITATION_CONFLICT: { status: 409, message: 'Tente convidar novamente.' },
  INVITATION_USED: {
    status: 409,
    message: 'Este convite já foi aceito e não pode ser usado de novo.',
  },
  INVITATION_EXPIRED: {
    status: 409,
    message: 'Este convite expirou. Peça ao proprietário do espaço de trabalho um novo convite.',
  },
  INVITATION_NOT_FOR_YOU: {
    status: 403,
    message: 'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail convidado.',
  },
  NOT_A_MEMBER: {
    status: 400,
    message:
      'Só é possível transferir a propriedade para um membro da equipe. Convide a pessoa primeiro.',
  },
  ALREADY_OWNER: { status: 409, message: 'Você já é o proprietário deste espaço de trabalho.' },
  WORKSPACE_LIMIT_REACHED: {
    status: 409,
    message:
      'Você já tem o número máximo de espaços de trabalho próprios. Exclua um antes de criar outro.',
  },
});
