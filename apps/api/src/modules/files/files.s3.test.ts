import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeJpeg, makeJpegWithGps, makeMp4, makePng } from '../../../test/support/media';
import { S3_SKIP_REASON, createTestBucket, s3TestEnv } from '../../../test/support/s3';
import { verifyWorkspaceFile } from './files.service';

// Throws (fails this file) when REQUIRE_S3_TESTS=1 and no endpoint is given.
const env = s3TestEnv();

describe.skipIf(!env)(
  env ? 'files and images on the S3 driver (real server)' : S3_SKIP_REASON,
  () => {
    let t: TestContext;
    let bucket: Awaited<ReturnType<typeof createTestBucket>>;
    let owner: TestUser;

    beforeAll(async () => {
      bucket = await createTestBucket(env!, 'files');
      t = await createTestContext({ env: bucket.serverEnv });
      owner = await createUser(t);
    });
    afterAll(async () => {
      await t?.close();
      await bucket?.drop();
    });

    const call = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      user: TestUser,
      payload?: object,
    ) => t.inject({ method, url, headers: bearer(user.accessToken), payload });
    // as the web client does: the headers answered with the URL, If-None-Match: * among them
    const put = (url: string, body: Buffer, contentType: string) =>
      fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': contentType, 'If-None-Match': '*' },
        body,
      });

    it('uses the S3 driver with URLs pointing at the S3 server', async () => {
      expect(t.ctx.storage.driver).toBe('s3');
      const res = await call('POST', '/api/v1/avatar/upload', owner, {
        content_type: 'image/jpeg',
      });
      expect(res.json().presigned_url.startsWith(`${env!.endpoint}/${bucket.name}/`)).toBe(true);
    });

    it('publishes a processed avatar; the public URL redirects to a cacheable S3 URL', async () => {
      const start = await call('POST', '/api/v1/avatar/upload', owner, {
        content_type: 'image/jpeg',
      });
      const up = await put(
        start.json().presigned_url,
        await makeJpegWithGps(700, 500),
        'image/jpeg',
      );
      expect(up.status).toBe(200);
      const done = await call('POST', `/api/v1/uploads/${start.json().upload_id}/complete`, owner);
      expect(done.statusCode).toBe(200);
      const url = new URL(done.json().avatar_url, 'http://app.test');
      expect(done.json().avatar_url.startsWith('/api/v1/public/images/')).toBe(true);

      const redirect = await t.inject({ method: 'GET', url: url.pathname });
      expect(redirect.statusCode).toBe(302);
      const location = redirect.headers.location as string;
      expect(location.startsWith(`${env!.endpoint}/${bucket.name}/public/users/${owner.id}/`)).toBe(
        true,
      );
      const maxAge = Number(/max-age=(\d+)/.exec(redirect.headers['cache-control'] as string)![1]);
      expect(maxAge).toBeGreaterThanOrEqual(0);
      expect(maxAge).toBeLessThanOrEqual(3600);
      // the same URL for the whole window, so browsers reuse their cached copy
      expect((await t.inject({ method: 'GET', url: url.pathname })).headers.location).toBe(
        location,
      );

      const img = await fetch(location);
      expect(img.status).toBe(200);
      expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await img.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('Modelo-GPS-123'))).toBe(false);
      // the raw upload was removed from the bucket
      expect((await t.ctx.storage.list(`users/${owner.id}/`)).objects).toEqual([]);
    });

    it('refuses wrong bytes at completion (S3 accepted them) and deletes them', async () => {
      const start = await call(
        'POST',
        '/api/v1/workspaces/' + owner.workspaceId + '/cover-photo/upload',
        owner,
        {
          content_type: 'image/jpeg',
        },
      );
      expect((await put(start.json().presigned_url, await makePng(), 'image/jpeg')).status).toBe(
        200,
      );
      const done = await call('POST', `/api/v1/uploads/${start.json().upload_id}/complete`, owner);
      expect(done.statusCode).toBe(415);
      expect(
        (await t.ctx.storage.list(`workspaces/${owner.workspaceId}/incoming/`)).objects,
      ).toEqual([]);
    });

    it('has S3 refuse a wrong content type, an expired URL and another length', async () => {
      const res = await call('POST', `/api/v1/workspaces/objects/${owner.workspaceId}`, owner, {
        extension_type: 'jpg',
        size: 1234,
      });
      const url = res.json().presigned_url as string;
      const jpeg = await makeJpeg();
      expect((await put(url, jpeg, 'image/png')).status).toBe(403);
      expect((await put(url, jpeg, 'image/jpeg')).status).toBe(403); // not 1234 bytes

      t.clock.advance(-11 * 60_000);
      let old: string;
      try {
        old = (
          await call('POST', `/api/v1/workspaces/objects/${owner.workspaceId}`, owner, {
            extension_type: 'jpg',
          })
        ).json().presigned_url;
      } finally {
        t.clock.advance(11 * 60_000);
      }
      expect((await put(old, jpeg, 'image/jpeg')).status).toBe(403);
      expect((await t.ctx.storage.list(`workspaces/${owner.workspaceId}/files/`)).objects).toEqual(
        [],
      );
    });

    it('stores, lists, verifies, serves (with Range) and deletes workspace files', async () => {
      const ws = owner.workspaceId;
      const video = makeMp4(3000);
      const res = await call('POST', `/api/v1/workspaces/objects/${ws}`, owner, {
        extension_type: 'mp4',
        file_path: 'videos/clipe.mp4',
        size: video.length,
      });
      expect((await put(res.json().presigned_url, video, 'video/mp4')).status).toBe(200);
      expect(await verifyWorkspaceFile(t.ctx, ws, 'videos/clipe.mp4', ['video'])).toMatchObject({
        kind: 'video',
        contentType: 'video/mp4',
        size: video.length,
      });
      await call('POST', `/api/v1/workspaces/objects/${ws}/folder`, owner, { path: 'vazia' });
      const list = (await call('GET', `/api/v1/workspaces/objects/${ws}/files`, owner)).json();
      expect(list.folders.map((f: { path: string }) => f.path)).toEqual(['vazia/', 'videos/']);
      const inside = (
        await call('GET', `/api/v1/workspaces/objects/${ws}/files?prefix=videos/`, owner)
      ).json();
      expect(inside.files).toEqual([
        expect.objectContaining({
          path: 'videos/clipe.mp4',
          size: video.length,
          content_type: 'video/mp4',
        }),
      ]);

      const view = await call(
        'GET',
        `/api/v1/workspaces/objects/${ws}?file_path=videos/clipe.mp4`,
        owner,
      );
      const part = await fetch(view.json().url, { headers: { Range: 'bytes=4-11' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');

      // fake bytes under an image name are refused and removed
      await t.ctx.storage.put(
        `workspaces/${ws}/files/falsa.jpg`,
        Buffer.from('nada'),
        'image/jpeg',
      );
      await expect(verifyWorkspaceFile(t.ctx, ws, 'falsa.jpg')).rejects.toMatchObject({
        status: 415,
      });
      expect(await t.ctx.storage.head(`workspaces/${ws}/files/falsa.jpg`)).toBeNull();

      const del = await call(
        'DELETE',
        `/api/v1/workspaces/objects/${ws}?file_path=videos/clipe.mp4`,
        owner,
      );
      expect(del.statusCode).toBe(200);
      expect(await t.ctx.storage.head(`workspaces/${ws}/files/videos/clipe.mp4`)).toBeNull();
    });

    it('removes a deleted workspace’s objects from the bucket', async () => {
      const created = await call('POST', '/api/v1/workspaces', owner, {
        label: 'Temporário',
        username: `${owner.username.slice(0, 24)}.tmp`,
      });
      const ws = created.json().id as string;
      const obj = await call('POST', `/api/v1/workspaces/objects/${ws}`, owner, {
        extension_type: 'jpg',
      });
      expect((await put(obj.json().presigned_url, await makeJpeg(), 'image/jpeg')).status).toBe(
        200,
      );
      const start = await call('POST', `/api/v1/workspaces/${ws}/avatar/upload`, owner, {
        content_type: 'image/jpeg',
      });
      await put(start.json().presigned_url, await makeJpeg(), 'image/jpeg');
      expect(
        (await call('POST', `/api/v1/uploads/${start.json().upload_id}/complete`, owner))
          .statusCode,
      ).toBe(200);
      expect((await t.ctx.storage.list(`workspaces/${ws}/`)).objects).toHaveLength(1);
      expect((await t.ctx.storage.list(`public/workspaces/${ws}/`)).objects).toHaveLength(2);

      expect((await call('DELETE', `/api/v1/workspaces/${ws}`, owner)).statusCode).toBe(200);
      expect((await t.ctx.storage.list(`workspaces/${ws}/`)).objects).toEqual([]);
      expect((await t.ctx.storage.list(`public/workspaces/${ws}/`)).objects).toEqual([]);
    });
  },
);
