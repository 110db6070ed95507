import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { localPath, localTempFiles, makeJpeg, makeMp4, makePng } from '../../../test/support/media';
import type { LocalStorage } from './local';
import { describeStorageContract } from './storage-contract.testkit';
import type { DriverHarness } from './storage-contract.testkit';

let t: TestContext;
let storage: LocalStorage;
beforeAll(async () => {
  t = await createTestContext();
  storage = t.ctx.storage as LocalStorage;
});
afterAll(async () => {
  await t.close();
});

async function http(
  url: string,
  init: { method: 'GET' | 'PUT'; headers?: Record<string, string>; body?: Buffer },
) {
  const res = await t.inject({
    method: init.method,
    url: localPath(url),
    headers: init.headers,
    ...(init.body ? { payload: init.body } : {}),
  });
  return {
    status: res.statusCode,
    headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
    body: res.rawPayload,
  };
}

describeStorageContract('local', async (): Promise<DriverHarness> => {
  expect(t.ctx.storage.driver).toBe('local');
  return { storage: t.ctx.storage, clock: t.clock, http, root: 'contract/' };
});

const filesDir = () => path.join(t.dataDir, 'files');
const tmpEntries = () => localTempFiles(t.dataDir);

describe('local driver: the API side of signed URLs', () => {
  it('keeps files under DATA_DIR/files and signs same-origin URLs', async () => {
    await storage.put('where/a.txt', Buffer.from('a'), 'text/plain');
    expect(readdirSync(path.join(filesDir(), 'where'))).toEqual(['a.txt']);
    const put = await storage.presignPut('where/b.jpg', { contentType: 'image/jpeg', maxSize: 10 });
    expect(put.url).toMatch(/^\/api\/v1\/storage\/upload\?/);
    const get = await storage.presignGet('where/a.txt');
    expect(get.url).toMatch(/^\/api\/v1\/storage\/object\?/);
  });

  it('answers URL_EXPIRED and INVALID_SIGNATURE with pt-BR messages', async () => {
    await storage.put('codes/a.jpg', await makeJpeg(), 'image/jpeg');
    t.clock.advance(-6 * 60_000);
    const old = await storage.presignGet('codes/a.jpg');
    t.clock.advance(6 * 60_000);
    const expired = await http(old.url, { method: 'GET' });
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.body.toString())).toEqual({
      code: 'URL_EXPIRED',
      message: 'Este link expirou. Peça um novo e tente novamente.',
    });
    const fresh = await storage.presignGet('codes/a.jpg');
    const forged = await http(fresh.url.replace(/sig=[^&]+/, 'sig=forjada'), { method: 'GET' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body.toString()).code).toBe('INVALID_SIGNATURE');
    // an edited expiry is tampering, not expiry
    t.clock.advance(-6 * 60_000);
    const old2 = await storage.presignGet('codes/a.jpg');
    t.clock.advance(6 * 60_000);
    const u = new URL(old2.url, 'http://app.test');
    u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600));
    expect(JSON.parse((await http(u.toString(), { method: 'GET' })).body.toString()).code).toBe(
      'INVALID_SIGNATURE',
    );
    const none = await t.inject({ method: 'GET', url: '/api/v1/storage/object' });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('INVALID_SIGNATURE');
  });

  it('cuts an upload off at the signed size while streaming (413), leaving nothing', async () => {
    const put = await storage.presignPut('limits/big.txt', {
      contentType: 'text/plain',
      maxSize: 1000,
    });
    // declared too large: refused before reading
    const declared = await http(put.url, {
      method: 'PUT',
      headers: put.headers,
      body: Buffer.alloc(5000, 'x'),
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body.toString())).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // no Content-Length (chunked): counted while streaming
    const streamed = await t.inject({
      method: 'PUT',
      url: localPath(put.url),
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      payload: Readable.from([Buffer.alloc(600, 'a'), Buffer.alloc(600, 'b')]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(await storage.head('limits/big.txt')).toBeNull();
    expect(tmpEntries()).toEqual([]);
    // exactly at the limit is fine
    const ok = await http(put.url, {
      method: 'PUT',
      headers: put.headers,
      body: Buffer.alloc(1000, 'z'),
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body.toString())).toEqual({ size: 1000 });
  });

  it('answers 413 over a real socket while the client is still sending', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const put = await storage.presignPut('limits/socket.txt', {
        contentType: 'text/plain',
        maxSize: 64 * 1024,
      });
      const chunks = Array.from({ length: 80 }, () => Buffer.alloc(64 * 1024, 'x'));
      const res = await fetch(address + localPath(put.url), {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: Readable.toWeb(Readable.from(chunks)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      expect(await storage.head('limits/socket.txt')).toBeNull();
      expect(tmpEntries()).toEqual([]);
    } finally {
      await t.app.server.close();
    }
  });

  it('checks media uploads by their magic bytes (415) and keeps only matching ones', async () => {
    const jpegUrl = await storage.presignPut('magic/photo.jpg', {
      contentType: 'image/jpeg',
      maxSize: 1_000_000,
    });
    const png = await http(jpegUrl.url, {
      method: 'PUT',
      headers: jpegUrl.headers,
      body: await makePng(),
    });
    expect(png.status).toBe(415);
    const html = await http(jpegUrl.url, {
      method: 'PUT',
      headers: jpegUrl.headers,
      body: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(html.status).toBe(415);
    expect(await storage.head('magic/photo.jpg')).toBeNull();
    expect(tmpEntries()).toEqual([]);
    const jpeg = await http(jpegUrl.url, {
      method: 'PUT',
      headers: jpegUrl.headers,
      body: await makeJpeg(),
    });
    expect(jpeg.status).toBe(200);

    const mp4Url = await storage.presignPut('magic/clip.mp4', {
      contentType: 'video/mp4',
      maxSize: 1_000_000,
    });
    const mp4 = await http(mp4Url.url, { method: 'PUT', headers: mp4Url.headers, body: makeMp4() });
    expect(mp4.status).toBe(200);
  });

  it('needs the exact signed Content-Type header', async () => {
    const put = await storage.presignPut('ct/a.jpg', { contentType: 'image/jpeg', maxSize: 1e6 });
    const missing = await http(put.url, { method: 'PUT', body: await makeJpeg() });
    expect(missing.status).toBe(415);
    const withParams = await http(put.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg; x=1' },
      body: await makeJpeg(),
    });
    expect(withParams.status).toBe(415);
    expect(JSON.parse(withParams.body.toString()).code).toBe('CONTENT_TYPE_MISMATCH');
    expect(await storage.head('ct/a.jpg')).toBeNull();
  });

  it('streams with ETag, 304, HEAD, 416 and private cache headers', async () => {
    await storage.put('serve/v.mp4', makeMp4(2000), 'video/mp4');
    const get = await storage.presignGet('serve/v.mp4');
    const first = await t.inject({ method: 'GET', url: localPath(get.url) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['accept-ranges']).toBe('bytes');
    expect(first.headers['cache-control']).toMatch(/^private, max-age=(29\d|300)$/);
    expect(first.headers['content-length']).toBe(String(makeMp4(2000).length));
    const etag = first.headers.etag as string;
    const again = await t.inject({
      method: 'GET',
      url: localPath(get.url),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const head = await t.inject({ method: 'HEAD', url: localPath(get.url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('video/mp4');
    const beyond = await t.inject({
      method: 'GET',
      url: localPath(get.url),
      headers: { range: 'bytes=999999-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${makeMp4(2000).length}`);
    expect(beyond.json().code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('serves byte ranges, If-Range and If-Modified-Since', async () => {
    const bytes = makeMp4(5000);
    await storage.put('serve/r.mp4', bytes, 'video/mp4');
    const url = localPath((await storage.presignGet('serve/r.mp4')).url);
    const first = await t.inject({ method: 'GET', url });
    const { etag } = first.headers;
    const lastModified = first.headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();

    const part = await t.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload).toEqual(bytes.subarray(10, 20));

    const tail = await t.inject({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 5));

    // If-Range with the current validator: the range; with a stale one: the whole file
    const fresh = await t.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-3', 'if-range': etag as string },
    });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.rawPayload).toEqual(bytes.subarray(0, 4));
    const stale = await t.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-3', 'if-range': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(bytes);

    const notModified = await t.inject({
      method: 'GET',
      url,
      headers: { 'if-modified-since': lastModified },
    });
    expect(notModified.statusCode).toBe(304);
    const modified = await t.inject({
      method: 'GET',
      url,
      headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() },
    });
    expect(modified.statusCode).toBe(200);

    const missing = await t.inject({
      method: 'GET',
      url: localPath((await storage.presignGet('serve/nada.mp4')).url),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('FILE_NOT_FOUND');
  });
});
