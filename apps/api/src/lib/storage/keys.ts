/**
 * Storage keys: `/`-separated segments of letters, digits, space and `._-()`.
 * A segment never starts with a dot or a space (so `.`, `..` and hidden names are
 * impossible) and no key is absolute, so a key can never leave the storage root.
 */
const SEGMENT = /^[\p{L}\p{N}_\-()][\p{L}\p{N} ._\-()]*$/u;
export const MAX_KEY_LENGTH = 900;
const MAX_SEGMENT_BYTES = 255;

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidKeyError';
  }
}

export function isValidSegment(segment: string): boolean {
  return (
    SEGMENT.test(segment) &&
    !segment.endsWith(' ') &&
    Buffer.byteLength(segment) <= MAX_SEGMENT_BYTES &&
    segment === segment.normalize('NFC')
  );
}

/** True for an object key (`a/b/c.jpg`); folders (trailing `/`) are not object keys. */
export function isValidKey(key: string): boolean {
  if (!key || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every(isValidSegment);
}

/** True for '' (the root) or a folder prefix ending in `/` (`a/b/`). */
export function isValidPrefix(prefix: string): boolean {
  if (prefix === '') return true;
  return prefix.endsWith('/') && isValidKey(prefix.slice(0, -1));
}

export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}

export function assertPrefix(prefix: string): string {
  if (!isValidPrefix(prefix)) throw new InvalidKeyError(prefix);
  return prefix;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  pdf: 'application/pdf',
};

/** HLS playlists and their MPEG-TS segments (a video's ladder, content/video.jobs.ts). */
export const HLS_PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const HLS_SEGMENT_TYPE = 'video/mp2t';

/** Content type by the key's extension (the local driver keeps no metadata). */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot > key.lastIndexOf('/') ? key.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
