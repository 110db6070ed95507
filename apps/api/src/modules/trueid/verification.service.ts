import { randomUUID } from 'node:crypto';
import { BUSINESS_TIME_ZONE, FAN_UPLOADS_PER_DAY, isAdult, todayIn } from '@fa-clube/contract';
import type { FanUploadBody, FanVerification, FanVerificationBody } from '@fa-clube/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, rateLimited, validationError } from '../../lib/errors';
import { requireActor } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { findUserContact } from '../../read-models/team-members';
import { readInstalledAppSettings } from '../apps/apps.service';
import { requireProfile } from '../workspaces/workspaces.service';
import { VerificationBudgetSpent, countFanSets } from './trueid-files';
import {
  findCustomerOfUser,
  insertCustomer,
  insertStatusChange,
  updateCustomer,
} from './trueid.repo';
import { customerNotFound, uploadFor } from './trueid.service';

// The fan's side of trueid (docs/decisions/032-trueid-fan-verification.md):
// a signed-in fan verifies themself with one creator, found by the profile's
// username. They only ever reach their own customer record, never a list.

type FanInput = z.output<typeof FanVerificationBody>;

/** The creator's workspace, with trueid installed (409 APP_NOT_INSTALLED otherwise). */
async function creatorWithTrueId(ctx: AppContext, username: string) {
  const ws = await requireProfile(ctx, username);
  const { installed, settings } = await readInstalledAppSettings(ctx.db, ws.id, 'trueid');
  return { ws, installed, settings };
}

/** GET /verification/{username}: whether the creator asks for it, and the caller's state. */
export async function getFanVerification(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
): Promise<FanVerification> {
  const fan = requireActor(actor);
  const { ws, installed, settings } = await creatorWithTrueId(ctx, username);
  const customer = installed ? await findCustomerOfUser(ctx.db, ws.id, fan.userId) : undefined;
  const files =
    customer && !customer.filesPurgedAt
      ? await countFanSets(ctx, ws.id, customer.id)
      : { document_front: false, document_back: false, liveness: false };
  return {
    required: installed && settings.require_age_verification,
    status: customer?.status ?? null,
    reason: customer?.status === 'rejected' ? customer.decisionReason : null,
    legal_name: customer?.legalName ?? null,
    files,
  };
}

/**
 * PUT /verification/{username}: the fan's own data (a CPF, 18 or older). Creates
 * them as a `pending` customer of the creator, or updates their data; a
 * rejected fan starts again; once approved it is frozen.
 */
export async function putFanVerification(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
  body: FanInput,
): Promise<FanVerification> {
  const fan = requireActor(actor);
  const { ws, installed } = await creatorWithTrueId(ctx, username);
  if (!installed) throw new AppError('APP_NOT_INSTALLED');
  if (!isAdult(body.date_of_birth, todayIn(BUSINESS_TIME_ZONE, ctx.clock.now())))
    throw new AppError('UNDERAGE');
  const contact = await findUserContact(ctx.db, fan.userId);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const current = await findCustomerOfUser(tx, ws.id, fan.userId);
    const data = {
      legalName: body.legal_name,
      legalId: body.legal_id,
      dateOfBirth: body.date_of_birth,
      country: 'BR',
      documentType: body.document_type,
      customEmail: contact?.email ?? null,
      status: 'pending' as const,
      updatedAt: now,
    };
    if (!current) {
      const id = randomUUID();
      await insertCustomer(tx, {
        workspaceId: ws.id,
        id,
        userId: fan.userId,
        customId: `fan:${fan.userId}`,
        ...data,
        createdAt: now,
      });
      await insertStatusChange(tx, {
        workspaceId: ws.id,
        customerId: id,
        fromStatus: null,
        toStatus: 'pending',
        userId: fan.userId,
        createdAt: now,
      });
      return;
    }
    if (current.status === 'approved') throw new AppError('CUSTOMER_ALREADY_DECIDED');
    await updateCustomer(tx, ws.id, current.id, {
      ...data,
      // trying again after a rejection: the old decision stays in the history
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
      filesPurgedAt: null,
    });
    if (current.status !== 'pending')
      await insertStatusChange(tx, {
        workspaceId: ws.id,
        customerId: current.id,
        fromStatus: current.status,
        toStatus: 'pending',
        userId: fan.userId,
        createdAt: now,
      });
  });
  return getFanVerification(ctx, fan, username);
}

async function requireOwnCustomer(ctx: AppContext, actor: Actor | null, username: string) {
  const fan = requireActor(actor);
  const { ws, installed } = await creatorWithTrueId(ctx, username);
  if (!installed) throw new AppError('APP_NOT_INSTALLED');
  const customer = await findCustomerOfUser(ctx.db, ws.id, fan.userId);
  if (!customer) throw customerNotFound();
  return { fan, ws, customer };
}

/** POST /verification/{username}/objects: an upload URL for one of the fan's own files. */
export async function requestFanUpload(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
  body: z.output<typeof FanUploadBody>,
  source: { ip: string | null },
) {
  const { fan, ws, customer } = await requireOwnCustomer(ctx, actor, username);
  if (customer.status === 'in_review')
    throw new AppError('VALIDATION_ERROR', 'Seus documentos já estão em análise.');
  const side = body.kind === 'document' ? body.document_side : null;
  // one fan cannot keep asking one creator for room (on top of the per-user upload limit)
  const wait = await ctx.throttle.consume(`verification-upload:${fan.userId}:${ws.id}`, {
    max: FAN_UPLOADS_PER_DAY,
    windowSeconds: 24 * 3600,
  });
  if (wait)
    throw rateLimited(
      wait,
      'Você já pediu muitos envios para esta verificação hoje. Tente novamente amanhã.',
    );
  try {
    return await uploadFor(
      ctx,
      customer,
      body.kind,
      side,
      body.extension_type,
      { userId: fan.userId, ip: source.ip },
      body.size,
    );
  } catch (err) {
    // the creator's storage, not the fan's: say so in the fan's words
    if (
      err instanceof AppError &&
      err.code === 'STORAGE_QUOTA_EXCEEDED' &&
      !(err instanceof VerificationBudgetSpent)
    )
      throw new AppError(
        'STORAGE_QUOTA_EXCEEDED',
        'Este criador está sem espaço para receber documentos agora. Tente novamente mais tarde.',
      );
    throw err;
  }
}

/**
 * POST /verification/{username}/submit: the fan's data and files go to the
 * creator's review (in_review). The document's front and back and a selfie are required.
 */
export async function submitFanVerification(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
): Promise<FanVerification> {
  const { fan, ws, customer } = await requireOwnCustomer(ctx, actor, username);
  if (customer.status === 'approved' || customer.status === 'rejected')
    throw new AppError('CUSTOMER_ALREADY_DECIDED');
  if (customer.status === 'in_review') return getFanVerification(ctx, fan, username);
  const files = await countFanSets(ctx, ws.id, customer.id);
  if (!files.document_front)
    throw validationError('document_front', 'Envie a frente do documento.');
  if (!files.document_back) throw validationError('document_back', 'Envie o verso do documento.');
  if (!files.liveness) throw validationError('liveness', 'Envie uma selfie.');
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await updateCustomer(tx, ws.id, customer.id, { status: 'in_review', updatedAt: now });
    await insertStatusChange(tx, {
      workspaceId: ws.id,
      customerId: customer.id,
      fromStatus: customer.status,
      toStatus: 'in_review',
      userId: fan.userId,
      createdAt: now,
    });
  });
  return getFanVerification(ctx, fan, username);
}
