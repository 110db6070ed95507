/**
 * The storage driver contract, written once and run against every driver
 * (local.test.ts, s3.test.ts). Imported by tests only.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock';
import { InvalidKeyError } from './keys';
import type { Storage } from './types';

export interface HttpResult {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface DriverHarness {
  storage: Storage;
  /** The clock the storage signs with; moved to make already-expired URLs. */
  clock: Clock & { advance(ms: number): void };
  /** Sends a request to a URL the storage handed out. */
  http(
    url: string,
    init: { method: 'GET' | 'PUT'; headers?: Record<string, string>; body?: Buffer },
  ): Promise<HttpResult>;
  /** Unique key prefix for this run (ends with `/`). */
  root: string;
}

const BASE = 'http://relative.invalid';
/** Parses an absolute or same-origin URL; `out` gives it back in the same form. */
function parse(url: string) {
  const u = new URL(url, BASE);
  const out = () => (url.startsWith('/') ? u.pathname + u.search : u.toString());
  return { u, out };
}

/** Changes one character of the signature of a signed URL. */
export function tamperSignature(url: string): string {
  const { u, out } = parse(url);
  for (const name of ['sig', 'X-Amz-Signature']) {
    const v = u.searchParams.get(name);
    if (v) {
      const last = v.at(-1) === 'a' ? 'b' : 'a';
      u.searchParams.set(name, v.slice(0, -1) + last);
      return out();
    }
  }
  throw new Error('no signature in URL');
}

/** Pushes the expiry of a signed URL further out without re-signing. */
export function extendExpiry(url: string): string {
  const { u, out } = parse(url);
  if (u.searchParams.has('exp'))
    u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600));
  else if (u.searchParams.has('X-Amz-Expires'))
    u.searchParams.set('X-Amz-Expires', String(Number(u.searchParams.get('X-Amz-Expires')) + 3600));
  else throw new Error('no expiry in URL');
  return out();
}

/** Points a signed URL at another key without re-signing. */
export function swapKey(url: string, from: string, to: string): string {
  const { u, out } = parse(url);
  if (u.searchParams.has('key')) {
    u.searchParams.set('key', u.searchParams.get('key')!.replace(from, to));
    return out();
  }
  u.pathname = u.pathname.replace(from, to);
  return out();
}

