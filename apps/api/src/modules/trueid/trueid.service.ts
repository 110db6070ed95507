import { APPS_PAGING, BUSINESS_TIME_ZONE, isAdult, pageOffset, todayIn } from '@fa-clube/contract';
import type {
  AccessLogResponse,
  DocumentSide,
  TrueIdCustomer,
  TrueIdCustomerInput,
  TrueIdCustomersResponse,
  TrueIdReviewBody,
  VerificationExtension,
  VerificationKind,
  VerificationObjectsResponse,
} from '@fa-clube/contract';
import type { CustomerStatusValue } from '../../db/schema/trueid';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { queueMail } from '../mail/mail.service';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { listAccessLog } from './access-log.queries';
import { findUserContact } from '../../read-models/team-members';
import { listCustomersPastRetention } from './retention.queries';
import { readInstalledAppSettings, requireAppInstalled } from '../apps/apps.service';
import { consumeUploadUrl } from '../files/files.service';
import { findWorkspace } from '../workspaces/workspaces.service';
import { deleteCustomerFiles, listSetObjects, presignUpload } from './trueid-files';
import {
  deleteCustomerRow,
  deleteCustomersOfUser,
  findCustomer,
  findCustomerOfUser,
  insertAccessLog,
  insertCustomer,
  insertStatusChange,
  listCustomers,
  markFilesPurged,
  updateCustomer,
} from './trueid.repo';
import type { CustomerRow } from './trueid.repo';

export const customerNotFound = () => new AppError('CUSTOMER_NOT_FOUND');
const alreadyDecided = () => new AppError('CUSTOMER_ALREADY_DECIDED');

export const isDecided = (status: CustomerStatusValue) =>
  status === 'approved' || status === 'rejected';

export function toCustomer(row: CustomerRow): TrueIdCustomer {
  return {
    id: row.id,
    custom_id: row.customId,
    custom_email: row.customEmail,
    legal_name: row.legalName,
    legal_id: row.legalId,
    date_of_birth: row.dateOfBirth,
    country: row.country,
    status: row.status,
    document_type: row.documentType as TrueIdCustomer['document_type'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The first statement of every trueid endpoint: the caller's role (404 for
 * strangers and subscribers, 403 for members on owner-only actions, 401
 * signed out), then 409 APP_NOT_INSTALLED while the app is off.
 */
async function trueidAccess(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  role: Parameters<typeof requireWorkspaceRole>[3],
) {
  const access = await requireWorkspaceRole(ctx.db, actor, workspaceId, role);
  await requireAppInstalled(ctx.db, workspaceId, 'trueid');
  return access;
}

async function requireCustomer(ctx: AppContext, workspaceId: string, id: string) {
  const row = await findCustomer(ctx.db, workspaceId, id);
  if (!row) throw customerNotFound();
  return row;
}

/** Who did what to whose files, for the access log. */
export interface LogSource {
  userId: string;
  ip: string | null;
}

// ---- customers --------------------------------------------------------------

/** GET /apps/trueid/{ws}/customers: owner and members; newest change first, by status or text. */
export async function getCustomers(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number; status?: CustomerStatusValue; q?: string },
): Promise<TrueIdCustomersResponse> {
  await trueidAccess(ctx, actor, workspaceId, 'member');
  const { rows, total } = await listCustomers(
    ctx.db,
    workspaceId,
    { status: query.status, q: query.q },
    query.size,
    pageOffset(APPS_PAGING, query.page, query.size),
  );
  return { customers: rows.map(toCustomer), page: query.page, size: query.size, total };
}

/** GET /apps/trueid/{ws}/customer/{id}: owner and members. */
export async function getCustomer(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
): Promise<TrueIdCustomer> {
  await trueidAccess(ctx, actor, workspaceId, 'member');
  return toCustomer(await requireCustomer(ctx, workspaceId, id));
}

/**
 * PUT /apps/trueid/{ws}/customer/{id}: owner; creates the customer with the
 * client's UUID or replaces its data. A decided customer is frozen (409).
 * Every status change is recorded with who and when.
 */
export async function putCustomer(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  body: TrueIdCustomerInput,
): Promise<{ created: boolean; customer: TrueIdCustomer }> {
  const { actor: who } = await trueidAccess(ctx, actor, workspaceId, 'owner');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const data = {
      customId: body.custom_id,
      customEmail: body.custom_email,
      legalName: body.legal_name,
      legalId: body.legal_id,
      dateOfBirth: body.date_of_birth,
      country: body.country,
      documentType: body.document_type,
      status: body.status,
      updatedAt: now,
    };
    const current = await findCustomer(tx, workspaceId, id, { forUpdate: true });
    if (!current) {
      const row = await insertCustomer(tx, { workspaceId, id, ...data, createdAt: now });
      await insertStatusChange(tx, {
        workspaceId,
        customerId: id,
        fromStatus: null,
        toStatus: row.status,
        userId: who.userId,
        createdAt: now,
      });
      return { created: true, customer: toCustomer(row) };
    }
    if (isDecided(current.status)) throw alreadyDecided();
    const row = await updateCustomer(tx, workspaceId, id, data);
    if (row.status !== current.status)
      await insertStatusChange(tx, {
        workspaceId,
        customerId: id,
        fromStatus: current.status,
        toStatus: row.status,
        userId: who.userId,
        createdAt: now,
      });
    return { created: false, customer: toCustomer(row) };
  });
}

