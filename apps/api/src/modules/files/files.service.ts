/**
 * The workspace file store, and the functions other modules use to work with
 * uploaded media. Post attachments go through here:
 *
 *   1. the client asks POST /workspaces/objects/{ws} { extension_type } and
 *      gets { presigned_url, file_path } (file_path is workspace-relative);
 *   2. it PUTs the bytes to presigned_url with the given Content-Type;
 *   3. it sends file_path with the post; the content service then calls
 *
 *      verifyWorkspaceFile(ctx, workspaceId, filePath, ['image', 'video'])
 *        -> { filePath, kind: 'image' | 'video', contentType, size }
 *        Normalises the path (400 INVALID_PATH), checks the object exists
 *        (400 FILE_NOT_FOUND), its extension is an allowed kind (415), its size
 *        is within the limit (413: images 15 MB, videos 500 MB) and its first
 *        bytes really are that type (415). A file that fails the size or the
 *        magic-byte check is deleted. Store the returned values on the attachment.
 *
 *      signedViewUrl(ctx, workspaceId, filePath, { expiresInSeconds? })
 *        -> { url, expiresAt }   a 5-minute signed GET (Range supported). Call
 *        it only after your own access check (owner, member, active subscriber).
 *
 *      deleteWorkspaceFiles(ctx, workspaceId, filePaths)
 *        Deletes the files (e.g. the attachments of a deleted post).
 *
 *      processWorkspaceImage(ctx, workspaceId, filePath, { variants })
 *        -> { filePath, contentType, size, width, height, variants }
 *        Re-encodes a verified image (lib/images processMediaImage: rotated,
 *        no metadata, at most 2560 px, WebP, the srcset widths) into new files
 *        under `media/<uuid>/`, counted in the quota. The original stays:
 *        delete it once the new paths are saved (413 IMAGE_TOO_MANY_PIXELS,
 *        415 IMAGE_UNREADABLE, 413 STORAGE_QUOTA_EXCEEDED; nothing written then).
 *
 *      claimUploads(tx, workspaceId, filePaths) -> boolean
 *        In the transaction that saves the re-encoded files: takes the uploads
 *        out of the quota, false when another transaction took one first
 *        (refuse then). Delete their bytes after the commit (deleteWorkspaceFiles).
 *
 *      normalizeFilePath(input) -> string                   (400 INVALID_PATH)
 *
 *   These helpers do NOT check who is calling: the caller's service does that
 *   first (read-models/access.ts). content_attachments.file_path must hold the
 *   workspace-relative path they return: DELETE of an attached file is refused.
 *
 * Public images (avatars, covers) are different: see images.service.ts and
 * publicImageUrl() in lib/storage.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { EXTENSION_CONTENT_TYPE, EXTENSION_KIND } from '@fa-clube/contract';
import type {
  FilesResponse,
  FolderEntry,
  MediaContentType,
  StorageUsage,
  MediaKind,
  ObjectUploadBody,
  ObjectUploadResponse,
  ObjectUrlResponse,
} from '@fa-clube/contract';
import { requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, rateLimited } from '../../lib/errors';
import {
  LocalStorage,
  MAX_BYTES,
  SNIFF_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  VIEW_URL_TTL_SECONDS,
  fileTooLarge,
  readToBuffer,
  sniffMediaType,
} from '../../lib/storage';
import type { PresignedGet, Storage } from '../../lib/storage';
import {
  IMAGE_OUTPUT_EXT,
  IMAGE_OUTPUT_TYPE,
  ImageTooManyPixelsError,
  InvalidImageError,
  imageDecodingSlots,
  processMediaImage,
} from '../../lib/images';
import type { MediaImage } from '../../lib/images';
import { timeMediaJob } from '../../lib/metrics';
import { mp4PlaysAsIs } from '../../lib/video';
import {
  extensionOf,
  invalidPath,
  normalizeFilePath,
  normalizeFolderPrefix,
  quotaRowKey,
  workspaceFileKey,
  workspaceFilesPrefix,
} from './file-paths';
import { fileUse } from './attached-files.queries';
import type { FileUse } from './attached-files.queries';
import type { DbOrTx } from '../../db/client';
import {
  claimObjects,
  findObjectReservation,
  findExpiredReservationsUnder,
  findStaleReservations,
  findStorageUsed,
  recordStoredObjects,
  removeObjects,
  removeObjectsUnder,
  reserveObject,
  settleObject,
} from './files.repo';

export { normalizeFilePath, workspaceFileKey } from './file-paths';

export interface VerifiedFile {
  /** The normalised workspace-relative path. */
  filePath: string;
  kind: MediaKind;
  contentType: MediaContentType;
  size: number;
}

