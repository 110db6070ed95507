import { EMAIL_CHANGE_TTL_HOURS, centsToMajor } from '@fa-clube/contract';
import type { MeResponse, SessionsResponse } from '@fa-clube/contract';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DeviceType } from '@fa-clube/contract';
import { requireActor } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { ownedWorkspacesWithPeople, readPersonalData } from '../../read-models/personal-data';
import type { PersonalData } from '../../read-models/personal-data';
import type { AppContext } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, validationError } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { checkCurrentPassword } from '../../lib/password-attempts';
import { deliverSoon, enqueueMail, forgetMailTo, queueMail } from '../mail/mail.service';
import { publicImageUrl, thumbnailKey } from '../../lib/storage';
import { parseUserAgent } from '../../lib/user-agent';
import {
  anonymiseUser,
  deletePasswordResetsOf,
  findUserByEmail,
  findUserById,
  getMe,
  recordAccountActivity,
  revokeOtherSessions,
  revokeSession,
  setConfirmedEmail,
  setFullName,
  setPasswordHash,
  signedInRecently,
} from '../auth/auth.service';
import type { UserRow } from '../auth/auth.service';
import { anonymiseChatsOfDeletedAccount, exportMessagesOf } from '../chat/chat.service';
import { forgetContentOf } from '../content/content.service';
import { forgetMessagesTo } from '../email-marketing/email-marketing.service';
import {
  cancelRecurrencesOfDeletedPayer,
  closeChargesOfDeletedPayer,
  endPaymentsOfDeletedWorkspaces,
} from '../payments/payments.service';
import { endSubscriptionsOfDeletedAccount } from '../subscriptions/subscriptions.service';
import {
  closeWorkspacesOfDeletedAccount,
  lockWorkspacesOwnedBy,
  removeClosedWorkspaceFiles,
} from '../workspaces/workspaces.service';
import { forgetVerificationsOf, removeVerificationFiles } from '../trueid/trueid.service';
import { forgetRecoveryCodesOf } from '../two-factor/two-factor.service';
import { listLiveSessions } from '../../read-models/sessions';
import { consumeEmailChange, deleteEmailChangesOf, replaceEmailChange } from './account.repo';

/** Where a request came from, for the audit rows (login activities). */
export interface RequestOrigin {
  ip: string;
  deviceType: DeviceType | null;
  userAgent: string | null;
}

const sessionEnded = () => new AppError('UNAUTHORIZED', 'Sessão encerrada. Entre novamente.');

/**
 * The access check of every endpoint here: a signed-in caller whose account still exists. An
 * ended session (from another device, or by a password change) never reaches this: the auth
 * plugin refuses its access tokens on every request (read-models/sessions.ts).
 */
async function requireLiveAccount(ctx: AppContext, actor: Actor | null): Promise<UserRow> {
  const user = await findUserById(ctx.db, requireActor(actor).userId);
  if (!user) throw sessionEnded();
  return user;
}

/**
 * An account made through Google has no password to confirm with: the person proves they are at
 * the keyboard by a sign-in of the last 10 minutes (as turning 2FA on does).
 */
async function requireFreshSignIn(ctx: AppContext, actor: Actor) {
  if (await signedInRecently(ctx, actor)) return;
  throw new AppError(
    'REAUTHENTICATION_REQUIRED',
    'Sua conta entra pelo Google. Saia, entre de novo com o Google e exclua a conta em até 10 minutos.',
  );
}

/** The current password, throttled per account (lib/password-attempts). */
async function requirePassword(ctx: AppContext, user: UserRow, password: string, field: string) {
  if (!(await checkCurrentPassword(ctx, user.id, user.passwordHash, password)))
    throw fieldError('WRONG_PASSWORD', field, 'Senha atual incorreta.');
}

/** PATCH /me { full_name } */
export async function updateProfile(
  ctx: AppContext,
  actor: Actor | null,
  body: { full_name: string },
): Promise<MeResponse> {
  const user = await requireLiveAccount(ctx, actor);
  await setFullName(ctx.db, user.id, body.full_name);
  return getMe(ctx, requireActor(actor));
}

