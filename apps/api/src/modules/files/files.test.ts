import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import {
  localPath,
  makeJpeg,
  makeMp4,
  makePng,
  makeWebp,
  putSigned,
} from '../../../test/support/media';
import { addTeamMember, createTeam } from '../../../test/support/workspaces';
import { contentAttachments, contents } from '../../db/schema';
import { deleteWorkspaceFiles, signedViewUrl, verifyWorkspaceFile } from './files.service';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let ws: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t));
  ws = owner.workspaceId;
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.inject({ method, url, headers: user ? bearer(user.accessToken) : {}, payload });
const objects = (w = ws) => `/api/v1/workspaces/objects/${w}`;
const q = (path: string) => `?file_path=${encodeURIComponent(path)}`;

/** Asks for an upload URL and PUTs the bytes; returns the file path. */
async function upload(ext: string, bytes: Buffer, contentType: string, filePath?: string) {
  const res = await call('POST', objects(), owner, {
    extension_type: ext,
    ...(filePath ? { file_path: filePath } : {}),
  });
  expect(res.statusCode).toBe(200);
  const put = await putSigned(t, res.json().presigned_url, bytes, contentType);
  expect(put.statusCode).toBe(200);
  return res.json().file_path as string;
}

describe('POST /api/v1/workspaces/objects/{ws}', () => {
  it('answers a pre-signed PUT and a generated workspace-relative path', async () => {
    const res = await call('POST', objects(), owner, { extension_type: 'JPG' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const now = t.clock.now();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(body.file_path).toMatch(
      new RegExp(`^uploads/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}\\.jpg$`),
    );
    expect(body.file_path).not.toContain(ws);
    expect(body).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      max_size: 15 * MB,
    });
    const url = new URL(body.presigned_url, 'http://app.test');
    expect(body.presigned_url.startsWith('/api/v1/storage/upload?')).toBe(true);
    expect(url.searchParams.get('key')).toBe(`workspaces/${ws}/files/${body.file_path}`);
    expect(url.searchParams.get('max')).toBe(String(15 * MB));
    const ttl = new Date(body.expires_at).getTime() - now.getTime();
    expect(ttl).toBeGreaterThan(595_000);
    expect(ttl).toBeLessThanOrEqual(600_000);

    const put = await putSigned(t, body.presigned_url, await makeJpeg(), 'image/jpeg');
    expect(put.statusCode).toBe(200);
    expect(await t.ctx.storage.head(`workspaces/${ws}/files/${body.file_path}`)).not.toBeNull();
  });

  it.each([
    ['png', 'image/png', 15 * MB],
    ['jpeg', 'image/jpeg', 15 * MB],
    ['webp', 'image/webp', 15 * MB],
    ['mp4', 'video/mp4', 500 * MB],
  ])('signs %s as %s with a %i byte limit', async (ext, type, max) => {
    const res = await call('POST', objects(), owner, { extension_type: ext });
    expect(res.json().headers['Content-Type']).toBe(type);
    expect(res.json().max_size).toBe(max);
    expect(res.json().file_path.endsWith(`.${ext}`)).toBe(true);
  });

  it('uploads to a chosen path, normalised and checked against the extension', async () => {
    const res = await call('POST', objects(), owner, {
      extension_type: 'png',
      file_path: ' fotos/Praia (1).png ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().file_path).toBe('fotos/Praia (1).png');
    const mismatch = await call('POST', objects(), owner, {
      extension_type: 'jpg',
      file_path: 'fotos/praia.png',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('INVALID_PATH');
    const jpegAsJpg = await call('POST', objects(), owner, {
      extension_type: 'jpeg',
      file_path: 'fotos/praia.JPG',
    });
    expect(jpegAsJpg.statusCode).toBe(200);
  });

  it.each([
    '../fora.jpg',
    'a/../../fora.jpg',
    'fotos/../fotos/x.jpg',
    '/absoluto.jpg',
    'C:/windows.jpg',
    'a\\b.jpg',
    'a//b.jpg',
    './x.jpg',
    '.escondido.jpg',
    'tab\t.jpg',
    'nul\u0000.jpg',
    'workspaces/00000000-0000-4000-8000-000000000000/files/x.jpg',
    'public/workspaces/x.jpg',
    '%2e%2e/x.jpg',
  ])('refuses the path %j with 400 INVALID_PATH', async (filePath) => {
    const res = await call('POST', objects(), owner, {
      extension_type: 'jpg',
      file_path: filePath,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PATH');
  });

  it('refuses other types (400), declared sizes over the limit (413)', async () => {
    for (const ext of ['gif', 'svg', 'html', 'exe', '']) {
      const res = await call('POST', objects(), owner, { extension_type: ext });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('extension_type');
    }
    const big = await call('POST', objects(), owner, { extension_type: 'jpg', size: 15 * MB + 1 });
    expect(big.statusCode).toBe(413);
    const video = await call('POST', objects(), owner, { extension_type: 'mp4', size: 500 * MB });
    expect(video.statusCode).toBe(200);
    const bigVideo = await call('POST', objects(), owner, {
      extension_type: 'mp4',
      size: 500 * MB + 1,
    });
    expect(bigVideo.statusCode).toBe(413);
  });

  it('is for the owner only: members 403, strangers 404, signed out 401', async () => {
    expect((await call('POST', objects(), member, { extension_type: 'jpg' })).statusCode).toBe(403);
    expect((await call('POST', objects(), stranger, { extension_type: 'jpg' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', objects(), undefined, { extension_type: 'jpg' })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT to the upload URL', () => {
  it('refuses a wrong content type, wrong bytes, too large, expired and tampered URLs', async () => {
    const res = await call('POST', objects(), owner, { extension_type: 'jpg' });
    const { presigned_url: url, file_path: filePath } = res.json();
    const key = `workspaces/${ws}/files/${filePath}`;

    const wrongType = await putSigned(t, url, await makeJpeg(), 'image/png');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('CONTENT_TYPE_MISMATCH');

    // a PNG (or HTML) with a .jpg name and the jpeg content type
    for (const bytes of [await makePng(), Buffer.from('<html><body>oi</body></html>')]) {
      const wrongBytes = await putSigned(t, url, bytes, 'image/jpeg');
      expect(wrongBytes.statusCode).toBe(415);
      expect(wrongBytes.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }

    const huge = Buffer.alloc(15 * MB + 1);
    (await makeJpeg()).copy(huge);
    const tooLarge = await putSigned(t, url, huge, 'image/jpeg');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');

    const tampered = await putSigned(
      t,
      url.replace(/sig=[^&]+/, 'sig=abc'),
      await makeJpeg(),
      'image/jpeg',
    );
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe('INVALID_SIGNATURE');
    const otherKey = new URL(url, 'http://app.test');
    otherKey.searchParams.set('key', `workspaces/${stranger.workspaceId}/files/${filePath}`);
    const moved = await putSigned(t, otherKey.toString(), await makeJpeg(), 'image/jpeg');
    expect(moved.statusCode).toBe(403);
    expect(moved.json().code).toBe('INVALID_SIGNATURE');

    t.clock.advance(10 * 60_000 + 1000);
    try {
      const expired = await putSigned(t, url, await makeJpeg(), 'image/jpeg');
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('URL_EXPIRED');
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
    expect(await t.ctx.storage.head(key)).toBeNull();
    expect((await t.ctx.storage.list(`workspaces/${stranger.workspaceId}/`)).objects).toEqual([]);
  });
});

describe('GET /api/v1/workspaces/objects/{ws}?file_path=', () => {
  it('gives owner and members a 5-minute URL that streams the file (with Range)', async () => {
    const video = makeMp4(5000);
    const filePath = await upload('mp4', video, 'video/mp4');
    for (const user of [owner, member]) {
      const res = await call('GET', objects() + q(filePath), user);
      expect(res.statusCode).toBe(200);
      const ttl = new Date(res.json().expires_at).getTime() - t.clock.now().getTime();
      expect(ttl).toBeGreaterThan(295_000);
      expect(ttl).toBeLessThanOrEqual(300_000);
      const file = await t.inject({ method: 'GET', url: localPath(res.json().url) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/mp4');
      expect(file.rawPayload.equals(video)).toBe(true);
      const part = await t.inject({
        method: 'GET',
        url: localPath(res.json().url),
        headers: { range: 'bytes=0-99' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    }
  });

  it('refuses strangers (404), signed-out callers (401), bad and foreign paths', async () => {
    const filePath = await upload('png', await makePng(), 'image/png');
    expect((await call('GET', objects() + q(filePath), stranger)).statusCode).toBe(404);
    expect((await call('GET', objects() + q(filePath))).statusCode).toBe(401);
    // the same relative path in another workspace is that workspace's (missing) file
    expect(
      (await call('GET', objects(stranger.workspaceId) + q(filePath), stranger)).statusCode,
    ).toBe(404);
    for (const bad of [`../${filePath}`, `workspaces/${ws}/files/${filePath}`, '/etc/passwd']) {
      const res = await call('GET', objects(stranger.workspaceId) + q(bad), stranger);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PATH');
    }
    const missing = await call('GET', objects() + q('uploads/nao-existe.jpg'), owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('FILE_NOT_FOUND');
  });
});

describe('DELETE /api/v1/workspaces/objects/{ws}?file_path=', () => {
  it('lets the owner delete a file not used by a post', async () => {
    const filePath = await upload('webp', await makeWebp(), 'image/webp');
    const key = `workspaces/${ws}/files/${filePath}`;
    expect((await call('DELETE', objects() + q(filePath), member)).statusCode).toBe(403);
    expect((await call('DELETE', objects() + q(filePath), stranger)).statusCode).toBe(404);
    expect((await call('DELETE', objects() + q(filePath))).statusCode).toBe(401);
    expect(await t.ctx.storage.head(key)).not.toBeNull();
    const res = await call('DELETE', objects() + q(filePath), owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Arquivo removido.' });
    expect(await t.ctx.storage.head(key)).toBeNull();
    expect((await call('DELETE', objects() + q(filePath), owner)).statusCode).toBe(404);
    expect((await call('DELETE', objects() + q('../x.jpg'), owner)).json().code).toBe(
      'INVALID_PATH',
    );
  });

  it('refuses to delete or overwrite a file attached to a post (409)', async () => {
    const filePath = await upload('jpg', await makeJpeg(), 'image/jpeg', 'posts/capa.jpg');
    const [post] = await t.ctx.db
      .insert(contents)
      .values({ workspaceId: ws, authorId: owner.id, description: 'post' })
      .returning();
    await t.ctx.db.insert(contentAttachments).values({
      contentId: post!.id,
      filePath,
      kind: 'image',
      contentType: 'image/jpeg',
      size: 10,
    });
    const del = await call('DELETE', objects() + q(filePath), owner);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('FILE_IN_USE');
    const overwrite = await call('POST', objects(), owner, {
      extension_type: 'jpg',
      file_path: filePath,
    });
    expect(overwrite.statusCode).toBe(409);
    expect(await t.ctx.storage.head(`workspaces/${ws}/files/${filePath}`)).not.toBeNull();
  });
});

describe('GET /api/v1/workspaces/objects/{ws}/files and POST .../folder', () => {
  it('lists one folder level to owner and members; the owner creates folders', async () => {
    const u = await createUser(t);
    const m = await createUser(t);
    await addTeamMember(t, u, m);
    const w = u.workspaceId;
    const put = async (filePath: string, ext: string, bytes: Buffer, type: string) => {
      const res = await call('POST', objects(w), u, { extension_type: ext, file_path: filePath });
      expect((await putSigned(t, res.json().presigned_url, bytes, type)).statusCode).toBe(200);
    };
    const jpeg = await makeJpeg();
    await put('a.jpg', 'jpg', jpeg, 'image/jpeg');
    await put('fotos/b.png', 'png', await makePng(), 'image/png');
    await put('fotos/2026/c.mp4', 'mp4', makeMp4(), 'video/mp4');

    expect((await call('POST', `${objects(w)}/folder`, m, { path: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `${objects(w)}/folder`, stranger, { path: 'x' })).statusCode).toBe(
      404,
    );
    const folder = await call('POST', `${objects(w)}/folder`, u, { path: 'vazia/' });
    expect(folder.statusCode).toBe(201);
    expect(folder.json()).toEqual({ name: 'vazia', path: 'vazia/' });
    const bad = await call('POST', `${objects(w)}/folder`, u, { path: '../fora' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PATH');

    for (const viewer of [u, m]) {
      const root = await call('GET', `${objects(w)}/files`, viewer);
      expect(root.statusCode).toBe(200);
      expect(root.json()).toEqual({
        files: [
          {
            name: 'a.jpg',
            path: 'a.jpg',
            size: jpeg.length,
            content_type: 'image/jpeg',
            updated_at: expect.any(String),
          },
        ],
        folders: [
          { name: 'fotos', path: 'fotos/' },
          { name: 'vazia', path: 'vazia/' },
        ],
        truncated: false,
      });
    }
    const sub = (await call('GET', `${objects(w)}/files?prefix=fotos`, u)).json();
    expect(sub.files.map((f: { path: string }) => f.path)).toEqual(['fotos/b.png']);
    expect(sub.files[0].content_type).toBe('image/png');
    expect(sub.folders).toEqual([{ name: '2026', path: 'fotos/2026/' }]);
    const deep = (await call('GET', `${objects(w)}/files?prefix=fotos/2026/`, u)).json();
    expect(deep.files[0]).toMatchObject({ name: 'c.mp4', content_type: 'video/mp4' });

    expect((await call('GET', `${objects(w)}/files`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `${objects(w)}/files`)).statusCode).toBe(401);
    const escape = await call('GET', `${objects(w)}/files?prefix=${encodeURIComponent('../')}`, u);
    expect(escape.statusCode).toBe(400);
    expect(escape.json().code).toBe('INVALID_PATH');
    const other = await call(
      'GET',
      `${objects(w)}/files?prefix=${encodeURIComponent(`workspaces/${ws}/files/`)}`,
      u,
    );
    expect(other.statusCode).toBe(400);
  });
});

describe('functions for other modules', () => {
  it('verifyWorkspaceFile accepts real images and videos and reports them', async () => {
    const jpeg = await makeJpeg();
    const img = await upload('jpg', jpeg, 'image/jpeg', 'check/ok.jpg');
    expect(await verifyWorkspaceFile(t.ctx, ws, img, ['image'])).toEqual({
      filePath: 'check/ok.jpg',
      kind: 'image',
      contentType: 'image/jpeg',
      size: jpeg.length,
    });
    const mp4 = makeMp4(100);
    const vid = await upload('mp4', mp4, 'video/mp4', 'check/ok.mp4');
    expect(await verifyWorkspaceFile(t.ctx, ws, ` ${vid}`)).toEqual({
      filePath: 'check/ok.mp4',
      kind: 'video',
      contentType: 'video/mp4',
      size: mp4.length,
    });
    await expect(verifyWorkspaceFile(t.ctx, ws, vid, ['image'])).rejects.toMatchObject({
      status: 415,
    });
    // still there: a kind not allowed here is not a bad file
    expect(await t.ctx.storage.head(`workspaces/${ws}/files/${vid}`)).not.toBeNull();
  });

  it('verifyWorkspaceFile refuses (and deletes) wrong bytes and oversized files', async () => {
    // bytes that bypassed the upload check (as S3 would let them through)
    const key = (p: string) => `workspaces/${ws}/files/${p}`;
    await t.ctx.storage.put(key('check/fake.jpg'), await makePng(), 'image/jpeg');
    await expect(verifyWorkspaceFile(t.ctx, ws, 'check/fake.jpg')).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await t.ctx.storage.head(key('check/fake.jpg'))).toBeNull();

    await t.ctx.storage.put(key('check/page.mp4'), Buffer.from('<html></html>'), 'video/mp4');
    await expect(verifyWorkspaceFile(t.ctx, ws, 'check/page.mp4')).rejects.toMatchObject({
      status: 415,
    });
    expect(await t.ctx.storage.head(key('check/page.mp4'))).toBeNull();

    const huge = Buffer.alloc(15 * MB + 1);
    (await makeJpeg()).copy(huge);
    await t.ctx.storage.put(key('check/huge.jpg'), huge, 'image/jpeg');
    await expect(verifyWorkspaceFile(t.ctx, ws, 'check/huge.jpg')).rejects.toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await t.ctx.storage.head(key('check/huge.jpg'))).toBeNull();

    await expect(verifyWorkspaceFile(t.ctx, ws, 'check/missing.jpg')).rejects.toMatchObject({
      status: 400,
      code: 'FILE_NOT_UPLOADED',
    });
    await expect(verifyWorkspaceFile(t.ctx, ws, '../x.jpg')).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PATH',
    });
    await expect(verifyWorkspaceFile(t.ctx, ws, 'doc.pdf')).rejects.toMatchObject({ status: 415 });
  });

  it('signedViewUrl and deleteWorkspaceFiles work on workspace-relative paths', async () => {
    const jpeg = await makeJpeg(10, 10);
    const a = await upload('jpg', jpeg, 'image/jpeg', 'fn/a.jpg');
    const b = await upload('jpg', jpeg, 'image/jpeg', 'fn/b.jpg');
    const view = await signedViewUrl(t.ctx, ws, a);
    expect(view.expiresAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(300_000);
    const res = await t.inject({ method: 'GET', url: localPath(view.url) });
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    await deleteWorkspaceFiles(t.ctx, ws, [a, b, 'fn/nunca-existiu.jpg']);
    expect(await t.ctx.storage.head(`workspaces/${ws}/files/${a}`)).toBeNull();
    expect(await t.ctx.storage.head(`workspaces/${ws}/files/${b}`)).toBeNull();
    await expect(deleteWorkspaceFiles(t.ctx, ws, ['../../x.jpg'])).rejects.toMatchObject({
      code: 'INVALID_PATH',
    });
  });
});