/** The kind of each accepted content type. */
const EXTENSION_KIND_OF_TYPE = Object.fromEntries(
  Object.entries(EXTENSION_CONTENT_TYPE).map(([ext, type]) => [
    type,
    EXTENSION_KIND[ext as keyof typeof EXTENSION_KIND],
  ]),
) as Record<MediaContentType, MediaKind>;

export const fileNotFound = () => new AppError('FILE_NOT_FOUND', 'Arquivo não encontrado.');

const quotaExceeded = (quotaBytes: number) =>
  new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `O espaço de armazenamento deste perfil (${formatQuota(quotaBytes)}) acabou. Exclua arquivos ou publicações para liberar espaço.`,
  );

function formatQuota(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${Number(gb.toFixed(1)).toLocaleString('pt-BR')} GB`;
  return `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;
}

/**
 * Upload URLs per user (file store and profile images): every URL reserves
 * room and a request, so a script cannot ask for them without end.
 */
export async function consumeUploadUrl(ctx: AppContext, userId: string): Promise<void> {
  const wait = await ctx.throttle.consume(`upload-url:${userId}`, ctx.config.limits.uploadUrls);
  if (wait) throw rateLimited(wait, 'Muitos envios em pouco tempo. Tente novamente mais tarde.');
}

/**
 * Counts a verified object in the quota with its real size (S3 uploads, whose
 * bytes the API never sees, and files stored before the quota existed);
 * deletes it and refuses with 413 when it does not fit.
 */
async function countObject(ctx: AppContext, workspaceId: string, filePath: string, size: number) {
  const quota = ctx.config.storage.quotaBytes;
  const now = ctx.clock.now();
  const reserved = await findObjectReservation(ctx.db, workspaceId, filePath);
  if (reserved === size) return;
  const fits =
    reserved === null
      ? (await reserveObject(ctx.db, {
          workspaceId,
          filePath,
          bytes: size,
          maxBytes: size,
          quota,
          now,
        })) !== null
      : (await settleObject(ctx.db, { workspaceId, filePath, bytes: size, quota, now })) === 'ok';
  if (!fits) {
    await ctx.storage.delete(quotaRowKey(workspaceId, filePath));
    await removeObjects(ctx.db, workspaceId, [filePath]);
    throw quotaExceeded(quota);
  }
}

/** Keys counted in a workspace's quota: the file store's (row: the relative path) and the identity-verification files (row: the key). */
const QUOTA_KEY = /^workspaces\/([0-9a-f-]{36})\/(?:files\/(.+)|trueid\/.+)$/;

/**
 * The local driver received the bytes of `key` (storage.routes.ts): an object
 * of the quota gets its real size counted. An object with no reservation (its
 * URL outlived the file) or over the quota is deleted and refused.
 */
export async function settleReceivedObject(ctx: AppContext, key: string, size: number) {
  const match = QUOTA_KEY.exec(key);
  if (!match) return;
  const workspaceId = match[1]!;
  const filePath = match[2] ?? key;
  const quota = ctx.config.storage.quotaBytes;
  const outcome = await settleObject(ctx.db, {
    workspaceId,
    filePath,
    bytes: size,
    quota,
    now: ctx.clock.now(),
  });
  if (outcome === 'ok') return;
  await ctx.storage.delete(key);
  throw outcome === 'over' ? quotaExceeded(quota) : new AppError('UPLOAD_URL_USED');
}

/**
 * The hourly sweep's part for the quota: a reservation whose upload URL expired
 * over an hour ago either has its bytes (an S3 upload never attached: counted
 * with its real size) or never got them (released).
 */