/** DELETE /apps/trueid/{ws}/customer/{id}: owner; the customer and all their files. */
export async function deleteCustomer(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  source: { ip: string | null },
): Promise<{ message: string }> {
  const { actor: who } = await trueidAccess(ctx, actor, workspaceId, 'owner');
  await requireCustomer(ctx, workspaceId, id);
  await deleteCustomerFiles(ctx, workspaceId, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteCustomerRow(tx, workspaceId, id))) throw customerNotFound();
    await insertAccessLog(tx, [
      {
        workspaceId,
        customerId: id,
        action: 'delete',
        filePath: null,
        userId: who.userId,
        ip: source.ip,
        createdAt: ctx.clock.now(),
      },
    ]);
  });
  return { message: 'Cliente e arquivos excluídos.' };
}

// ---- files ------------------------------------------------------------------

/**
 * GET .../{kind}/objects: owner and members; the set's files with URLs valid
 * for two minutes. Each file handed out is written to the access log.
 */
export async function getCustomerObjects(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  kind: VerificationKind,
  side: DocumentSide | null,
  source: { ip: string | null },
): Promise<VerificationObjectsResponse> {
  const { actor: who } = await trueidAccess(ctx, actor, workspaceId, 'member');
  const customer = await requireCustomer(ctx, workspaceId, id);
  if (customer.filesPurgedAt) return { objects: [] };
  const objects = await listSetObjects(ctx, workspaceId, id, kind, side);
  const now = ctx.clock.now();
  await insertAccessLog(
    ctx.db,
    objects.map((o) => ({
      workspaceId,
      customerId: id,
      action: 'read' as const,
      filePath: o.file_path,
      userId: who.userId,
      ip: source.ip,
      createdAt: now,
    })),
  );
  return { objects };
}

/**
 * Logs an upload URL handed out and answers it (creator or fan). Like the file
 * store's: counted in the caller's upload-URL limit (RATE_LIMIT_UPLOAD_URLS) and
 * in the workspace's storage quota. A customer whose files the retention job
 * purged starts a new set; the upload is the customer's latest change (the
 * retention of an undecided customer runs from it).
 */
export async function uploadFor(
  ctx: AppContext,
  customer: CustomerRow,
  kind: VerificationKind,
  side: DocumentSide | null,
  extension: VerificationExtension,
  source: LogSource,
  fanSize?: number,
) {
  if (isDecided(customer.status)) throw alreadyDecided();
  await consumeUploadUrl(ctx, source.userId);
  const upload = await presignUpload(
    ctx,
    customer.workspaceId,
    customer.id,
    kind,
    side,
    extension,
    fanSize,
  );
  await updateCustomer(ctx.db, customer.workspaceId, customer.id, {
    filesPurgedAt: null,
    updatedAt: ctx.clock.now(),
  });
  await insertAccessLog(ctx.db, [
    {
      workspaceId: customer.workspaceId,
      customerId: customer.id,
      action: 'upload',
      filePath: upload.file_path,
      userId: source.userId,
      ip: source.ip,
      createdAt: ctx.clock.now(),
    },
  ]);
  return upload;
}

