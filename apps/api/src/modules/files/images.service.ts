/**
 * Profile images (the user's avatar, a workspace's avatar and cover):
 *
 *   1. POST /avatar/upload, /workspaces/{id}/avatar/upload or
 *      /workspaces/{id}/cover-photo/upload { content_type } -> a pre-signed PUT
 *      for a raw upload (an `uploads` row, status pending);
 *   2. the client PUTs the bytes;
 *   3. POST /uploads/{upload_id}/complete checks size and magic bytes,
 *      re-encodes the image (lib/images.ts), stores it and its thumbnail under
 *      content-hashed public keys, and only then points the user/workspace at
 *      it; the previous image and the raw upload are deleted.
 * A refused upload (413, 415) leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { EXTENSION_CONTENT_TYPE, IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from '@fa-clube/contract';
import type {
  CompleteUploadResponse,
  ImageContentType,
  ImageUploadBody,
  ImageUploadResponse,
  UploadPurpose,
} from '@fa-clube/contract';
import { requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  IMAGE_OUTPUT_EXT,
  IMAGE_OUTPUT_TYPE,
  InvalidImageError,
  imageDecodingSlots,
  processImage,
} from '../../lib/images';
import {
  SNIFF_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  fileTooLarge,
  publicImageUrl,
  publicThumbnailUrl,
  readToBuffer,
  sniffMediaType,
  thumbnailKey,
} from '../../lib/storage';
import { replaceUserAvatar } from '../auth/auth.service';
import { consumeUploadUrl } from './files.service';
import { replaceWorkspaceImage } from '../workspaces/workspaces.service';
import {
  findStalePendingUploads,
  findUploadOfUser,
  insertUpload,
  markUploadsExpired,
  transitionUpload,
} from './files.repo';
import type { UploadRow } from './files.repo';

const EXT_BY_TYPE: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Image decoding slots per context (IMAGE_DECODE_CONCURRENCY): the rest wait their turn. */
export const imageDecoding = (ctx: AppContext) => imageDecodingSlots(ctx.config);

/** Raw uploads whose URL expired this long ago are abandoned and deleted. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

function imageContentType(body: ImageUploadBody): ImageContentType {
  const fromExt = body.extension_type
    ? (EXTENSION_CONTENT_TYPE[body.extension_type] as ImageContentType)
    : undefined;
  if (body.content_type && fromExt && body.content_type !== fromExt)
    throw new AppError('VALIDATION_ERROR', 'content_type e extension_type não combinam.', {
      errors: [{ field: 'extension_type', message: 'content_type e extension_type não combinam.' }],
    });
  const type = body.content_type ?? fromExt;
  if (!type || !(IMAGE_CONTENT_TYPES as readonly string[]).includes(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie uma imagem JPEG, PNG ou WebP.');
  return type;
}

/**
 * Deletes the raw bytes of abandoned uploads (URL expired over an hour ago and
 * never completed). Runs for the user on each new upload; a job may call it
 * without a user.
 */
export async function purgeAbandonedUploads(ctx: AppContext, userId?: string): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - ABANDONED_AFTER_MS);
  const stale = await findStalePendingUploads(ctx.db, before, userId);
  if (stale.length === 0) return 0;
  await ctx.storage.deleteMany(stale.map((u) => u.storageKey));
  await markUploadsExpired(
    ctx.db,
    stale.map((u) => u.id),
  );
  return stale.length;
}