export async function releaseStaleReservations(ctx: AppContext): Promise<number> {
  const before = new Date(
    ctx.clock.now().getTime() - (UPLOAD_URL_TTL_SECONDS * 1000 + 60 * 60 * 1000),
  );
  const stale = await findStaleReservations(ctx.db, before);
  for (const row of stale) {
    const head = await ctx.storage.head(quotaRowKey(row.workspaceId, row.filePath));
    if (!head) await removeObjects(ctx.db, row.workspaceId, [row.filePath]);
    else
      await countObject(ctx, row.workspaceId, row.filePath, head.size).catch((err) =>
        ctx.logger.warn({ err }, 'object over the quota deleted by the sweep'),
      );
  }
  return stale.length;
}

/**
 * The hourly sweep's part for the local driver's temp files: an upload cut by a
 * crash leaves its partial bytes under `.tmp/`; an hour without a write means
 * no request is still writing them (uploads are cut after UPLOAD_IDLE_TIMEOUT_MS idle).
 */
export async function purgeStaleTempFiles(ctx: AppContext): Promise<number> {
  if (!(ctx.storage instanceof LocalStorage)) return 0;
  return ctx.storage.purgeStaleTemp(new Date(ctx.clock.now().getTime() - 60 * 60 * 1000));
}

/**
 * For files a module keeps elsewhere in the workspace (identity verification,
 * under `workspaces/<ws>/trueid/`): reserves room for an upload to `key`, as
 * much as `maxBytes` allows within the quota, and answers the bytes reserved
 * (the upload URL's limit). 413 STORAGE_QUOTA_EXCEEDED when nothing fits. The
 * bytes that arrive are counted with their real size (settleReceivedObject, or
 * the hourly sweep on S3). Does not check access.
 */
export async function reserveWorkspaceUpload(
  ctx: AppContext,
  workspaceId: string,
  key: string,
  maxBytes: number,
  opts: {
    /** The declared size: exactly this much is reserved (and is the URL's limit). */
    bytes?: number;
    /** A budget for every key under `prefix`: over it, `overBudget()` is thrown instead. */
    budget?: { prefix: string; bytes: number; overBudget: () => Error };
  } = {},
): Promise<number> {
  if (!QUOTA_KEY.exec(key) || key.includes('/files/'))
    throw new Error(`not a quota key outside the file store: ${key}`);
  const reserved = await reserveObject(ctx.db, {
    workspaceId,
    filePath: key,
    maxBytes,
    quota: ctx.config.storage.quotaBytes,
    now: ctx.clock.now(),
    ...(opts.bytes !== undefined ? { bytes: opts.bytes } : {}),
    ...(opts.budget ? { budget: { prefix: opts.budget.prefix, bytes: opts.budget.bytes } } : {}),
  });
  if (reserved === 'over-budget') throw opts.budget!.overBudget();
  if (reserved === null) throw quotaExceeded(ctx.config.storage.quotaBytes);
  return reserved;
}

/**
 * Gives back, under `prefix`, the room reserved for uploads whose URL expired before `before`:
 * bytes that arrived anyway are counted with their real size, the others released. For a module
 * that wants its reservations to end with their URL rather than at the hourly sweep.
 */
export async function releaseExpiredReservationsUnder(
  ctx: AppContext,
  workspaceId: string,
  prefix: string,
  before: Date,
): Promise<void> {
  for (const row of await findExpiredReservationsUnder(ctx.db, workspaceId, prefix, before)) {
    const head = await ctx.storage.head(quotaRowKey(row.workspaceId, row.filePath));
    if (!head) await removeObjects(ctx.db, row.workspaceId, [row.filePath]);
    else
      await countObject(ctx, row.workspaceId, row.filePath, head.size).catch((err) =>
        ctx.logger.warn({ err }, 'object over the quota deleted on release'),
      );
  }
}

/** Gives back the room of every key under `prefix` (files deleted by their module). */
export async function releaseWorkspaceUploads(
  ctx: AppContext,
  workspaceId: string,
  prefix: string,
): Promise<void> {
  await removeObjectsUnder(ctx.db, workspaceId, prefix);
}

/** GET /workspaces/objects/{ws}/usage: owner and members; the space used and the quota. */
export async function getStorageUsage(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<StorageUsage> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  return {
    used_bytes: await findStorageUsed(ctx.db, workspaceId),
    quota_bytes: ctx.config.storage.quotaBytes,
  };
}

/**
 * Checks an uploaded workspace file before another module uses it (see the
 * comment at the top). Does not check access.
 */
