import { randomUUID } from 'node:crypto';
import {
  FAN_UPLOAD_MAX_BYTES,
  FAN_VERIFICATION_BUDGET_BYTES,
  VERIFICATION_CONTENT_TYPE,
} from '@fa-clube/contract';
import type {
  DocumentSide,
  VerificationExtension,
  VerificationKind,
  VerificationObject,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  releaseExpiredReservationsUnder,
  releaseWorkspaceUploads,
  reserveWorkspaceUpload,
} from '../files/files.service';

/**
 * Where a customer's files live: `workspaces/<ws>/trueid/<customer>/`. The
 * file store only ever reads under `workspaces/<ws>/files/`, so these are never
 * listed, served or deleted through it; deleting the workspace deletes them.
 * Clients see paths relative to the customer (`document/front/<uuid>.jpg`).
 */
export const customerPrefix = (workspaceId: string, customerId: string) =>
  `workspaces/${workspaceId}/trueid/${customerId}/`;

/** The folder of one file set: `document/front/`, `document/back/`, `liveness/`, `business/`. */
export const setFolder = (kind: VerificationKind, side: DocumentSide | null) =>
  kind === 'document' ? `document/${side ?? 'front'}/` : `${kind}/`;

/** Short-lived: a URL that leaks stops working within two minutes. */
export const VIEW_URL_TTL_SECONDS = 120;
const UPLOAD_URL_TTL_SECONDS = 600;
const MAX_BYTES = { image: 10 * 1024 * 1024, video: 50 * 1024 * 1024 } as const;

/** The verification's own budget is spent (not the creator's storage): said to the fan as is. */
export class VerificationBudgetSpent extends AppError {
  constructor() {
    super(
      'STORAGE_QUOTA_EXCEEDED',
      'Você já enviou o limite de arquivos desta verificação. Envie para análise o que já mandou ou fale com o criador.',
    );
  }
}
const overBudget = () => new VerificationBudgetSpent();

/**
 * A pre-signed PUT for a new file of the set; the answer's file_path is relative
 * to the customer. The file counts in the workspace's storage quota: room is
 * reserved now (413 STORAGE_QUOTA_EXCEEDED when there is none) and its real size
 * counted when it arrives.
 *
 * A fan's upload (`fanSize`, the declared size) reserves exactly that, the URL takes exactly
 * that, and all the customer's files, stored and reserved, stay within
 * FAN_VERIFICATION_BUDGET_BYTES; reservations whose URL expired are given back first, so what a
 * fan reserved and never sent holds the creator's room only while its URL lives.
 */
export async function presignUpload(
  ctx: AppContext,
  workspaceId: string,
  customerId: string,
  kind: VerificationKind,
  side: DocumentSide | null,
  extension: VerificationExtension,
  fanSize?: number,
) {
  const filePath = `${setFolder(kind, side)}${randomUUID()}.${extension}`;
  const prefix = customerPrefix(workspaceId, customerId);
  const key = prefix + filePath;
  const contentType = VERIFICATION_CONTENT_TYPE[extension];
  const video = contentType.startsWith('video/');
  if (fanSize !== undefined) {
    const max = video ? FAN_UPLOAD_MAX_BYTES.video : FAN_UPLOAD_MAX_BYTES.image;
    if (fanSize > max)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `O arquivo passa de ${Math.round(max / 1024 / 1024)} MB. Envie um arquivo menor.`,
      );
    const expired = new Date(ctx.clock.now().getTime() - UPLOAD_URL_TTL_SECONDS * 1000);
    await releaseExpiredReservationsUnder(ctx, workspaceId, prefix, expired);
  }
  const maxSize = await reserveWorkspaceUpload(
    ctx,
    workspaceId,
    key,
    video ? MAX_BYTES.video : MAX_BYTES.image,
    fanSize === undefined
      ? {}
      : { bytes: fanSize, budget: { prefix, bytes: FAN_VERIFICATION_BUDGET_BYTES, overBudget } },
  );
  const put = await ctx.storage.presignPut(key, {
    contentType,
    maxSize,
    ...(fanSize !== undefined ? { exactSize: fanSize } : {}),
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  return {
    presigned_url: put.url,
    method: 'PUT' as const,
    headers: put.headers,
    expires_at: put.expiresAt.toISOString(),
    max_size: maxSize,
    file_path: filePath,
  };
}

/** The files of one set as stored, oldest first, each with a short-lived URL. */
export async function listSetObjects(
  ctx: AppContext,
  workspaceId: string,
  customerId: string,
  kind: VerificationKind,
  side: DocumentSide | null,
): Promise<VerificationObject[]> {
  const base = customerPrefix(workspaceId, customerId);
  const { objects } = await ctx.storage.list(base + setFolder(kind, side), { delimiter: true });
  const sorted = [...objects].sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
  return Promise.all(
    sorted.map(async (o) => ({
      file_path: o.key.slice(base.length),
      url: (await ctx.storage.presignGet(o.key, { expiresInSeconds: VIEW_URL_TTL_SECONDS })).url,
      content_type: o.contentType,
      created_at: o.updatedAt.toISOString(),
    })),
  );
}

/** How many files each set the fan must send holds. */
export async function countFanSets(ctx: AppContext, workspaceId: string, customerId: string) {
  const base = customerPrefix(workspaceId, customerId);
  const n = async (folder: string) =>
    (await ctx.storage.list(base + folder, { delimiter: true })).objects.length;
  const [front, back, liveness] = await Promise.all([
    n('document/front/'),
    n('document/back/'),
    n('liveness/'),
  ]);
  return { document_front: front > 0, document_back: back > 0, liveness: liveness > 0 };
}

/** Deletes every file of the customer and gives their room back to the quota; returns how many. */
export async function deleteCustomerFiles(
  ctx: AppContext,
  workspaceId: string,
  customerId: string,
) {
  const prefix = customerPrefix(workspaceId, customerId);
  const deleted = await ctx.storage.deletePrefix(prefix);
  await releaseWorkspaceUploads(ctx, workspaceId, prefix);
  return deleted;
}
