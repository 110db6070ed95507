import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import { assertKey, assertPrefix, contentTypeForKey } from './keys';
import type {
  ListResult,
  ObjectInfo,
  PresignGetOptions,
  PresignPutOptions,
  PresignedGet,
  PresignedPut,
  ReadResult,
  Storage,
} from './types';

/** The S3 settings of the config (S3_* variables) and the signing clock. */
export type S3StorageOptions = NonNullable<Config['storage']['s3']> & {
  /** Signing time of pre-signed URLs (tests move it to make expired URLs). */
  clock: Clock;
};

/** S3 refuses pre-signed URLs valid for more than 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

function status(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
}
const isNotFound = (err: unknown) =>
  status(err) === 404 || ['NotFound', 'NoSuchKey'].includes((err as Error)?.name);
const isInvalidRange = (err: unknown) =>
  status(err) === 416 || (err as Error)?.name === 'InvalidRange';

/**
 * Any S3-compatible store (AWS, Ceph radosgw, MinIO, R2...). Pre-signed PUTs
 * sign the Content-Type (and the length, when the client declared it) so the
 * store itself refuses another type; everything else is plain S3 calls.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(private readonly opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // no flexible checksums in URLs a browser fills in; S3-compatible stores may lack them
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignPut(key: string, opts: PresignPutOptions): Promise<PresignedPut> {
    assertKey(key);
    const expiresIn = opts.expiresInSeconds ?? 600;
    const signingDate = this.opts.clock.now();
    // If-None-Match: * (a conditional write) makes the URL create-only: once its
    // object exists, the URL can never replace the bytes (attached media stays as verified)
    const signed = new Set(['content-type', 'if-none-match']);
    if (opts.exactSize !== undefined) signed.add('content-length');
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: opts.contentType,
        IfNoneMatch: '*',
        ...(opts.exactSize !== undefined ? { ContentLength: opts.exactSize } : {}),
      }),
      {
        expiresIn,
        signingDate,
        signableHeaders: signed,
        // keep Content-Type a signed header (not a query parameter), so the PUT must carry it
        unhoistableHeaders: new Set(['content-type', 'if-none-match']),
      },
    );
    return {
      url,
      method: 'PUT',
      headers: { 'Content-Type': opts.contentType, 'If-None-Match': '*' },
      expiresAt: new Date(signingDate.getTime() + expiresIn * 1000),
    };
  }

  async presignGet(key: string, opts: PresignGetOptions = {}): Promise<PresignedGet> {
    assertKey(key);
    const ttl = opts.expiresInSeconds ?? 300;
    const nowMs = this.opts.clock.now().getTime();
    const windowMs = (opts.cacheWindowSeconds ?? 0) * 1000;
    const signingDate = new Date(windowMs ? Math.floor(nowMs / windowMs) * windowMs : nowMs);
    // within a window every call yields the same URL, valid for at least `ttl` after the call
    const expiresIn = Math.min(MAX_PRESIGN_SECONDS, (opts.cacheWindowSeconds ?? 0) + ttl);
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(opts.cacheControl ? { ResponseCacheControl: opts.cacheControl } : {}),
      }),
      { expiresIn, signingDate },
    );
    return { url, expiresAt: new Date(signingDate.getTime() + expiresIn * 1000) };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: r.ContentLength ?? 0,
        contentType: r.ContentType ?? contentTypeForKey(key),
        updatedAt: r.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<ReadResult | null> {
    assertKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: r.Body as Readable,
        size: r.ContentLength ?? 0,
        contentType: r.ContentType ?? contentTypeForKey(key),
        updatedAt: r.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async readBytes(key: string, start: number, end: number): Promise<Buffer | null> {
    assertKey(key);
    if (end < start) return Buffer.alloc(0);
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
      );
      return Buffer.from(await r.Body!.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return null;
      // a range past the end of the object (or an empty object)
      if (isInvalidRange(err)) return Buffer.alloc(0);
      throw err;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertKey(key);
    const { size } = await stat(file);
    // one streamed PUT (S3 takes up to 5 GB in one): the body is read from the disk as it goes
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Keys may include folder markers (`a/b/`): deletePrefix removes those too. */
  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      const r = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (r.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0)
        throw new Error(`S3 DeleteObjects failed for ${failed.length} key(s): ${failed[0]!.Code}`);
    }
  }

  async deleteMany(keys: string[]): Promise<void> {
    keys.forEach(assertKey);
    await this.deleteKeys(keys);
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (prefix === '') throw new Error('refusing to delete the whole storage');
    assertPrefix(prefix);
    let count = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key!).filter(Boolean);
      count += keys.filter((k) => !k.endsWith('/')).length;
      if (keys.length > 0) await this.deleteKeys(keys);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return count;
  }

  async list(
    prefix: string,
    opts: { delimiter?: boolean; limit?: number } = {},
  ): Promise<ListResult> {
    assertPrefix(prefix);
    const limit = opts.limit ?? 1000;
    const result: ListResult = { objects: [], prefixes: [], truncated: false };
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: 1000,
          ...(opts.delimiter ? { Delimiter: '/' } : {}),
        }),
      );
      // S3 returns objects and prefixes each sorted; merge them by name like a directory listing
      const entries: Array<{ name: string; object?: ObjectInfo }> = [
        ...(page.Contents ?? [])
          .filter((o) => o.Key && !o.Key.endsWith('/'))
          .map((o) => ({
            name: o.Key!,
            object: {
              key: o.Key!,
              size: o.Size ?? 0,
              contentType: contentTypeForKey(o.Key!),
              updatedAt: o.LastModified ?? new Date(0),
            },
          })),
        ...(page.CommonPrefixes ?? []).map((p) => ({ name: p.Prefix! })),
      ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        if (result.objects.length + result.prefixes.length >= limit) {
          result.truncated = true;
          return result;
        }
        if (e.object) result.objects.push(e.object);
        else result.prefixes.push(e.name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return result;
  }

  async createFolder(prefix: string): Promise<void> {
    if (prefix === '') return;
    assertPrefix(prefix);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: prefix, Body: '', ContentLength: 0 }),
    );
  }
}