export async function verifyWorkspaceFile(
  ctx: AppContext,
  workspaceId: string,
  filePath: string,
  allowedKinds: readonly MediaKind[] = ['image', 'video'],
): Promise<VerifiedFile> {
  const path = normalizeFilePath(filePath);
  const ext = extensionOf(path);
  if (!ext || !allowedKinds.includes(EXTENSION_KIND[ext]))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      allowedKinds.includes('video')
        ? 'Tipo de arquivo não suportado. Envie uma imagem (JPEG, PNG ou WebP) ou um vídeo (MP4, MOV ou WebM).'
        : 'Tipo de arquivo não suportado. Envie uma imagem JPEG, PNG ou WebP.',
    );
  const kind = EXTENSION_KIND[ext];
  const contentType = EXTENSION_CONTENT_TYPE[ext];
  const key = workspaceFileKey(workspaceId, path);
  const head = await ctx.storage.head(key);
  if (!head) throw fieldError('FILE_NOT_UPLOADED', 'file_path');
  if (head.size > MAX_BYTES[kind]) {
    await ctx.storage.delete(key);
    await removeObjects(ctx.db, workspaceId, [path]);
    throw fileTooLarge(MAX_BYTES[kind]);
  }
  await countObject(ctx, workspaceId, path, head.size);
  const first = (await ctx.storage.readBytes(key, 0, SNIFF_BYTES - 1)) ?? Buffer.alloc(0);
  const sniffed = await sniffMediaType(first);
  // MP4 and QuickTime are one container family (a phone's .mov may say `isom`): any video will do
  const matches =
    sniffed === contentType ||
    (kind === 'video' && sniffed !== null && EXTENSION_KIND_OF_TYPE[sniffed] === 'video');
  if (!matches) {
    await ctx.storage.delete(key);
    await removeObjects(ctx.db, workspaceId, [path]);
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'O conteúdo do arquivo não corresponde ao tipo informado.',
    );
  }
  return { filePath: path, kind, contentType, size: head.size };
}

/** URLs signed in the current window, per storage (bounded: cleared when the window turns or it fills). */
const signedInWindow = new WeakMap<Storage, { window: number; urls: Map<string, PresignedGet> }>();
const SIGNED_IN_WINDOW_MAX = 50_000;

/**
 * A short-lived signed GET URL of a workspace file. Does not check access.
 * With `cacheWindowSeconds` the URL is signed for a fixed window (expiring
 * `expiresInSeconds` after its end): the same URL for everyone during the
 * window, so browsers cache the file and each file is signed once per window.
 */
export async function signedViewUrl(
  ctx: AppContext,
  workspaceId: string,
  filePath: string,
  opts: { expiresInSeconds?: number; cacheWindowSeconds?: number } = {},
): Promise<PresignedGet> {
  const key = workspaceFileKey(workspaceId, normalizeFilePath(filePath));
  const presign = {
    expiresInSeconds: opts.expiresInSeconds ?? VIEW_URL_TTL_SECONDS,
    cacheWindowSeconds: opts.cacheWindowSeconds,
  };
  if (!opts.cacheWindowSeconds) return ctx.storage.presignGet(key, presign);
  const window = Math.floor(ctx.clock.now().getTime() / 1000 / opts.cacheWindowSeconds);
  let memo = signedInWindow.get(ctx.storage);
  if (!memo || memo.window !== window || memo.urls.size >= SIGNED_IN_WINDOW_MAX) {
    memo = { window, urls: new Map() };
    signedInWindow.set(ctx.storage, memo);
  }
  const memoKey = `${presign.expiresInSeconds}/${opts.cacheWindowSeconds}/${key}`;
  let signed = memo.urls.get(memoKey);
  if (!signed) {
    signed = await ctx.storage.presignGet(key, presign);
    memo.urls.set(memoKey, signed);
  }
  return signed;
}

/** Deletes workspace files by their workspace-relative paths. Does not check access. */
export async function deleteWorkspaceFiles(
  ctx: AppContext,
  workspaceId: string,
  filePaths: readonly string[],
): Promise<void> {
  const paths = filePaths.map((p) => normalizeFilePath(p));
  if (paths.length === 0) return;
  await ctx.storage.deleteMany(paths.map((p) => workspaceFileKey(workspaceId, p)));
  await removeObjects(ctx.db, workspaceId, paths);
}