export function describeStorageContract(name: string, setup: () => Promise<DriverHarness>) {
  describe(`storage contract: ${name}`, () => {
    let h: DriverHarness;
    let storage: Storage;
    const k = (rest: string) => h.root + rest;
    beforeAll(async () => {
      h = await setup();
      storage = h.storage;
    });

    it('stores a file of the disk, streamed, and replaces it', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'storage-putfile-'));
      try {
        // 3 MB: more than one chunk of any stream on the way
        const big = Buffer.alloc(3 * 1024 * 1024 + 7);
        for (let i = 0; i < big.length; i++) big[i] = (i * 31) % 251;
        await writeFile(path.join(dir, 'v.mp4'), big);
        await storage.putFile(k('pf/video.mp4'), path.join(dir, 'v.mp4'), 'video/mp4');
        expect((await storage.head(k('pf/video.mp4')))!.size).toBe(big.length);
        expect((await collect((await storage.read(k('pf/video.mp4')))!.body)).equals(big)).toBe(
          true,
        );
        await writeFile(path.join(dir, 'w.mp4'), Buffer.from('outro'));
        await storage.putFile(k('pf/video.mp4'), path.join(dir, 'w.mp4'), 'video/mp4');
        expect((await storage.readBytes(k('pf/video.mp4'), 0, 99))!.toString()).toBe('outro');
        await expect(
          storage.putFile(k('pf/x.mp4'), path.join(dir, 'missing.mp4'), 'video/mp4'),
        ).rejects.toMatchObject({ code: 'ENOENT' });
        expect(await storage.head(k('pf/x.mp4'))).toBeNull();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('puts, heads, reads whole and ranged, and reads bytes', async () => {
      const body = Buffer.from('0123456789abcdef');
      await storage.put(k('rw/a.txt'), body, 'text/plain; charset=utf-8');
      const head = await storage.head(k('rw/a.txt'));
      expect(head).toMatchObject({ key: k('rw/a.txt'), size: 16 });
      expect(head!.contentType).toMatch(/^text\/plain/);
      expect(head!.updatedAt).toBeInstanceOf(Date);
      expect(await storage.head(k('rw/missing.txt'))).toBeNull();

      const whole = await storage.read(k('rw/a.txt'));
      expect(await collect(whole!.body)).toEqual(body);
      expect(whole!.size).toBe(16);
      expect(await storage.read(k('rw/missing.txt'))).toBeNull();

      expect((await storage.readBytes(k('rw/a.txt'), 0, 3))!.toString()).toBe('0123');
      expect((await storage.readBytes(k('rw/a.txt'), 10, 99))!.toString()).toBe('abcdef');
      expect((await storage.readBytes(k('rw/a.txt'), 100, 200))!.length).toBe(0);
      expect(await storage.readBytes(k('rw/missing.txt'), 0, 3)).toBeNull();

      // overwrite
      await storage.put(k('rw/a.txt'), Buffer.from('novo'), 'text/plain; charset=utf-8');
      expect((await storage.head(k('rw/a.txt')))!.size).toBe(4);
    });

    it('lists one level with folders, or everything below a prefix', async () => {
      await storage.put(k('ls/b.jpg'), Buffer.from('b'), 'image/jpeg');
      await storage.put(k('ls/a.png'), Buffer.from('aa'), 'image/png');
      await storage.put(k('ls/sub/c.mp4'), Buffer.from('ccc'), 'video/mp4');
      await storage.put(k('ls/sub/deeper/d.jpg'), Buffer.from('dddd'), 'image/jpeg');
      const level = await storage.list(k('ls/'), { delimiter: true });
      expect(level.objects.map((o) => o.key)).toEqual([k('ls/a.png'), k('ls/b.jpg')]);
      expect(level.objects.map((o) => o.size)).toEqual([2, 1]);
      expect(level.objects[0]!.contentType).toBe('image/png');
      expect(level.prefixes).toEqual([k('ls/sub/')]);
      expect(level.truncated).toBe(false);

      const all = await storage.list(k('ls/'));
      expect(all.objects.map((o) => o.key).sort()).toEqual(
        [k('ls/a.png'), k('ls/b.jpg'), k('ls/sub/c.mp4'), k('ls/sub/deeper/d.jpg')].sort(),
      );
      expect(all.prefixes).toEqual([]);

      const limited = await storage.list(k('ls/'), { delimiter: true, limit: 2 });
      expect(limited.objects.length + limited.prefixes.length).toBe(2);
      expect(limited.truncated).toBe(true);

      expect(await storage.list(k('nothing-here/'), { delimiter: true })).toEqual({
        objects: [],
        prefixes: [],
        truncated: false,
      });
    });

    it('keeps explicit folders, and drops implicit ones with their last file', async () => {
      await storage.createFolder(k('fo/explicit/'));
      await storage.put(k('fo/explicit/x.jpg'), Buffer.from('x'), 'image/jpeg');
      await storage.put(k('fo/implicit/y.jpg'), Buffer.from('y'), 'image/jpeg');
      expect((await storage.list(k('fo/'), { delimiter: true })).prefixes).toEqual([
        k('fo/explicit/'),
        k('fo/implicit/'),
      ]);
      await storage.delete(k('fo/explicit/x.jpg'));
      await storage.delete(k('fo/implicit/y.jpg'));
      const after = await storage.list(k('fo/'), { delimiter: true });
      expect(after.prefixes).toEqual([k('fo/explicit/')]);
      expect((await storage.list(k('fo/explicit/'), { delimiter: true })).objects).toEqual([]);
    });

    it('deletes one, many (missing ones included) and a whole prefix', async () => {
      for (const name of ['d/1.jpg', 'd/2.jpg', 'd/3.jpg', 'd/x/4.jpg', 'd/x/y/5.jpg', 'dz/6.jpg'])
        await storage.put(k(name), Buffer.from(name), 'image/jpeg');
      await storage.createFolder(k('d/empty/'));
      await storage.delete(k('d/1.jpg'));
      await storage.delete(k('d/never-existed.jpg'));
      expect(await storage.head(k('d/1.jpg'))).toBeNull();
      await storage.deleteMany([k('d/2.jpg'), k('d/missing.jpg')]);
      expect(await storage.head(k('d/2.jpg'))).toBeNull();
      expect(await storage.head(k('d/3.jpg'))).not.toBeNull();
      expect(await storage.deletePrefix(k('d/'))).toBe(3);
      expect((await storage.list(k('d/'))).objects).toEqual([]);
      expect((await storage.list(k(''), { delimiter: true })).prefixes).not.toContain(k('d/'));
      // a sibling whose name merely starts the same is untouched
      expect(await storage.head(k('dz/6.jpg'))).not.toBeNull();
      await expect(storage.deletePrefix('')).rejects.toThrow();
    });

    it.each([
      '../escape.jpg',
      'a/../../escape.jpg',
      '/absolute.jpg',
      'a//b.jpg',
      'a\\b.jpg',
      '.hidden',
      'a/./b.jpg',
      'a/.tmp/x',
      'line\nbreak',
      '',
    ])('refuses the key %j before any I/O', async (bad) => {
      await expect(storage.put(bad, Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(
        InvalidKeyError,
      );
      await expect(storage.head(bad)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(
        storage.presignPut(bad, { contentType: 'image/jpeg', maxSize: 10 }),
      ).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.presignGet(bad)).rejects.toBeInstanceOf(InvalidKeyError);
    });

    it('accepts a signed PUT with the signed Content-Type, within 10 minutes', async () => {
      const body = Buffer.from('conteúdo de teste');
      const put = await storage.presignPut(k('sp/ok.txt'), {
        contentType: 'text/plain',
        maxSize: 1024,
      });
      expect(put.method).toBe('PUT');
      // S3 adds If-None-Match: * (the URL only creates its object); the client sends them all
      expect(put.headers).toMatchObject({ 'Content-Type': 'text/plain' });
      const ttl = put.expiresAt.getTime() - h.clock.now().getTime();
      expect(ttl).toBeGreaterThan(590_000);
      expect(ttl).toBeLessThanOrEqual(600_000);
      const res = await h.http(put.url, { method: 'PUT', headers: put.headers, body });
      expect(res.status).toBe(200);
      const head = await storage.head(k('sp/ok.txt'));
      expect(head!.size).toBe(body.length);
      expect(head!.contentType).toMatch(/^text\/plain/);
    });

    it('a signed PUT only creates its object: used again, it cannot replace the bytes', async () => {
      const put = await storage.presignPut(k('sp/once.txt'), {
        contentType: 'text/plain',
        maxSize: 1024,
      });
      const first = await h.http(put.url, {
        method: 'PUT',
        headers: put.headers,
        body: Buffer.from('verificado'),
      });
      expect(first.status).toBe(200);
      const again = await h.http(put.url, {
        method: 'PUT',
        headers: put.headers,
        body: Buffer.from('trocado!!!'),
      });
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect((await collect((await storage.read(k('sp/once.txt')))!.body)).toString()).toBe(
        'verificado',
      );
    });

    it('refuses a PUT with another Content-Type, and stores nothing', async () => {
      const put = await storage.presignPut(k('sp/type.txt'), {
        contentType: 'text/plain',
        maxSize: 1024,
      });
      for (const type of ['text/html', 'image/jpeg']) {
        const res = await h.http(put.url, {
          method: 'PUT',
          headers: { 'Content-Type': type },
          body: Buffer.from('<script>1</script>'),
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect(await storage.head(k('sp/type.txt'))).toBeNull();
    });

    it('refuses an expired PUT URL', async () => {
      h.clock.advance(-15 * 60_000);
      const put = await storage.presignPut(k('sp/expired.txt'), {
        contentType: 'text/plain',
        maxSize: 1024,
      });
      h.clock.advance(15 * 60_000);
      const res = await h.http(put.url, {
        method: 'PUT',
        headers: put.headers,
        body: Buffer.from('tarde demais'),
      });
      expect(res.status).toBe(403);
      expect(await storage.head(k('sp/expired.txt'))).toBeNull();
    });

    it('refuses tampered PUT URLs (signature, expiry, key)', async () => {
      const put = await storage.presignPut(k('sp/tamper.txt'), {
        contentType: 'text/plain',
        maxSize: 1024,
      });
      for (const url of [
        tamperSignature(put.url),
        extendExpiry(put.url),
        swapKey(put.url, 'tamper.txt', 'other.txt'),
      ]) {
        const res = await h.http(url, {
          method: 'PUT',
          headers: put.headers,
          body: Buffer.from('x'),
        });
        expect(res.status).toBe(403);
      }
      expect(await storage.head(k('sp/tamper.txt'))).toBeNull();
      expect(await storage.head(k('sp/other.txt'))).toBeNull();
    });

    it('binds a declared size into the PUT: another length is refused', async () => {
      const put = await storage.presignPut(k('sp/exact.txt'), {
        contentType: 'text/plain',
        maxSize: 1024,
        exactSize: 5,
      });
      const wrong = await h.http(put.url, {
        method: 'PUT',
        headers: put.headers,
        body: Buffer.from('123456789'),
      });
      expect(wrong.status).toBeGreaterThanOrEqual(400);
      expect(await storage.head(k('sp/exact.txt'))).toBeNull();
      const right = await h.http(put.url, {
        method: 'PUT',
        headers: put.headers,
        body: Buffer.from('12345'),
      });
      expect(right.status).toBe(200);
      expect((await storage.head(k('sp/exact.txt')))!.size).toBe(5);
    });

    it('serves a signed GET for 5 minutes, with Range', async () => {
      await storage.put(k('sg/v.mp4'), Buffer.from('0123456789'), 'video/mp4');
      const get = await storage.presignGet(k('sg/v.mp4'));
      const ttl = get.expiresAt.getTime() - h.clock.now().getTime();
      expect(ttl).toBeGreaterThan(290_000);
      expect(ttl).toBeLessThanOrEqual(300_000);
      const whole = await h.http(get.url, { method: 'GET' });
      expect(whole.status).toBe(200);
      expect(whole.body.toString()).toBe('0123456789');
      expect(whole.headers['content-type']).toBe('video/mp4');
      const part = await h.http(get.url, { method: 'GET', headers: { Range: 'bytes=3-6' } });
      expect(part.status).toBe(206);
      expect(part.body.toString()).toBe('3456');
      expect(part.headers['content-range']).toBe('bytes 3-6/10');
      const tail = await h.http(get.url, { method: 'GET', headers: { Range: 'bytes=-2' } });
      expect(tail.status).toBe(206);
      expect(tail.body.toString()).toBe('89');
    });

    it('refuses expired and tampered GET URLs, and answers 404 for a missing object', async () => {
      await storage.put(k('sg/secret.jpg'), Buffer.from('segredo'), 'image/jpeg');
      await storage.put(k('sg/other.jpg'), Buffer.from('outro'), 'image/jpeg');
      h.clock.advance(-10 * 60_000);
      const old = await storage.presignGet(k('sg/secret.jpg'));
      h.clock.advance(10 * 60_000);
      expect((await h.http(old.url, { method: 'GET' })).status).toBe(403);

      const get = await storage.presignGet(k('sg/secret.jpg'));
      for (const url of [
        tamperSignature(get.url),
        extendExpiry(get.url),
        swapKey(get.url, 'secret.jpg', 'other.jpg'),
      ]) {
        const res = await h.http(url, { method: 'GET' });
        expect(res.status).toBe(403);
        expect(res.body.toString()).not.toContain('outro');
      }
      const missing = await storage.presignGet(k('sg/missing.jpg'));
      expect((await h.http(missing.url, { method: 'GET' })).status).toBe(404);
    });

    it('signs the same GET URL within a cache window', async () => {
      await storage.put(k('sg/pub.webp'), Buffer.from('webp'), 'image/webp');
      const a = await storage.presignGet(k('sg/pub.webp'), {
        expiresInSeconds: 60,
        cacheWindowSeconds: 3600,
      });
      const b = await storage.presignGet(k('sg/pub.webp'), {
        expiresInSeconds: 60,
        cacheWindowSeconds: 3600,
      });
      expect(a.url).toBe(b.url);
      expect(a.expiresAt.getTime()).toBeGreaterThan(h.clock.now().getTime() + 60_000);
      expect((await h.http(a.url, { method: 'GET' })).body.toString()).toBe('webp');
    });
  });
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
