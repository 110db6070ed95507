/**
 * Object storage for the whole API: one `Storage` interface (types.ts), two
 * drivers chosen by STORAGE_DRIVER (local files under DATA_DIR/files, or S3).
 * Services reach it as `ctx.storage`.
 *
 * Key layout (built by modules/files, never by clients):
 *   workspaces/<wsId>/files/<file_path>   the workspace file store (post attachments)
 *   workspaces/<wsId>/incoming/<id>.<ext> raw profile-image uploads until completed
 *   users/<userId>/incoming/<id>.<ext>    raw user-avatar uploads until completed
 *   public/workspaces/<wsId>/<name>-<sha256>.webp   processed avatars and covers
 *   public/users/<userId>/avatar-<sha256>.webp      processed user avatars
 * Only keys under `public/` are ever served without a signature
 * (GET /api/v1/public/images/<rest of the key>).
 *
 * Signed URLs: uploads 10 minutes (PUT, exact Content-Type), views 5 minutes.
 * See docs/decisions for the design.
 */
import path from 'node:path';
import { API_PREFIX } from '@fa-clube/contract';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './types';

export * from './types';
export { HLS_PLAYLIST_TYPE, HLS_SEGMENT_TYPE, contentTypeForKey, isValidKey } from './keys';
export { LocalStorage, fileTooLarge, invalidSignature, urlExpired } from './local';
export { grantQuery, verifyGrant } from './signing';
export { MAX_BYTES, SNIFF_BYTES, sniffMediaType } from './media';

export const UPLOAD_URL_TTL_SECONDS = 600;
export const VIEW_URL_TTL_SECONDS = 300;

export function createStorage(config: Config, deps: { signingKey: Buffer; clock: Clock }): Storage {
  const storage = createDriver(config, deps);
  return config.mediaBaseUrl ? behindCdn(storage, config.mediaBaseUrl) : storage;
}

/**
 * MEDIA_BASE_URL: the signed view URLs point at the CDN, which forwards path and query unchanged
 * to its origin (the object store's endpoint, or this server with the local driver), so the
 * signature still decides who may fetch. Uploads keep going straight to the store.
 */
function behindCdn(storage: Storage, base: string): Storage {
  const presignGet = storage.presignGet.bind(storage);
  const cdn: Partial<Storage> = {
    presignGet: async (key, opts) => {
      const signed = await presignGet(key, opts);
      return { ...signed, url: onOrigin(signed.url, base) };
    },
  };
  return Object.assign(Object.create(storage) as Storage, cdn);
}

/** `url`'s path and query on `base` (a relative same-origin URL too). */
export function onOrigin(url: string, base: string): string {
  const u = new URL(url, 'http://same-origin.invalid');
  return `${base}${u.pathname}${u.search}`;
}

function createDriver(config: Config, deps: { signingKey: Buffer; clock: Clock }): Storage {
  if (config.storage.driver === 's3') {
    const s3 = config.storage.s3!;
    return new S3Storage({ ...s3, clock: deps.clock });
  }
  return new LocalStorage({
    root: path.join(config.dataDir, 'files'),
    // same-origin relative URLs: they work whatever host name the browser used
    apiBaseUrl: API_PREFIX,
    secret: deps.signingKey,
    clock: deps.clock,
    uploadIdleMs: config.timeouts.uploadIdleMs,
  });
}

/** Reads a whole object into memory, refusing more than `maxBytes`; null when missing. */
export async function readToBuffer(
  storage: Storage,
  key: string,
  maxBytes: number,
): Promise<Buffer | null> {
  const r = await storage.read(key);
  if (!r) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of r.body) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      r.body.destroy();
      throw new RangeError(`object ${key} is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export const PUBLIC_PREFIX = 'public/';

/**
 * The stable same-origin URL of a public image (avatar, cover) from its storage
 * key, or null. Every module that answers `avatar_url` / `cover_url` uses this.
 * Keys are content-hashed, so the URL can be cached forever.
 */
export function publicImageUrl(key: string | null | undefined): string | null {
  if (!key || !key.startsWith(PUBLIC_PREFIX)) return null;
  const rest = key.slice(PUBLIC_PREFIX.length).split('/').map(encodeURIComponent).join('/');
  return `${API_PREFIX}/public/images/${rest}`;
}

/** The small variant stored next to a processed image: `a-<hash>.webp` -> `a-<hash>.thumb.webp`. */
export function thumbnailKey(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/')
    ? `${key.slice(0, dot)}.thumb${key.slice(dot)}`
    : `${key}.thumb`;
}

/** URL of the thumbnail of a public image, or null. */
export function publicThumbnailUrl(key: string | null | undefined): string | null {
  return key ? publicImageUrl(thumbnailKey(key)) : null;
}