export interface ProcessedFile {
  filePath: string;
  width: number;
  height: number;
  size: number;
}

/** A re-encoded image: the whole image and its smaller widths (smallest first). */
export interface ProcessedImageFiles extends ProcessedFile {
  contentType: typeof IMAGE_OUTPUT_TYPE;
  variants: ProcessedFile[];
}

/**
 * Re-encodes an image of the workspace's store (see the comment at the top).
 * `dir` (a folder under `media/`) makes a retry write the same paths, as the
 * backfill does; `force` counts the files even over the quota. Does not check access.
 */
export async function processWorkspaceImage(
  ctx: AppContext,
  workspaceId: string,
  filePath: string,
  opts: { variants: boolean; dir?: string; force?: boolean; tolerant?: boolean },
): Promise<ProcessedImageFiles> {
  const source = workspaceFileKey(workspaceId, normalizeFilePath(filePath));
  const input = await readToBuffer(ctx.storage, source, MAX_BYTES.image);
  if (!input) throw fieldError('FILE_NOT_UPLOADED', 'file_path');
  return storeMediaImage(ctx, workspaceId, input, opts);
}

/**
 * processWorkspaceImage's work on bytes already read (a video's poster frame): re-encoded and
 * stored under `media/<dir>/`, counted in the quota. Does not check access.
 */
export async function storeMediaImage(
  ctx: AppContext,
  workspaceId: string,
  input: Buffer,
  opts: { variants: boolean; dir?: string; force?: boolean; tolerant?: boolean },
): Promise<ProcessedImageFiles> {
  let image: MediaImage;
  try {
    image = await imageDecodingSlots(ctx.config).run(() =>
      timeMediaJob(ctx.metrics, 'image', () =>
        processMediaImage(input, { variants: opts.variants, tolerant: opts.tolerant }),
      ),
    );
  } catch (err) {
    if (err instanceof ImageTooManyPixelsError)
      throw fieldError('IMAGE_TOO_MANY_PIXELS', 'file_path');
    if (err instanceof InvalidImageError) throw fieldError('IMAGE_UNREADABLE', 'file_path');
    throw err;
  }
  const dir = `media/${opts.dir ?? randomUUID()}/`;
  const files = image.widths.map((w) => ({
    filePath: `${dir}${w.width}w.${IMAGE_OUTPUT_EXT}`,
    data: w.data,
    width: w.width,
    height: w.height,
    size: w.data.length,
  }));
  const fits = await recordStoredObjects(ctx.db, {
    workspaceId,
    objects: files.map((f) => ({ filePath: f.filePath, bytes: f.size })),
    quota: ctx.config.storage.quotaBytes,
    force: opts.force ?? false,
    now: ctx.clock.now(),
  });
  if (!fits) throw quotaExceeded(ctx.config.storage.quotaBytes);
  try {
    for (const f of files)
      await ctx.storage.put(workspaceFileKey(workspaceId, f.filePath), f.data, IMAGE_OUTPUT_TYPE);
  } catch (err) {
    await deleteWorkspaceFiles(
      ctx,
      workspaceId,
      files.map((f) => f.filePath),
    ).catch((e) => ctx.logger.warn({ err: e }, 'could not delete a re-encoded image'));
    throw err;
  }
  const whole = files.at(-1)!;
  const describe = (f: (typeof files)[number]): ProcessedFile => ({
    filePath: f.filePath,
    width: f.width,
    height: f.height,
    size: f.size,
  });
  return {
    ...describe(whole),
    contentType: IMAGE_OUTPUT_TYPE,
    variants: files.slice(0, -1).map(describe),
  };
}

/** Copies a workspace file to a local file (a video for ffmpeg). Does not check access. */
export async function downloadWorkspaceFile(
  ctx: AppContext,
  workspaceId: string,
  filePath: string,
  dest: string,
): Promise<boolean> {
  const r = await ctx.storage.read(workspaceFileKey(workspaceId, normalizeFilePath(filePath)));
  if (!r) return false;
  await pipeline(r.body, createWriteStream(dest));
  return true;
}