/**
 * POST /me/password: the current password proves it is the person; the new one replaces it
 * and every other session ends (this device stays signed in).
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor | null,
  body: { current_password: string; password: string },
): Promise<{ message: string; revoked: number }> {
  const user = await requireLiveAccount(ctx, actor);
  await requirePassword(ctx, user, body.current_password, 'current_password');
  const now = ctx.clock.now();
  const hash = await hashPassword(body.password);
  const revoked = await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, hash);
    return revokeOtherSessions(tx, user.id, requireActor(actor).sessionId, now);
  });
  return { message: 'Senha alterada. As outras sessões foram encerradas.', revoked };
}

/**
 * POST /me/email: a link to the new address confirms the change; the current address is told
 * at once (and again when the change happens), so a stolen session cannot move the account
 * away silently.
 */
export async function requestEmailChange(
  ctx: AppContext,
  actor: Actor | null,
  body: { email: string; current_password: string },
): Promise<{ message: string; email: string }> {
  const user = await requireLiveAccount(ctx, actor);
  await requirePassword(ctx, user, body.current_password, 'current_password');
  const email = body.email.trim().toLowerCase();
  if (email === user.email.toLowerCase())
    throw fieldError('VALIDATION_ERROR', 'email', 'Este já é o seu e-mail.');
  if (await findUserByEmail(ctx.db, email))
    throw fieldError('EMAIL_TAKEN', 'email', 'Este e-mail já está em uso.');
  const now = ctx.clock.now();
  const token = randomToken(32);
  const url = `${ctx.config.appUrl}/account/email?token=${encodeURIComponent(token)}`;
  // the pending change and both e-mails (mail outbox) are written together
  const mailIds = await ctx.db.transaction(async (tx) => {
    await replaceEmailChange(
      tx,
      {
        userId: user.id,
        newEmail: email,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
        createdAt: now,
      },
      now,
    );
    const link = await enqueueMail(
      ctx,
      tx,
      renderEmail({
        kind: 'email-change',
        to: email,
        subject: 'Confirme o seu novo e-mail no Fã Clube',
        title: 'Confirme o seu novo e-mail',
        paragraphs: [
          `Olá, ${user.fullName}!`,
          'Você pediu para usar este endereço na sua conta do Fã Clube. Clique no botão abaixo para confirmar.',
          `O link vale por ${EMAIL_CHANGE_TTL_HOURS} horas e só pode ser usado uma vez.`,
        ],
        action: { label: 'Confirmar e-mail', url },
      }),
    );
    const notice = await enqueueMail(
      ctx,
      tx,
      renderEmail({
        kind: 'email-change-notice',
        to: user.email,
        subject: 'Pedido de troca do e-mail da sua conta no Fã Clube',
        title: 'Pedido de troca de e-mail',
        paragraphs: [
          `Olá, ${user.fullName}!`,
          `Recebemos um pedido para trocar o e-mail da sua conta para ${email}. A troca só acontece quando o link enviado ao novo endereço for aberto.`,
          'Se não foi você, troque a sua senha agora: isso encerra as outras sessões.',
        ],
      }),
    );
    return [link, notice];
  });
  deliverSoon(ctx, mailIds);
  return { message: `Enviamos um link de confirmação para ${email}.`, email };
}

