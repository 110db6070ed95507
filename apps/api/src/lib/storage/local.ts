import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { assertKey, assertPrefix, contentTypeForKey } from './keys';
import { SNIFF_BYTES, isMediaContentType, sniffMediaType } from './media';
import { grantQuery, verifyGrant } from './signing';
import type { UrlGrant } from './signing';
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

/** Marks an explicit (possibly empty) folder; names starting with a dot are never keys. */
const FOLDER_MARKER = '.folder';
const TMP_DIR = '.tmp';

export interface LocalStorageOptions {
  /** Directory holding the objects, e.g. `${DATA_DIR}/files`. */
  root: string;
  /** Public API base the signed URLs point at, e.g. `https://faclube.com.br/api/v1`. */
  apiBaseUrl: string;
  /** HMAC key for the signed URLs (ctx.keys.signing). */
  secret: Buffer;
  clock: Clock;
  /** An upload that sends no bytes for this long is cut (default 30 s). */
  uploadIdleMs?: number;
}

const isErrno = (err: unknown, ...codes: string[]) =>
  codes.includes((err as NodeJS.ErrnoException | undefined)?.code ?? '');

/** The disk (or the user's disk quota) is full: 507, and nothing is kept. */
const isDiskFull = (err: unknown) => isErrno(err, 'ENOSPC', 'EDQUOT');
export const storageFull = () => new AppError('STORAGE_FULL');

const pathConflict = () =>
  new AppError('PATH_CONFLICT', 'Já existe uma pasta ou um arquivo com este nome.');

export const invalidSignature = () =>
  new AppError('INVALID_SIGNATURE', 'Link de arquivo inválido.');
export const urlExpired = () =>
  new AppError('URL_EXPIRED', 'Este link expirou. Peça um novo e tente novamente.');