/**
 * Stores files of the local disk (a processed video, its HLS ladder) at their workspace paths,
 * streamed, all counted in the quota at once (`force`: even over it, as the upload they are made
 * from goes). Does not check access.
 */
export async function storeWorkspaceFilesFromDisk(
  ctx: AppContext,
  workspaceId: string,
  files: ReadonlyArray<{ filePath: string; file: string; contentType: string }>,
  opts: { force?: boolean } = {},
): Promise<void> {
  if (files.length === 0) return;
  const sized = await Promise.all(
    files.map(async (f) => ({
      ...f,
      filePath: normalizeFilePath(f.filePath),
      bytes: (await stat(f.file)).size,
    })),
  );
  const fits = await recordStoredObjects(ctx.db, {
    workspaceId,
    objects: sized.map((f) => ({ filePath: f.filePath, bytes: f.bytes })),
    quota: ctx.config.storage.quotaBytes,
    force: opts.force ?? false,
    now: ctx.clock.now(),
  });
  if (!fits) throw quotaExceeded(ctx.config.storage.quotaBytes);
  for (const f of sized)
    await ctx.storage.putFile(workspaceFileKey(workspaceId, f.filePath), f.file, f.contentType);
}

/** Deletes every workspace file under `prefix` (a folder path ending with `/`). Does not check access. */
export async function deleteWorkspaceFolder(
  ctx: AppContext,
  workspaceId: string,
  prefix: string,
): Promise<void> {
  const folder = normalizeFilePath(prefix.replace(/\/+$/, '')) + '/';
  await ctx.storage.deletePrefix(workspaceFileKey(workspaceId, folder.slice(0, -1)) + '/');
  await removeObjectsUnder(ctx.db, workspaceId, folder);
}

/** Deletes those of the files no post holds (work of a job whose post went). Does not check access. */
export async function deleteUnattachedFiles(
  ctx: AppContext,
  workspaceId: string,
  filePaths: readonly string[],
): Promise<void> {
  const loose: string[] = [];
  for (const p of filePaths) if (!(await fileUse(ctx.db, workspaceId, p))) loose.push(p);
  await deleteWorkspaceFiles(ctx, workspaceId, loose);
}

/** Without ffmpeg: whether a verified MP4 plays everywhere as it is (lib/video mp4PlaysAsIs). */
export async function workspaceMp4PlaysAsIs(
  ctx: AppContext,
  workspaceId: string,
  file: VerifiedFile,
): Promise<boolean> {
  const key = workspaceFileKey(workspaceId, file.filePath);
  return mp4PlaysAsIs((start, end) => ctx.storage.readBytes(key, start, end), file.size);
}

/** See the comment at the top. Does not check access. */
export async function claimUploads(
  tx: DbOrTx,
  workspaceId: string,
  filePaths: readonly string[],
): Promise<boolean> {
  return (await claimObjects(tx, workspaceId, filePaths)) === new Set(filePaths).size;
}

// ---- the workspace file store endpoints ----

