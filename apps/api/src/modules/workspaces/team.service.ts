import { INVITATION_TTL_DAYS, TEAM_PAGING, pageOffset } from '@fa-clube/contract';
import type {
  Invitation,
  InvitationInfo,
  InviteResponse,
  TeamResponse,
  TransferOwnershipResponse,
  Workspace,
} from '@fa-clube/contract';
import {
  ownerRequired,
  requireActor,
  requireWorkspaceRole,
  workspaceNotFound,
} from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { addDays } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, rateLimited } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { queueMail } from '../mail/mail.service';
import { publicImageUrl } from '../../lib/storage';
import {
  findMember,
  findMemberByEmail,
  findUserContact,
  listMembers,
} from '../../read-models/team-members';
import {
  addMember,
  deleteInvitation,
  findInvitation,
  findOpenInvitation,
  insertInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  refreshInvitation,
  removeMember as removeMemberRow,
  setRole,
} from './team.repo';
import type { InvitationRow } from './team.repo';
import { findWorkspaceById } from './workspaces.repo';
import { assertCanOwnAnother, toWorkspaceDto } from './workspaces.service';

/** Invitations one owner may send per hour (each one sends an e-mail). */
export const INVITES_PER_HOUR = 30;

const invitationNotFound = () => new AppError('INVITATION_NOT_FOUND', 'Convite não encontrado.');
const invitationUsed = () =>
  new AppError('INVITATION_USED', 'Este convite já foi aceito e não pode ser usado de novo.');
const memberNotFound = () => new AppError('MEMBER_NOT_FOUND', 'Membro não encontrado.');

export const inviteLink = (ctx: AppContext, invitationId: string) =>
  `${ctx.config.appUrl}/invitation/${invitationId}`;

const invitationDto = (ctx: AppContext, row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  expires_at: row.expiresAt.toISOString(),
  invite_link: inviteLink(ctx, row.id),
});

/** GET /teams/{id}/members: owner and members see the team and the pending invitations. */
export async function getTeam(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number },
): Promise<TeamResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const page = { limit: query.size, offset: pageOffset(TEAM_PAGING, query.page, query.size) };
  const [members, pending] = await Promise.all([
    listMembers(ctx.db, workspaceId, page),
    listPendingInvitations(ctx.db, workspaceId, ctx.clock.now(), page),
  ]);
  return {
    members: members.rows.map((m) => ({
      id: m.userId,
      full_name: m.fullName,
      email: m.email,
      avatar_url: publicImageUrl(m.avatarPath),
      role: m.role,
    })),
    invitations: pending.rows.map((row) => invitationDto(ctx, row)),
    page: query.page,
    size: query.size,
    total: members.total,
    invitations_total: pending.total,
  };
}

/**
 * POST /workspaces/{id}/invite: owner only. Inviting the same pending e-mail
 * again renews the invitation (same link, new 7-day expiry) and sends the
 * e-mail again. An e-mail that could not be sent does not undo the invitation:
 * the owner still gets the link to share.
 */
export async function invite(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  rawEmail: string,
): Promise<{ created: boolean; response: InviteResponse }> {
  const { actor: a } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const email = rawEmail.trim().toLowerCase();
  const wait = await ctx.throttle.consume(`invite:${a.userId}`, {
    max: INVITES_PER_HOUR,
    windowSeconds: 3600,
  });
  if (wait) throw rateLimited(wait, 'Muitos convites enviados. Tente novamente mais tarde.');

  const [inviter, ws] = await Promise.all([
    findUserContact(ctx.db, a.userId),
    findWorkspaceById(ctx.db, workspaceId),
  ]);
  if (!inviter || !ws) throw workspaceNotFound();
  if (inviter.email.toLowerCase() === email)
    throw fieldError('CANNOT_INVITE_SELF', 'email', 'Você não pode convidar a si mesmo.');
  if (await findMemberByEmail(ctx.db, workspaceId, email))
    throw fieldError('ALREADY_MEMBER', 'email', 'Esta pessoa já faz parte da equipe.');

  const now = ctx.clock.now();
  const expiresAt = addDays(now, INVITATION_TTL_DAYS);
  let row: InvitationRow | null = null;
  let created = false;
  for (let attempt = 0; attempt < 2 && !row; attempt++) {
    const open = await findOpenInvitation(ctx.db, workspaceId, email);
    if (open) {
      row = await refreshInvitation(ctx.db, open.id, { invitedBy: a.userId, expiresAt });
      continue;
    }
    try {
      row = await insertInvitation(ctx.db, {
        workspaceId,
        email,
        invitedBy: a.userId,
        expiresAt,
        now,
      });
      created = true;
    } catch (err) {
      // a concurrent invite of the same e-mail won: renew that one
      if (!isUniqueViolation(err, 'invitations_pending_uq')) throw err;
    }
  }
  if (!row) throw new AppError('INVITATION_CONFLICT', 'Tente convidar novamente.');

  const link = inviteLink(ctx, row.id);
  // the e-mail goes through the mail outbox: SMTP down delays it (retried), so
  // `email_sent` says it is on its way; false only when it could not be queued
  let emailSent = true;
  try {
    await queueMail(
      ctx,
      renderEmail({
        kind: 'invitation',
        to: email,
        subject: `Convite para a equipe de ${ws.label} no Fã Clube`,
        title: `Você foi convidado para a equipe de ${ws.label}`,
        paragraphs: [
          `${inviter.fullName} convidou você para fazer parte da equipe de ${ws.label} (@${ws.username}) no Fã Clube.`,
          `Entre (ou crie sua conta) com este e-mail para aceitar. O convite vale por ${INVITATION_TTL_DAYS} dias.`,
        ],
        action: { label: 'Aceitar convite', url: link },
        footer: 'Se você não esperava este convite, pode ignorar este e-mail.',
      }),
    );
  } catch (err) {
    emailSent = false;
    ctx.logger.error({ err, invitationId: row.id }, 'invitation e-mail not queued');
  }
  return {
    created,
    response: { invite_link: link, invitation: invitationDto(ctx, row), email_sent: emailSent },
  };
}

