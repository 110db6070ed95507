import type { Readable } from 'node:stream';

/** Metadata of one stored object. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  updatedAt: Date;
}

export interface ListResult {
  /** Objects directly under the prefix (with `delimiter`) or anywhere below it. */
  objects: ObjectInfo[];
  /** Sub-folders (`<prefix><name>/`), only when listing with a delimiter. */
  prefixes: string[];
  /** True when the listing stopped at `limit`. */
  truncated: boolean;
}

export interface PresignPutOptions {
  /** The exact Content-Type the PUT must carry; it is part of the signature. */
  contentType: string;
  /** Largest accepted body. Enforced by the local driver while streaming; S3 checks it afterwards. */
  maxSize: number;
  /** When the client declared it: the body must have exactly this length (signed on both drivers). */
  exactSize?: number;
  /** Default 600 (10 minutes). */
  expiresInSeconds?: number;
}

export interface PresignedPut {
  url: string;
  method: 'PUT';
  /** Headers the client must send with the PUT. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface PresignGetOptions {
  /** Default 300 (5 minutes). */
  expiresInSeconds?: number;
  /**
   * Sign for a fixed time window instead of "now", so the same URL is handed out
   * for the whole window and browsers can cache it (public images on S3).
   */
  cacheWindowSeconds?: number;
  /** Cache-Control the object response should carry (S3: response-cache-control). */
  cacheControl?: string;
}

export interface PresignedGet {
  url: string;
  expiresAt: Date;
}

export interface ReadResult {
  body: Readable;
  /** Size of the whole object. */
  size: number;
  contentType: string;
  updatedAt: Date;
}

/**
 * Object storage, the same for both drivers (local files and S3). Keys are
 * validated (see keys.ts); an invalid key throws InvalidKeyError before any I/O.
 * Deleting a missing key is not an error.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** A URL the client PUTs the bytes to, bound to the key, content type and expiry. */
  presignPut(key: string, opts: PresignPutOptions): Promise<PresignedPut>;
  /** A short-lived URL to read the object (supports Range). */
  presignGet(key: string, opts?: PresignGetOptions): Promise<PresignedGet>;
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or a range of them; null when missing. */
  read(key: string): Promise<ReadResult | null>;
  /** Bytes `start..end` (inclusive, clamped to the object); null when missing. */
  readBytes(key: string, start: number, end: number): Promise<Buffer | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file of the local disk at `key`, streamed (never read into memory whole). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  /** Deletes every object under `prefix` (which ends with `/`); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Objects under `prefix` ('' or ending with `/`). With `delimiter` only the
   * direct children, and sub-folders in `prefixes`. At most `limit` (default 1000) entries.
   */
  list(prefix: string, opts?: { delimiter?: boolean; limit?: number }): Promise<ListResult>;
  /** An explicit, possibly empty folder (`prefix` ends with `/`). */
  createFolder(prefix: string): Promise<void>;
}