/**
 * Files under `root`, one file per key. Pre-signed URLs point at the API
 * itself (`PUT /storage/upload`, `GET /storage/object`, see
 * modules/files/storage.routes.ts), which call `receiveUpload` and
 * `verifyReadUrl` here.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  private readonly root: string;

  constructor(private readonly opts: LocalStorageOptions) {
    this.root = path.resolve(opts.root);
  }

  /** Absolute file path of a key; a key can never resolve outside the root. */
  private file(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error('storage key escapes the root');
    return full;
  }

  private dir(prefix: string): string {
    assertPrefix(prefix);
    if (prefix === '') return this.root;
    return this.file(prefix.slice(0, -1));
  }

  private nowSeconds() {
    return Math.floor(this.opts.clock.now().getTime() / 1000);
  }

  async presignPut(key: string, opts: PresignPutOptions): Promise<PresignedPut> {
    assertKey(key);
    const expires = this.nowSeconds() + (opts.expiresInSeconds ?? 600);
    const grant: UrlGrant = {
      method: 'PUT',
      key,
      expires,
      contentType: opts.contentType,
      maxSize: opts.maxSize,
      ...(opts.exactSize !== undefined ? { exactSize: opts.exactSize } : {}),
    };
    return {
      url: `${this.opts.apiBaseUrl}/storage/upload?${grantQuery(this.opts.secret, grant)}`,
      method: 'PUT',
      headers: { 'Content-Type': opts.contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  async presignGet(key: string, opts: PresignGetOptions = {}): Promise<PresignedGet> {
    assertKey(key);
    const ttl = opts.expiresInSeconds ?? 300;
    const now = this.nowSeconds();
    const window = opts.cacheWindowSeconds;
    const expires = window ? Math.floor(now / window) * window + window + ttl : now + ttl;
    const query = grantQuery(this.opts.secret, { method: 'GET', key, expires });
    return {
      url: `${this.opts.apiBaseUrl}/storage/object?${query}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.file(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { key, size: s.size, contentType: contentTypeForKey(key), updatedAt: s.mtime };
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR')) return null;
      throw err;
    }
  }

  async read(key: string): Promise<ReadResult | null> {
    const info = await this.head(key);
    if (!info) return null;
    return {
      body: createReadStream(this.file(key)),
      size: info.size,
      contentType: info.contentType,
      updatedAt: info.updatedAt,
    };
  }

  /** Where @fastify/send finds a key's file: the root and the key as a URL path. */
  sendPath(key: string): { root: string; path: string } {
    this.file(key);
    return { root: this.root, path: '/' + key.split('/').map(encodeURIComponent).join('/') };
  }

  async readBytes(key: string, start: number, end: number): Promise<Buffer | null> {
    let fh;
    try {
      fh = await open(this.file(key), 'r');
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR', 'EISDIR')) return null;
      throw err;
    }
    try {
      const length = Math.max(0, end - start + 1);
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, start);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  private async tmpFile(): Promise<string> {
    const dir = path.join(this.root, TMP_DIR);
    await mkdir(dir, { recursive: true }).catch((err: unknown) => {
      throw isDiskFull(err) ? storageFull() : err;
    });
    return path.join(dir, randomUUID());
  }

  /**
   * Removes temp files last written before `olderThan`: the bytes of uploads cut
   * by a crash (kill -9, power loss) mid-way, which nothing else would ever
   * remove. A live upload writes at least every UPLOAD_IDLE_TIMEOUT_MS.
   */
  async purgeStaleTemp(olderThan: Date): Promise<number> {
    const dir = path.join(this.root, TMP_DIR);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (err) {
      if (isErrno(err, 'ENOENT')) return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= olderThan) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /** The temp file an upload streams into (a seam: tests inject a full disk). */
  protected openTemp(tmp: string): Writable {
    return createWriteStream(tmp, { flags: 'wx' });
  }

  /** Moves a complete temp file into place (atomic on one file system). */
  /**
   * Moves a finished temp file to its key. `createOnly` (pre-signed uploads)
   * never replaces an existing file: link() fails atomically when the name is taken.
   */
  private async commit(tmp: string, key: string, createOnly = false): Promise<void> {
    const file = this.file(key);
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(path.dirname(file), { recursive: true });
        if (createOnly) {
          await link(tmp, file);
          await rm(tmp, { force: true });
        } else await rename(tmp, file);
        return;
      } catch (err) {
        // a concurrent delete may prune the fresh parent folder: try once more
        if (attempt === 0 && isErrno(err, 'ENOENT')) continue;
        await rm(tmp, { force: true });
        if (createOnly && isErrno(err, 'EEXIST') && (await this.head(key)))
          throw new AppError('UPLOAD_URL_USED');
        if (isErrno(err, 'EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY')) throw pathConflict();
        if (isDiskFull(err)) throw storageFull();
        throw err;
      }
    }
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    this.file(key);
    const tmp = await this.tmpFile();
    try {
      await writeFile(tmp, body, { flag: 'wx' });
    } catch (err) {
      await rm(tmp, { force: true });
      throw isDiskFull(err) ? storageFull() : err;
    }
    await this.commit(tmp, key);
  }

  async putFile(key: string, file: string, _contentType: string): Promise<void> {
    this.file(key);
    const tmp = await this.tmpFile();
    try {
      // a copy (a clone where the file system has them), never the whole file in memory
      await copyFile(file, tmp, constants.COPYFILE_EXCL);
    } catch (err) {
      await rm(tmp, { force: true });
      throw isDiskFull(err) ? storageFull() : err;
    }
    await this.commit(tmp, key);
  }

  /** Removes empty folders from `dir` up to the root (explicit folders hold a marker). */
  private async prune(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    try {
      await unlink(file);
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR', 'EISDIR', 'EPERM')) return;
      throw err;
    }
    await this.prune(path.dirname(file));
  }

  async deleteMany(keys: string[]): Promise<void> {
    keys.forEach(assertKey);
    for (const key of keys) await this.delete(key);
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (prefix === '') throw new Error('refusing to delete the whole storage');
    const dir = this.dir(prefix);
    const count = await this.countFiles(dir);
    await rm(dir, { recursive: true, force: true });
    await this.prune(path.dirname(dir));
    return count;
  }

  private async countFiles(dir: string): Promise<number> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR')) return 0;
      throw err;
    }
    let n = 0;
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) n += await this.countFiles(path.join(dir, e.name));
      else if (e.isFile()) n += 1;
    }
    return n;
  }

  async list(
    prefix: string,
    opts: { delimiter?: boolean; limit?: number } = {},
  ): Promise<ListResult> {
    const limit = opts.limit ?? 1000;
    const result: ListResult = { objects: [], prefixes: [], truncated: false };
    const walk = async (dir: string, keyPrefix: string): Promise<boolean> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ENOTDIR')) return true;
        throw err;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        if (result.objects.length + result.prefixes.length >= limit) {
          result.truncated = true;
          return false;
        }
        const key = keyPrefix + e.name;
        if (e.isDirectory()) {
          if (opts.delimiter) result.prefixes.push(`${key}/`);
          else if (!(await walk(path.join(dir, e.name), `${key}/`))) return false;
        } else if (e.isFile()) {
          const s = await stat(path.join(dir, e.name)).catch(() => null);
          if (s)
            result.objects.push({
              key,
              size: s.size,
              contentType: contentTypeForKey(key),
              updatedAt: s.mtime,
            });
        }
      }
      return true;
    };
    await walk(this.dir(prefix), prefix);
    return result;
  }

  async createFolder(prefix: string): Promise<void> {
    if (prefix === '') return;
    const dir = this.dir(prefix);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, FOLDER_MARKER), '');
    } catch (err) {
      if (isErrno(err, 'EEXIST', 'ENOTDIR')) throw pathConflict();
      throw err;
    }
  }

  // ---- the HTTP side of the signed URLs (modules/files/storage.routes.ts) ----

  /** The key a signed GET URL grants; throws 403 INVALID_SIGNATURE / URL_EXPIRED. */
  verifyReadUrl(query: Record<string, unknown>): string {
    const check = verifyGrant(this.opts.secret, 'GET', query, this.opts.clock.now());
    if (!check.ok) throw check.reason === 'URL_EXPIRED' ? urlExpired() : invalidSignature();
    return assertKey(check.grant.key);
  }

  /**
   * Stores the body of a signed PUT. The signature is checked before a byte is
   * read; the body must carry exactly the signed Content-Type, is streamed to a
   * temp file and cut off at the signed size limit (413); for media types its
   * first bytes must be that type (415). Only a complete, checked body is
   * renamed into place, so a refused upload leaves nothing behind.
   */
  async receiveUpload(
    query: Record<string, unknown>,
    headers: { contentType?: string; contentLength?: string },
    body: Readable,
  ): Promise<ObjectInfo> {
    const check = verifyGrant(this.opts.secret, 'PUT', query, this.opts.clock.now());
    if (!check.ok) throw check.reason === 'URL_EXPIRED' ? urlExpired() : invalidSignature();
    const { key, contentType, maxSize = 0, exactSize } = check.grant;
    assertKey(key);
    const sent = (headers.contentType ?? '').trim().toLowerCase();
    if (!contentType || sent !== contentType.toLowerCase())
      throw new AppError(
        'CONTENT_TYPE_MISMATCH',
        `Envie o arquivo com Content-Type: ${contentType}.`,
      );
    const declared = headers.contentLength ? Number(headers.contentLength) : undefined;
    if (declared !== undefined && declared > maxSize) throw fileTooLarge(maxSize);
    if (exactSize !== undefined && declared !== undefined && declared !== exactSize)
      throw sizeMismatch();

    const tmp = await this.tmpFile();
    let received = 0;
    // idle timeout: a client that stops sending holds a socket and a temp file; cut it
    const idleMs = this.opts.uploadIdleMs ?? 30_000;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => counter.destroy(new Error('upload idle timeout')), idleMs);
      idle.unref();
    };
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        armIdle();
        received += chunk.length;
        if (received > maxSize) done(fileTooLarge(maxSize));
        else done(null, chunk);
      },
    });
    armIdle();
    // the request is piped in, not part of the pipeline: a refusal stops writing but does
    // not destroy the request, so the 413 can still be answered (the rest is discarded)
    const onBodyError = (err: Error) => counter.destroy(err);
    body.on('error', onBodyError);
    body.pipe(counter);
    try {
      await pipeline(counter, this.openTemp(tmp)).finally(() => {
        clearTimeout(idle);
        body.unpipe(counter);
        body.off('error', onBodyError);
        if (!body.readableEnded) body.resume();
      });
      if (exactSize !== undefined && received !== exactSize) throw sizeMismatch();
      if (isMediaContentType(contentType)) {
        const fh = await open(tmp, 'r');
        const head = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0).finally(() => fh.close());
        if ((await sniffMediaType(head.subarray(0, bytesRead))) !== contentType)
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'O conteúdo do arquivo não corresponde ao tipo informado.',
          );
      }
    } catch (err) {
      await rm(tmp, { force: true });
      if (err instanceof AppError) throw err;
      if (isDiskFull(err)) throw storageFull();
      throw new AppError('UPLOAD_INTERRUPTED', 'O envio foi interrompido. Tente novamente.');
    }
    // an upload URL creates its object once: it can never replace bytes already
    // verified and attached (docs/security.md, Armazenamento)
    await this.commit(tmp, key, true);
    return { key, size: received, contentType, updatedAt: this.opts.clock.now() };
  }
}

/** "15 MB", "512 KB", "100 bytes" */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.floor(n / (1024 * 1024))} MB`;
  if (n >= 1024) return `${Math.floor(n / 1024)} KB`;
  return `${n} bytes`;
}

export const fileTooLarge = (maxSize: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `O arquivo passa do limite de ${formatBytes(maxSize)}.`);

const sizeMismatch = () =>
  new AppError('SIZE_MISMATCH', 'O tamanho do arquivo não corresponde ao informado.');
