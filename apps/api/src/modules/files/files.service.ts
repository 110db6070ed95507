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
 *      isPostFile(ctx, workspaceId, filePath) -> boolean
 *        True when one of the workspace's posts has the file attached (or as
 *        a video's poster).
 *
 *      fileKindOf(filePath) -> 'image' | 'video' | null   (by extension)
 *      normalizeFilePath(input) -> string                   (400 INVALID_PATH)
 *
 *   These helpers do NOT check who is calling: the caller's service does that
 *   first (lib/access.ts). content_attachments.file_path must hold the
 *   workspace-relative path they return: DELETE of an attached file is refused.
 *
 * Public images (avatars, covers) are different: see images.service.ts and
 * publicImageUrl() in lib/storage.
 */
import { randomUUID } from 'node:crypto';
import { EXTENSION_CONTENT_TYPE, EXTENSION_KIND } from '@fa-clube/contract';
import type {
  FilesResponse,
  FolderEntry,
  MediaContentType,
  MediaKind,
  ObjectUploadBody,
  ObjectUploadResponse,
  ObjectUrlResponse,
} from '@fa-clube/contract';
import { requireWorkspaceRole } from '../../lib/access';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, notFound, unsupportedMediaType } from '../../lib/errors';
import {
  MAX_BYTES,
  SNIFF_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  VIEW_URL_TTL_SECONDS,
  fileTooLarge,
  sniffMediaType,
} from '../../lib/storage';
import type { PresignedGet } from '../../lib/storage';
import {
  extensionOf,
  invalidPath,
  normalizeFilePath,
  normalizeFolderPrefix,
  workspaceFileKey,
  workspaceFilesPrefix,
} from './file-paths';
import { isFileAttached } from './files.repo';

export { fileKindOf, normalizeFilePath } from './file-paths';

export interface VerifiedFile {
  /** The normalised workspace-relative path. */
  filePath: string;
  kind: MediaKind;
  contentType: MediaContentType;
  size: number;
}

export const fileNotFound = () => notFound('Arquivo não encontrado.', 'FILE_NOT_FOUND');

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
    throw unsupportedMediaType(
      allowedKinds.includes('video')
        ? 'Tipo de arquivo não suportado. Envie uma imagem (JPEG, PNG ou WebP) ou um vídeo MP4.'
        : 'Tipo de arquivo não suportado. Envie uma imagem JPEG, PNG ou WebP.',
    );
  const kind = EXTENSION_KIND[ext];
  const contentType = EXTENSION_CONTENT_TYPE[ext];
  const key = workspaceFileKey(workspaceId, path);
  const head = await ctx.storage.head(key);
  if (!head)
    throw new AppError(
      400,
      'FILE_NOT_FOUND',
      'O arquivo enviado não foi encontrado. Envie-o novamente.',
      { errors: [{ field: 'file_path', message: 'Arquivo não encontrado.' }] },
    );
  if (head.size > MAX_BYTES[kind]) {
    await ctx.storage.delete(key);
    throw fileTooLarge(MAX_BYTES[kind]);
  }
  const first = (await ctx.storage.readBytes(key, 0, SNIFF_BYTES - 1)) ?? Buffer.alloc(0);
  if ((await sniffMediaType(first)) !== contentType) {
    await ctx.storage.delete(key);
    throw unsupportedMediaType('O conteúdo do arquivo não corresponde ao tipo informado.');
  }
  return { filePath: path, kind, contentType, size: head.size };
}

/** A short-lived signed GET URL of a workspace file. Does not check access. */
export async function signedViewUrl(
  ctx: AppContext,
  workspaceId: string,
  filePath: string,
  opts: { expiresInSeconds?: number } = {},
): Promise<PresignedGet> {
  const key = workspaceFileKey(workspaceId, normalizeFilePath(filePath));
  return ctx.storage.presignGet(key, {
    expiresInSeconds: opts.expiresInSeconds ?? VIEW_URL_TTL_SECONDS,
  });
}

/** Deletes workspace files by their workspace-relative paths. Does not check access. */
export async function deleteWorkspaceFiles(
  ctx: AppContext,
  workspaceId: string,
  filePaths: readonly string[],
): Promise<void> {
  const keys = filePaths.map((p) => workspaceFileKey(workspaceId, normalizeFilePath(p)));
  if (keys.length > 0) await ctx.storage.deleteMany(keys);
}

/** True when a post of the workspace has this file attached. Does not check access. */
export async function isPostFile(
  ctx: AppContext,
  workspaceId: string,
  filePath: string,
): Promise<boolean> {
  return isFileAttached(ctx.db, workspaceId, filePath);
}

/**
 * Everything a deleted workspace had in storage: its file store, pending
 * uploads and public images. Failures are logged (the rows are already gone).
 */
export async function deleteWorkspaceStorage(ctx: AppContext, workspaceId: string) {
  for (const prefix of [`workspaces/${workspaceId}/`, `public/workspaces/${workspaceId}/`]) {
    try {
      await ctx.storage.deletePrefix(prefix);
    } catch (err) {
      ctx.logger.error({ err, prefix }, 'could not delete workspace files');
    }
  }
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
  if (await isFileAttached(ctx.db, workspaceId, filePath))
    throw conflict(
      'FILE_IN_USE',
      'Este arquivo está em uma publicação e não pode ser substituído.',
    );
  const put = await ctx.storage.presignPut(workspaceFileKey(workspaceId, filePath), {
    contentType,
    maxSize,
    ...(body.size !== undefined ? { exactSize: body.size } : {}),
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  return {
    presigned_url: put.url,
    method: 'PUT',
    headers: put.headers,
    expires_at: put.expiresAt.toISOString(),
    max_size: maxSize,
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

/** DELETE /workspaces/objects/{ws}?file_path=: owner only; refused while a post uses the file. */
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
  if (await isFileAttached(ctx.db, workspaceId, path))
    throw conflict(
      'FILE_IN_USE',
      'Este arquivo está em uma publicação. Exclua a publicação para removê-lo.',
    );
  await ctx.storage.delete(key);
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