/** POST .../{kind}/objects: owner; a pre-signed PUT for a new file (refused once decided). */
export async function requestCustomerUpload(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  kind: VerificationKind,
  side: DocumentSide | null,
  extension: VerificationExtension,
  source: { ip: string | null },
) {
  const { actor: who } = await trueidAccess(ctx, actor, workspaceId, 'owner');
  const customer = await requireCustomer(ctx, workspaceId, id);
  return uploadFor(ctx, customer, kind, side, extension, { userId: who.userId, ip: source.ip });
}

// ---- review -----------------------------------------------------------------

/**
 * POST .../customer/{id}/review: owner; approves or rejects a customer in
 * review, records who and when, and tells the person by e-mail when there is
 * an address.
 */
export async function reviewCustomer(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  body: TrueIdReviewBody,
  source: { ip: string | null },
): Promise<TrueIdCustomer> {
  const { actor: who } = await trueidAccess(ctx, actor, workspaceId, 'owner');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findCustomer(tx, workspaceId, id, { forUpdate: true });
    if (!current) throw customerNotFound();
    if (isDecided(current.status)) throw alreadyDecided();
    if (current.status !== 'in_review') throw new AppError('CUSTOMER_NOT_IN_REVIEW');
    const now = ctx.clock.now();
    const status = body.decision === 'approve' ? 'approved' : 'rejected';
    const reason = body.reason || null;
    const updated = await updateCustomer(tx, workspaceId, id, {
      status,
      decidedAt: now,
      decidedBy: who.userId,
      decisionReason: reason,
      updatedAt: now,
    });
    await insertStatusChange(tx, {
      workspaceId,
      customerId: id,
      fromStatus: current.status,
      toStatus: status,
      reason,
      userId: who.userId,
      createdAt: now,
    });
    await insertAccessLog(tx, [
      {
        workspaceId,
        customerId: id,
        action: 'review',
        filePath: null,
        userId: who.userId,
        ip: source.ip,
        createdAt: now,
      },
    ]);
    return updated;
  });
  await tellDecision(ctx, row);
  return toCustomer(row);
}

/**
 * The decision goes by e-mail only to a fan who verified themself
 * (verification.service.ts), at their account's address, and only once they
 * confirmed it: never to `custom_email`, an address the creator typed, so the
 * platform cannot be made to write to anyone the creator chooses.
 */
async function tellDecision(ctx: AppContext, row: CustomerRow) {
  if (!row.userId) return;
  const fan = await findUserContact(ctx.db, row.userId);
  if (!fan?.emailConfirmedAt) return;
  const ws = await findWorkspace(ctx, row.workspaceId);
  if (!ws) return;
  const approved = row.status === 'approved';
  const profile = `${ctx.config.appUrl}/profile/${ws.username}`;
  const retry = `${ctx.config.appUrl}/verification/${ws.username}`;
  try {
    await queueMail(
      ctx,
      renderEmail({
        kind: approved ? 'trueid-approved' : 'trueid-rejected',
        to: fan.email,
        subject: approved
          ? `Sua verificação para ${ws.label} foi aprovada`
          : `Sua verificação para ${ws.label} não foi aprovada`,
        title: approved ? 'Verificação aprovada' : 'Verificação recusada',
        paragraphs: approved
          ? [
              `Olá, ${row.legalName}. ${ws.label} (@${ws.username}) confirmou sua identidade e sua idade.`,
              'Você já pode assinar o perfil.',
            ]
          : [
              `Olá, ${row.legalName}. ${ws.label} (@${ws.username}) não aprovou sua verificação.`,
              `Motivo: ${row.decisionReason ?? 'não informado'}`,
              'Você pode enviar seus dados e documentos de novo.',
            ],
        action: approved
          ? { label: 'Assinar agora', url: profile }
          : { label: 'Enviar de novo', url: retry },
        footer: 'Você recebeu este e-mail porque pediu a verificação de identidade no Fã Clube.',
      }),
    );
  } catch (err) {
    ctx.logger.error({ err, customerId: row.id }, 'trueid decision e-mail not queued');
  }
}