function defaultFilePath(ctx: AppContext, ext: string): string {
  const now = ctx.clock.now();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${now.getUTCFullYear()}/${month}/${randomUUID()}.${ext}`;
}

/** POST /workspaces/objects/{ws}: owner only; a pre-signed PUT for one file. */
export async function requestObjectUpload(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: ObjectUploadBody,
): Promise<ObjectUploadResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await consumeUploadUrl(ctx, requireActor(actor).userId);
  const contentType = EXTENSION_CONTENT_TYPE[body.extension_type];
  const kind = EXTENSION_KIND[body.extension_type];
  const filePath = body.file_path
    ? normalizeFilePath(body.file_path)
    : defaultFilePath(ctx, body.extension_type);
  const pathExt = extensionOf(filePath);
  if (!pathExt || EXTENSION_CONTENT_TYPE[pathExt] !== contentType)
    throw invalidPath(`O caminho deve terminar com a extensão .${body.extension_type}.`);
  const maxSize = MAX_BYTES[kind];
  if (body.size !== undefined && body.size > maxSize) throw fileTooLarge(maxSize);
  const inUse = await fileUse(ctx.db, workspaceId, filePath);
  if (inUse) throw new AppError('FILE_IN_USE', `${IN_USE[inUse]} e não pode ser substituído.`);
  const key = workspaceFileKey(workspaceId, filePath);
  const reserved = await reserveObject(ctx.db, {
    workspaceId,
    filePath,
    bytes: body.size,
    maxBytes: maxSize,
    quota: ctx.config.storage.quotaBytes,
    now: ctx.clock.now(),
  });
  if (reserved === null || reserved === 'over-budget')
    throw quotaExceeded(ctx.config.storage.quotaBytes);
  // upload URLs create and never overwrite: asking again for a path replaces its file
  if (await ctx.storage.head(key)) await ctx.storage.delete(key);
  const put = await ctx.storage.presignPut(key, {
    contentType,
    maxSize: reserved,
    ...(body.size !== undefined ? { exactSize: body.size } : {}),
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  return {
    presigned_url: put.url,
    method: 'PUT',
    headers: put.headers,
    expires_at: put.expiresAt.toISOString(),
    max_size: reserved,
    file_path: filePath,
  };
}

/** GET /workspaces/objects/{ws}?file_path=: owner and members; a 5-minute view URL. */
export async function getObjectUrl(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  filePath: string,
): Promise<ObjectUrlResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const path = normalizeFilePath(filePath);
  if (!(await ctx.storage.head(workspaceFileKey(workspaceId, path)))) throw fileNotFound();
  const { url, expiresAt } = await signedViewUrl(ctx, workspaceId, path);
  return { url, expires_at: expiresAt.toISOString() };
}

/** Where a file in use is (FILE_IN_USE): a deleted or replaced file would show broken there. */
const IN_USE: Record<FileUse, string> = {
  post: 'Este arquivo está em uma publicação',
  message: 'Este arquivo foi enviado em uma mensagem do chat',
  welcome: 'Este arquivo está na mensagem de boas-vindas',
};
/** What the owner can do about it. */
const KEEP_IN_USE: Record<FileUse, string> = {
  post: 'Exclua a publicação para removê-lo.',
  message: 'Ele continua disponível para quem recebeu a mensagem e não pode ser removido.',
  welcome: 'Troque ou remova o anexo da mensagem de boas-vindas para removê-lo.',
};

/** DELETE /workspaces/objects/{ws}?file_path=: owner only; refused while a post or a message uses the file. */
export async function deleteObject(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  filePath: string,
): Promise<{ message: string }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const path = normalizeFilePath(filePath);
  const key = workspaceFileKey(workspaceId, path);
  if (!(await ctx.storage.head(key))) throw fileNotFound();
  const inUse = await fileUse(ctx.db, workspaceId, path);
  if (inUse) throw new AppError('FILE_IN_USE', `${IN_USE[inUse]}. ${KEEP_IN_USE[inUse]}`);
  await ctx.storage.delete(key);
  await removeObjects(ctx.db, workspaceId, [path]);
  return { message: 'Arquivo removido.' };
}

/** GET /workspaces/objects/{ws}/files?prefix=: owner and members; one folder level. */
export async function listObjects(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  prefix: string | undefined,
): Promise<FilesResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const folder = normalizeFolderPrefix(prefix);
  const root = workspaceFilesPrefix(workspaceId);
  const listing = await ctx.storage.list(root + folder, { delimiter: true, limit: 1000 });
  const relative = (key: string) => key.slice(root.length);
  return {
    files: listing.objects.map((o) => {
      const path = relative(o.key);
      return {
        name: path.slice(path.lastIndexOf('/') + 1),
        path,
        size: o.size,
        content_type: o.contentType,
        updated_at: o.updatedAt.toISOString(),
      };
    }),
    folders: listing.prefixes.map((p): FolderEntry => {
      const path = relative(p);
      const name = path.slice(0, -1);
      return { name: name.slice(name.lastIndexOf('/') + 1), path };
    }),
    truncated: listing.truncated,
  };
}

/** POST /workspaces/objects/{ws}/folder: owner only; an explicit (empty) folder. */
export async function createObjectFolder(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  path: string,
): Promise<FolderEntry> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const folder = normalizeFolderPrefix(path);
  if (folder === '') throw invalidPath('Informe o nome da pasta.');
  await ctx.storage.createFolder(workspaceFileKey(workspaceId, folder));
  const name = folder.slice(0, -1);
  return { name: name.slice(name.lastIndexOf('/') + 1), path: folder };
}