/** POST /me/email/confirm { token }: the link from the new address; works once, signed in or not. */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
): Promise<{ message: string; email: string }> {
  const now = ctx.clock.now();
  const invalid = () => new AppError('INVALID_EMAIL_CHANGE_TOKEN');
  let previous: UserRow | null = null;
  const change = await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailChange(tx, sha256(token), now);
    if (!row) throw invalid();
    previous = await findUserById(tx, row.userId);
    if (!previous) throw invalid();
    try {
      // following the link proves the new address: it counts as confirmed (issue 11)
      await setConfirmedEmail(tx, row.userId, row.newEmail, now);
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_lower_uq'))
        throw fieldError('EMAIL_TAKEN', 'email', 'Este e-mail já está em uso.');
      throw err;
    }
    return row;
  });
  const old = previous as UserRow | null;
  if (old)
    await queueMail(
      ctx,
      renderEmail({
        kind: 'email-changed',
        to: old.email,
        subject: 'O e-mail da sua conta no Fã Clube foi alterado',
        title: 'E-mail alterado',
        paragraphs: [
          `Olá, ${old.fullName}!`,
          `A sua conta no Fã Clube agora usa o e-mail ${change.newEmail}. Este endereço não recebe mais as nossas mensagens.`,
        ],
      }),
    ).catch((err: unknown) => ctx.logger.error({ err }, 'falha ao avisar o e-mail antigo'));
  return { message: 'E-mail confirmado.', email: change.newEmail };
}

/** GET /me/sessions: the caller's signed-in devices, the current one flagged. */
export async function listSessions(
  ctx: AppContext,
  actor: Actor | null,
): Promise<SessionsResponse> {
  const user = await requireLiveAccount(ctx, actor);
  const current = requireActor(actor).sessionId;
  const rows = await listLiveSessions(ctx.db, user.id, ctx.clock.now());
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      current: s.id === current,
      device_type: s.activity?.deviceType ?? null,
      device_name: s.activity?.deviceName ?? null,
      browser: s.activity?.browser ?? null,
      ip: s.activity?.ip ?? null,
      country: s.activity?.country ?? null,
      state: s.activity?.state ?? null,
      city: s.activity?.city ?? null,
      created_at: (s.activity?.createdAt ?? s.startedAt).toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
    })),
  };
}

/** DELETE /me/sessions/{id}: ends one of the caller's sessions (the current one included). */
export async function endSession(
  ctx: AppContext,
  actor: Actor | null,
  sessionId: string,
): Promise<{ message: string }> {
  const user = await requireLiveAccount(ctx, actor);
  const n = await revokeSession(ctx.db, user.id, sessionId, ctx.clock.now());
  if (n === 0) throw new AppError('SESSION_NOT_FOUND');
  return { message: 'Sessão encerrada.' };
}

/** DELETE /me/sessions/others */
export async function endOtherSessions(
  ctx: AppContext,
  actor: Actor | null,
): Promise<{ revoked: number }> {
  const user = await requireLiveAccount(ctx, actor);
  const revoked = await revokeOtherSessions(
    ctx.db,
    user.id,
    requireActor(actor).sessionId,
    ctx.clock.now(),
  );
  return { revoked };
}