// ---- access log -------------------------------------------------------------

/** GET .../customer/{id}/access-log: owner only; newest first. */
export async function getAccessLog(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  query: { page: number; size: number },
): Promise<AccessLogResponse> {
  await trueidAccess(ctx, actor, workspaceId, 'owner');
  const { rows, total } = await listAccessLog(
    ctx.db,
    workspaceId,
    id,
    query.size,
    pageOffset(APPS_PAGING, query.page, query.size),
  );
  return {
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      file_path: r.filePath,
      user_id: r.userId,
      username: r.username,
      ip: r.ip,
      created_at: r.createdAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

// ---- retention --------------------------------------------------------------

const RETENTION_BATCH = 100;

/**
 * The periodic job: deletes the files of customers decided more than their
 * workspace's `retention_days` ago, and of customers never decided whose last
 * change (data or a file sent) is that old; the customer, the decision and the
 * status history stay. A customer left in review goes back to pending, so the
 * fan can send their files again. Returns how many customers it cleared.
 */
export async function purgeExpiredVerificationFiles(
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<number> {
  let purged = 0;
  for (const which of ['decided', 'undecided'] as const)
    for (;;) {
      const now = ctx.clock.now();
      const due = await listCustomersPastRetention(ctx.db, now, RETENTION_BATCH, which);
      for (const c of due) {
        await deleteCustomerFiles(ctx, c.workspace_id, c.id);
        await markPurged(ctx, c.workspace_id, c.id, now);
        purged++;
      }
      if (signal?.aborted) return purged;
      if (due.length < RETENTION_BATCH) break;
    }
  return purged;
}

/** The customer's files are gone: recorded, and a customer in review back to pending. */
async function markPurged(ctx: AppContext, workspaceId: string, id: string, now: Date) {
  await ctx.db.transaction(async (tx) => {
    const current = await findCustomer(tx, workspaceId, id, { forUpdate: true });
    if (!current) return;
    await markFilesPurged(tx, workspaceId, id, now);
    if (current.status !== 'in_review') return;
    await updateCustomer(tx, workspaceId, id, { status: 'pending', updatedAt: now });
    await insertStatusChange(tx, {
      workspaceId,
      customerId: id,
      fromStatus: 'in_review',
      toStatus: 'pending',
      reason: 'Arquivos apagados: o prazo de guarda passou sem uma decisão.',
      userId: null,
      createdAt: now,
    });
  });
}

// ---- for other modules ------------------------------------------------------

/**
 * The age gate of the subscribe call (modules/subscriptions): with trueid
 * installed and "exigir verificação de idade para assinar" on, only a fan the
 * creator approved, 18 or older today, may subscribe. 403
 * AGE_VERIFICATION_REQUIRED otherwise (UNDERAGE for an approved minor).
 */
export async function requireAgeVerified(
  ctx: AppContext,
  workspaceId: string,
  userId: string,
): Promise<void> {
  const { installed, settings } = await readInstalledAppSettings(ctx.db, workspaceId, 'trueid');
  if (!installed || !settings.require_age_verification) return;
  const customer = await findCustomerOfUser(ctx.db, workspaceId, userId);
  if (customer?.status !== 'approved') throw new AppError('AGE_VERIFICATION_REQUIRED');
  const today = todayIn(BUSINESS_TIME_ZONE, ctx.clock.now());
  if (!customer.dateOfBirth || !isAdult(customer.dateOfBirth, today))
    throw new AppError('UNDERAGE');
}

/**
 * Account deletion (LGPD), inside its transaction: the person's identity verifications with every
 * creator go (legal name, CPF, date of birth, decisions). Answers them for removeVerificationFiles.
 */
export const forgetVerificationsOf = (tx: DbOrTx, userId: string) =>
  deleteCustomersOfUser(tx, userId);

/** After the deletion committed: the documents and selfies of those verifications. */
export async function removeVerificationFiles(
  ctx: AppContext,
  verifications: { workspaceId: string; id: string }[],
) {
  for (const v of verifications)
    await deleteCustomerFiles(ctx, v.workspaceId, v.id).catch((err: unknown) =>
      ctx.logger.error({ err }, 'could not delete verification files'),
    );
}