/** Step 1 for every purpose; the access check is the caller's first statement. */
async function createImageUpload(
  ctx: AppContext,
  userId: string,
  purpose: UploadPurpose,
  workspaceId: string | null,
  body: ImageUploadBody,
): Promise<ImageUploadResponse> {
  const contentType = imageContentType(body);
  if (body.size !== undefined && body.size > MAX_IMAGE_BYTES) throw fileTooLarge(MAX_IMAGE_BYTES);
  await consumeUploadUrl(ctx, userId);
  await purgeAbandonedUploads(ctx, userId).catch((err) =>
    ctx.logger.warn({ err }, 'could not purge abandoned uploads'),
  );
  const id = randomUUID();
  const name = `incoming/${id}.${EXT_BY_TYPE[contentType]}`;
  const key = workspaceId ? `workspaces/${workspaceId}/${name}` : `users/${userId}/${name}`;
  const put = await ctx.storage.presignPut(key, {
    contentType,
    maxSize: MAX_IMAGE_BYTES,
    ...(body.size !== undefined ? { exactSize: body.size } : {}),
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  await insertUpload(ctx.db, {
    id,
    purpose,
    userId,
    workspaceId,
    storageKey: key,
    contentType,
    maxSize: MAX_IMAGE_BYTES,
    status: 'pending',
    expiresAt: put.expiresAt,
    createdAt: ctx.clock.now(),
  });
  return {
    upload_id: id,
    presigned_url: put.url,
    method: 'PUT',
    headers: put.headers,
    expires_at: put.expiresAt.toISOString(),
    max_size: MAX_IMAGE_BYTES,
    file_path: name,
  };
}

/** POST /avatar/upload: the signed-in user's own avatar. */
export async function requestUserAvatarUpload(
  ctx: AppContext,
  actor: Actor | null,
  body: ImageUploadBody,
): Promise<ImageUploadResponse> {
  const a = requireActor(actor);
  return createImageUpload(ctx, a.userId, 'user_avatar', null, body);
}

/** POST /workspaces/{id}/avatar/upload and /cover-photo/upload: owner only. */
export async function requestWorkspaceImageUpload(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  kind: 'avatar' | 'cover',
  body: ImageUploadBody,
): Promise<ImageUploadResponse> {
  const { actor: a } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  return createImageUpload(
    ctx,
    a.userId,
    kind === 'avatar' ? 'workspace_avatar' : 'workspace_cover',
    workspaceId,
    body,
  );
}

const uploadNotFound = () => new AppError('UPLOAD_NOT_FOUND', 'Envio não encontrado.');

function finalKeyPrefix(upload: UploadRow): string {
  switch (upload.purpose as UploadPurpose) {
    case 'user_avatar':
      return `public/users/${upload.userId}/avatar`;
    case 'workspace_avatar':
      return `public/workspaces/${upload.workspaceId}/avatar`;
    case 'workspace_cover':
      return `public/workspaces/${upload.workspaceId}/cover`;
  }
}

/**
 * POST /uploads/{upload_id}/complete: the uploader only (and, for workspace
 * images, while still the owner). Verifies, processes and publishes the image.
 */
export async function completeUpload(
  ctx: AppContext,
  actor: Actor | null,
  uploadId: string,
): Promise<CompleteUploadResponse> {
  const a = requireActor(actor);
  const upload = await findUploadOfUser(ctx.db, uploadId, a.userId);
  if (!upload) throw uploadNotFound();
  if (upload.workspaceId) await requireWorkspaceRole(ctx.db, a, upload.workspaceId, 'owner');
  const purpose = upload.purpose as UploadPurpose;
  if (!['user_avatar', 'workspace_avatar', 'workspace_cover'].includes(purpose))
    throw uploadNotFound();
  if (upload.status === 'complete')
    throw new AppError('UPLOAD_ALREADY_COMPLETED', 'Este envio já foi concluído.');
  if (upload.status === 'processing')
    throw new AppError('UPLOAD_IN_PROGRESS', 'Este envio já está sendo processado.');
  if (upload.status !== 'pending')
    throw new AppError(
      'UPLOAD_FAILED',
      'Este envio não pode mais ser concluído. Envie a imagem de novo.',
    );

  const head = await ctx.storage.head(upload.storageKey);
  if (!head)
    throw new AppError(
      'UPLOAD_NOT_RECEIVED',
      'A imagem ainda não foi recebida. Envie o arquivo para o link antes de concluir.',
    );
  if (!(await transitionUpload(ctx.db, upload.id, 'pending', 'processing')))
    throw new AppError('UPLOAD_IN_PROGRESS', 'Este envio já está sendo processado.');

  const written: string[] = [];
  try {
    if (head.size > upload.maxSize) throw fileTooLarge(upload.maxSize);
    const bytes = await readToBuffer(ctx.storage, upload.storageKey, upload.maxSize);
    if (!bytes) throw uploadNotFound();
    if ((await sniffMediaType(bytes.subarray(0, SNIFF_BYTES))) !== upload.contentType)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'O arquivo enviado não é uma imagem JPEG, PNG ou WebP válida.',
      );
    const images = await imageDecoding(ctx).run(() =>
      processImage(bytes, purpose === 'workspace_cover' ? 'cover' : 'avatar'),
    );

    const key = `${finalKeyPrefix(upload)}-${images.hash.slice(0, 32)}.${IMAGE_OUTPUT_EXT}`;
    // identical bytes give the identical key: an existing one may be in use, never roll it back
    const existed = Boolean(await ctx.storage.head(key));
    await ctx.storage.put(key, images.main.data, IMAGE_OUTPUT_TYPE);
    if (!existed) written.push(key);
    await ctx.storage.put(thumbnailKey(key), images.thumbnail.data, IMAGE_OUTPUT_TYPE);
    if (!existed) written.push(thumbnailKey(key));

    const now = ctx.clock.now();
    const previous = await ctx.db.transaction(async (tx) => {
      let prev: string | null;
      if (purpose === 'user_avatar') {
        const r = await replaceUserAvatar(tx, a.userId, key, now);
        if (!r) throw uploadNotFound();
        prev = r.previous;
      } else {
        prev = await replaceWorkspaceImage(
          ctx,
          tx,
          upload.workspaceId!,
          purpose === 'workspace_cover' ? 'cover' : 'avatar',
          key,
        );
      }
      if (!(await transitionUpload(tx, upload.id, 'processing', 'complete', now)))
        throw new AppError('UPLOAD_IN_PROGRESS', 'Este envio já está sendo processado.');
      return prev;
    });
    written.length = 0; // published: keep them

    const garbage = [upload.storageKey];
    // the same bytes again give the same key: keep it
    if (previous && previous !== key) garbage.push(previous, thumbnailKey(previous));
    await ctx.storage
      .deleteMany(garbage)
      .catch((err) => ctx.logger.warn({ err }, 'could not delete replaced images'));

    const url = publicImageUrl(key)!;
    return {
      purpose,
      url,
      thumbnail_url: publicThumbnailUrl(key)!,
      ...(purpose === 'workspace_cover' ? { cover_url: url } : { avatar_url: url }),
      workspace_id: upload.workspaceId,
    };
  } catch (err) {
    await transitionUpload(ctx.db, upload.id, 'processing', 'failed').catch(() => undefined);
    await ctx.storage
      .deleteMany([upload.storageKey, ...written])
      .catch((e) => ctx.logger.warn({ err: e }, 'could not delete a refused upload'));
    if (err instanceof InvalidImageError)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Não foi possível ler a imagem. Envie outro arquivo.',
      );
    if (err instanceof RangeError) throw fileTooLarge(upload.maxSize);
    throw err;
  }
}