/** DELETE /workspaces/{id}/invite/{inviteId}: owner only. */
export async function cancelInvitation(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  invitationId: string,
): Promise<{ message: string }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  if (!(await deleteInvitation(ctx.db, workspaceId, invitationId))) throw invitationNotFound();
  return { message: 'Convite para a equipe removido.' };
}

/** DELETE /teams/{id}/member/{memberId}: owner only; the owner cannot remove themself. */
export async function removeMember(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  memberId: string,
): Promise<{ message: string }> {
  const { actor: a } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  if (memberId === a.userId)
    throw new AppError(
      'CANNOT_REMOVE_SELF',
      'Você não pode remover a si mesmo. Transfira a propriedade ou exclua o espaço de trabalho.',
    );
  const member = await findMember(ctx.db, workspaceId, memberId);
  if (!member || !(await removeMemberRow(ctx.db, workspaceId, memberId))) throw memberNotFound();
  return { message: `${member.fullName} foi removido(a) da equipe.` };
}

function invitationState(row: InvitationRow, now: Date): InvitationInfo['state'] {
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/**
 * GET /teams/invitation/{id}: what the invitation page shows before accepting.
 * Anyone signed in holding the link sees the workspace and the state; the
 * invited e-mail is never returned.
 */
export async function getInvitation(
  ctx: AppContext,
  actor: Actor | null,
  invitationId: string,
): Promise<InvitationInfo> {
  const a = requireActor(actor);
  const row = await findInvitation(ctx.db, invitationId);
  if (!row) throw invitationNotFound();
  const [ws, me, member] = await Promise.all([
    findWorkspaceById(ctx.db, row.workspaceId),
    findUserContact(ctx.db, a.userId),
    findMember(ctx.db, row.workspaceId, a.userId),
  ]);
  if (!ws || !me) throw invitationNotFound();
  return {
    id: row.id,
    state: invitationState(row, ctx.clock.now()),
    for_you: me.email.toLowerCase() === row.email.toLowerCase(),
    is_member: Boolean(member),
    expires_at: row.expiresAt.toISOString(),
    workspace: {
      label: ws.label,
      username: ws.username,
      avatar_url: publicImageUrl(ws.avatarPath),
    },
  };
}

/**
 * POST /teams/accept/invitation/{id}: only the invited e-mail's user, once,
 * within 7 days. Answers the workspace joined.
 */
export async function acceptInvitation(
  ctx: AppContext,
  actor: Actor | null,
  invitationId: string,
): Promise<Workspace> {
  const a = requireActor(actor);
  const row = await findInvitation(ctx.db, invitationId);
  if (!row) throw invitationNotFound();
  const me = await findUserContact(ctx.db, a.userId);
  if (!me || me.email.toLowerCase() !== row.email.toLowerCase())
    throw new AppError(
      'INVITATION_NOT_FOR_YOU',
      'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail convidado.',
    );
  if (row.acceptedAt) throw invitationUsed();
  const now = ctx.clock.now();
  if (row.expiresAt <= now)
    throw new AppError(
      'INVITATION_EXPIRED',
      'Este convite expirou. Peça ao proprietário do espaço de trabalho um novo convite.',
    );
  await ctx.db.transaction(async (tx) => {
    if (!(await markInvitationAccepted(tx, row.id, a.userId, now))) throw invitationUsed();
    await addMember(tx, row.workspaceId, a.userId);
  });
  const ws = await findWorkspaceById(ctx.db, row.workspaceId);
  if (!ws) throw invitationNotFound();
  const member = await findMember(ctx.db, row.workspaceId, a.userId);
  return toWorkspaceDto(ctx, ws, member?.role === 'owner');
}

/**
 * POST /workspaces/{id}/transfer/ownership: owner only; the new owner must
 * already be a member. In one transaction the owner becomes a member and the
 * member the owner (the one-owner index holds at every step).
 */
export async function transferOwnership(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  email: string,
): Promise<TransferOwnershipResponse> {
  const { actor: a } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const target = await findMemberByEmail(ctx.db, workspaceId, email);
  if (!target)
    throw new AppError(
      'NOT_A_MEMBER',
      'Só é possível transferir a propriedade para um membro da equipe. Convide a pessoa primeiro.',
      { errors: [{ field: 'email', message: 'Esta pessoa não é membro da equipe.' }] },
    );
  if (target.userId === a.userId)
    throw fieldError(
      'ALREADY_OWNER',
      'email',
      'Você já é o proprietário deste espaço de trabalho.',
    );
  await ctx.db.transaction(async (tx) => {
    await assertCanOwnAnother(ctx, tx, target.userId, target.fullName);
    if (!(await setRole(tx, workspaceId, a.userId, 'owner', 'member'))) throw ownerRequired();
    if (!(await setRole(tx, workspaceId, target.userId, 'member', 'owner'))) throw memberNotFound();
  });
  const ws = await findWorkspaceById(ctx.db, workspaceId);
  if (!ws) throw workspaceNotFound();
  return {
    message: `A propriedade foi transferida para ${target.fullName}.`,
    workspace: toWorkspaceDto(ctx, ws, false),
  };
}