function auditRow(
  ctx: AppContext,
  userId: string,
  origin: RequestOrigin,
  method: 'data_export' | 'account_deletion',
) {
  const ua = parseUserAgent(origin.userAgent);
  return {
    userId,
    ip: origin.ip,
    deviceType: origin.deviceType ?? 'other',
    deviceName: ua.deviceName,
    browser: ua.browser,
    method,
    createdAt: ctx.clock.now(),
  };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The export document: the person's rows, named in the API's words. */
function exportDocument(data: PersonalData, now: Date) {
  const { user } = data;
  const files = new Map<string, { file_path: string; kind: string }[]>();
  for (const a of data.attachments)
    files.set(a.contentId, [
      ...(files.get(a.contentId) ?? []),
      { file_path: a.filePath, kind: a.kind },
    ]);
  return {
    generated_at: now.toISOString(),
    about:
      'Dados pessoais mantidos pelo Fã Clube sobre você (LGPD, art. 18). Valores em reais; datas em ISO 8601.',
    profile: {
      id: user.id,
      full_name: user.fullName,
      email: user.email,
      username: user.username,
      avatar_url: publicImageUrl(user.avatarPath),
      google_linked: Boolean(user.googleSub),
      two_factor: user.twoFactorEnabled,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    },
    workspaces: data.memberships.map((m) => ({
      id: m.workspace.id,
      role: m.role,
      label: m.workspace.label,
      username: m.workspace.username,
      description: m.workspace.description,
      avatar_url: publicImageUrl(m.workspace.avatarPath),
      cover_url: publicImageUrl(m.workspace.coverPath),
      member_since: m.since.toISOString(),
    })),
    subscriptions: data.subs.map((s) => ({
      id: s.subscription.id,
      creator_username: s.username,
      plan_type: s.subscription.planType,
      status: s.subscription.status,
      // the export's key is older than the column's name (paid_since): kept for its readers
      current_period_start: s.subscription.paidSince.toISOString(),
      current_period_end: s.subscription.currentPeriodEnd.toISOString(),
      created_at: s.subscription.createdAt.toISOString(),
    })),
    payments: data.paid.map((p) => ({
      charge_id: p.charge.id,
      creator_username: p.username,
      plan_type: p.charge.planType,
      value: centsToMajor(p.charge.valueCents),
      currency: p.charge.currency,
      status: p.charge.status,
      txid: p.charge.txid,
      created_at: p.charge.createdAt.toISOString(),
      paid_at: iso(p.charge.paidAt),
      period_start: iso(p.periodStart),
      period_end: iso(p.periodEnd),
    })),
    posts: data.written.map((w) => ({
      id: w.content.id,
      workspace_username: w.username,
      description: w.content.description,
      attachments: files.get(w.content.id) ?? [],
      created_at: w.content.createdAt.toISOString(),
    })),
    likes: data.likes.map((l) => ({
      content_id: l.contentId,
      created_at: l.createdAt.toISOString(),
    })),
    login_activities: data.activities.map((a) => ({
      method: a.method,
      ip: a.ip,
      device_type: a.deviceType,
      device_name: a.deviceName,
      browser: a.browser,
      country: a.country,
      state: a.state,
      city: a.city,
      created_at: a.createdAt.toISOString(),
    })),
    identity_verifications: data.verifications.map(({ customer: c, username }) => ({
      creator_username: username,
      legal_name: c.legalName,
      legal_id: c.legalId,
      date_of_birth: c.dateOfBirth,
      country: c.country,
      document_type: c.documentType,
      status: c.status,
      decided_at: iso(c.decidedAt),
      decision_reason: c.decisionReason,
      documents_deleted_at: iso(c.filesPurgedAt),
      created_at: c.createdAt.toISOString(),
    })),
    consents: [
      {
        purpose: 'Termos de uso e política de privacidade',
        given_at: user.createdAt.toISOString(),
        how: 'aceite no cadastro',
      },
    ],
  };
}

/**
 * The document as JSON text, its `chat_messages` (which may be many) streamed last, batch by
 * batch, so the export's memory does not grow with them.
 */
async function* exportJson(document: object, messages: AsyncIterable<unknown>) {
  yield `${JSON.stringify(document).slice(0, -1)},"chat_messages":[`;
  let separator = '';
  for await (const message of messages) {
    yield separator + JSON.stringify(message);
    separator = ',';
  }
  yield ']}';
}

/**
 * GET /me/export (a sign-in in the last 10 minutes) or POST /me/export { password }: the
 * document and its file name. Everything about the person leaves in one file, so a stolen
 * bearer token alone is not enough; the export is recorded first and the address told.
 */
export async function exportPersonalData(
  ctx: AppContext,
  actor: Actor | null,
  password: string | undefined,
  origin: RequestOrigin,
): Promise<{ fileName: string; document: Readable }> {
  const user = await requireLiveAccount(ctx, actor);
  if (password !== undefined) await requirePassword(ctx, user, password, 'password');
  else if (!(await signedInRecently(ctx, requireActor(actor))))
    throw new AppError(
      'REAUTHENTICATION_REQUIRED',
      user.passwordHash === null
        ? 'Sua conta entra pelo Google. Saia, entre de novo com o Google e baixe os dados em até 10 minutos.'
        : 'Confirme sua senha para baixar os seus dados.',
    );
  const now = ctx.clock.now();
  const audit = auditRow(ctx, user.id, origin, 'data_export');
  const mailId = await ctx.db.transaction(async (tx) => {
    await recordAccountActivity(tx, audit);
    return enqueueMail(
      ctx,
      tx,
      renderEmail({
        kind: 'data-export',
        to: user.email,
        subject: 'Os seus dados do Fã Clube foram baixados',
        title: 'Dados baixados',
        paragraphs: [
          `Olá, ${user.fullName}!`,
          `Uma cópia dos seus dados foi baixada agora, de ${audit.browser ?? 'um navegador'}${audit.deviceName ? ` em ${audit.deviceName}` : ''} (IP ${audit.ip}).`,
          'Se não foi você, troque a sua senha agora: isso encerra as outras sessões.',
        ],
      }),
    );
  });
  deliverSoon(ctx, [mailId]);
  const data = (await readPersonalData(ctx.db, user.id))!;
  return {
    fileName: `fa-clube-meus-dados-${now.toISOString().slice(0, 10)}.json`,
    document: Readable.from(exportJson(exportDocument(data, now), exportMessagesOf(ctx, user.id))),
  };
}

/**
 * DELETE /me { password }: in one transaction the person's own workspaces (if nobody else is in
 * them) are deleted, they leave every team, their subscriptions end, their likes go, every
 * session is revoked and the account row is anonymised. The row itself stays, anonymised, so the
 * creators' charges and payments keep their amounts and periods (see decision "account deletion").
 */
export async function deleteAccount(
  ctx: AppContext,
  actor: Actor | null,
  password: string | undefined,
  origin: RequestOrigin,
): Promise<{ message: string }> {
  const user = await requireLiveAccount(ctx, actor);
  if (user.passwordHash === null) await requireFreshSignIn(ctx, requireActor(actor));
  else if (password === undefined) throw validationError('password', 'Informe a sua senha atual.');
  else await requirePassword(ctx, user, password, 'password');
  const now = ctx.clock.now();
  const closed = await ctx.db.transaction(async (tx) => {
    const owned = await lockWorkspacesOwnedBy(tx, user.id);
    const busy = await ownedWorkspacesWithPeople(tx, user.id, owned, now);
    if (busy.length > 0)
      throw new AppError(
        'WORKSPACE_HAS_PEOPLE',
        `${busy.map((u) => `@${u}`).join(', ')} ainda ${busy.length > 1 ? 'têm' : 'tem'} membros ou assinantes ativos. Transfira a propriedade ou encerre o espaço antes de excluir a conta.`,
      );
    await closeWorkspacesOfDeletedAccount(tx, user.id, owned, now);
    await endSubscriptionsOfDeletedAccount(tx, user.id, now);
    await closeChargesOfDeletedPayer(tx, user.id);
    await forgetContentOf(tx, user.id);
    await anonymiseChatsOfDeletedAccount(tx, user.id);
    const verifications = await forgetVerificationsOf(tx, user.id);
    await deleteEmailChangesOf(tx, user.id);
    await forgetMailTo(tx, user.email);
    await forgetMessagesTo(tx, user.email);
    await deletePasswordResetsOf(tx, user.id);
    await forgetRecoveryCodesOf(tx, user.id);
    await revokeOtherSessions(tx, user.id, null, now);
    await anonymiseUser(tx, user.id, randomUUID().replaceAll('-', '').slice(0, 12), now);
    await recordAccountActivity(tx, auditRow(ctx, user.id, origin, 'account_deletion'));
    return { owned, verifications };
  });
  await removeClosedWorkspaceFiles(ctx, closed.owned);
  // nothing of theirs stays live at a PSP: their workspaces' connections, their authorizations
  await endPaymentsOfDeletedWorkspaces(ctx, closed.owned);
  await cancelRecurrencesOfDeletedPayer(ctx, user.id);
  await removeVerificationFiles(ctx, closed.verifications);
  if (user.avatarPath)
    await ctx.storage
      .deleteMany([user.avatarPath, thumbnailKey(user.avatarPath)])
      .catch((err: unknown) => ctx.logger.error({ err }, 'could not delete the user avatar'));
  return { message: 'Sua conta foi excluída.' };
}
