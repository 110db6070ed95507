import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import {
  makeJpeg,
  makeJpegWithGps,
  makePng,
  makeWebp,
  putSigned,
} from '../../../test/support/media';
import { addTeamMember, createTeam } from '../../../test/support/workspaces';
import { uploads, users, workspaces } from '../../db/schema';
import { purgeAbandonedUploads } from './images.service';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t));
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.inject({ method, url, headers: user ? bearer(user.accessToken) : {}, payload });

/** GETs a URL the API answered (absolute, same origin). */
const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: new URL(url, 'http://app.test').pathname, headers });

async function uploadImage(
  endpoint: string,
  user: TestUser,
  bytes: Buffer,
  contentType = 'image/jpeg',
) {
  const start = await call('POST', endpoint, user, { content_type: contentType });
  expect(start.statusCode).toBe(200);
  const put = await putSigned(t, start.json().presigned_url, bytes, contentType);
  expect(put.statusCode).toBe(200);
  return call('POST', `/api/v1/uploads/${start.json().upload_id}/complete`, user);
}

const uploadRow = async (id: string) =>
  (await t.ctx.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;

describe('POST /api/v1/avatar/upload + complete', () => {
  it('answers a pre-signed PUT bound to the image type', async () => {
    const res = await call('POST', '/api/v1/avatar/upload', owner, { content_type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      max_size: 15 * MB,
      file_path: `incoming/${body.upload_id}.png`,
    });
    expect(new URL(body.presigned_url, 'http://app.test').searchParams.get('ct')).toBe('image/png');
    expect(await uploadRow(body.upload_id)).toMatchObject({
      purpose: 'user_avatar',
      userId: owner.id,
      status: 'pending',
    });
    const byExt = await call('POST', '/api/v1/avatar/upload', owner, { extension_type: '.JPG' });
    expect(byExt.json().headers['Content-Type']).toBe('image/jpeg');
  });

  it.each([
    [{ content_type: 'image/gif' }, 400],
    [{ content_type: 'image/svg+xml' }, 400],
    [{ content_type: 'video/mp4' }, 400],
    [{ extension_type: 'mp4' }, 400],
    [{}, 400],
    [{ content_type: 'image/png', extension_type: 'jpg' }, 400],
    [{ content_type: 'image/png', size: 15 * MB + 1 }, 413],
  ])('refuses %o', async (payload, status) => {
    const res = await call('POST', '/api/v1/avatar/upload', owner, payload);
    expect(res.statusCode).toBe(status);
  });

  it('needs a signed-in caller', async () => {
    const res = await call('POST', '/api/v1/avatar/upload', undefined, {
      content_type: 'image/png',
    });
    expect(res.statusCode).toBe(401);
  });

  it('re-encodes the avatar (512 px square, WebP, no EXIF/GPS) and shows it everywhere', async () => {
    const u = await createUser(t);
    const original = await makeJpegWithGps(900, 600);
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif).toBeDefined();
    expect(original.includes(Buffer.from('Modelo-GPS-123'))).toBe(true);

    const res = await uploadImage('/api/v1/avatar/upload', u, original);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ purpose: 'user_avatar', workspace_id: null });
    expect(body.avatar_url).toBe(body.url);
    expect(body.url).toMatch(
      new RegExp(`^/api/v1/public/images/users/${u.id}/avatar-[0-9a-f]{32}\\.webp$`),
    );

    const img = await fetchUrl(body.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from('Modelo-GPS-123'))).toBe(false);
    expect(img.rawPayload.includes(Buffer.from('SEGREDO-EXIF'))).toBe(false);

    const thumb = await fetchUrl(body.thumbnail_url);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 128, height: 128 });

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.avatarPath).toBe(`public/users/${u.id}/${body.url.split('/').at(-1)}`);
    const me = await call('GET', '/api/v1/me', u);
    expect(me.json().avatar_url).toBe(body.url);
    // the raw upload is gone
    expect((await t.ctx.storage.list(`users/${u.id}/`)).objects).toEqual([]);
    expect((await uploadRow(await latestUpload(u.id))).status).toBe('complete');
  });

  it('replaces the previous avatar and deletes it', async () => {
    const u = await createUser(t);
    const first = (
      await uploadImage('/api/v1/avatar/upload', u, await makeJpeg(50, 50, '#111111'))
    ).json();
    const second = (
      await uploadImage('/api/v1/avatar/upload', u, await makePng(60, 60, '#eeeeee'), 'image/png')
    ).json();
    expect(second.url).not.toBe(first.url);
    expect((await fetchUrl(first.url)).statusCode).toBe(404);
    expect((await fetchUrl(first.thumbnail_url)).statusCode).toBe(404);
    expect((await fetchUrl(second.url)).statusCode).toBe(200);
    const stored = await t.ctx.storage.list(`public/users/${u.id}/`);
    expect(stored.objects).toHaveLength(2);
    // the same bytes again: same key, still served
    const again = (
      await uploadImage('/api/v1/avatar/upload', u, await makePng(60, 60, '#eeeeee'), 'image/png')
    ).json();
    expect(again.url).toBe(second.url);
    expect((await fetchUrl(again.url)).statusCode).toBe(200);
  });
});

async function latestUpload(userId: string) {
  const rows = await t.ctx.db.select().from(uploads).where(eq(uploads.userId, userId));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!.id;
}

describe('workspace avatar and cover', () => {
  it('lets only the owner start an upload: members 403, strangers 404, signed out 401', async () => {
    for (const path of ['avatar/upload', 'cover-photo/upload']) {
      const url = `/api/v1/workspaces/${owner.workspaceId}/${path}`;
      const body = { content_type: 'image/jpeg' };
      expect((await call('POST', url, member, body)).statusCode).toBe(403);
      expect((await call('POST', url, stranger, body)).statusCode).toBe(404);
      expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    }
  });

  it('processes the cover (1600 px wide, auto-rotated) and publishes it on the workspace', async () => {
    const u = await createUser(t);
    const res = await uploadImage(
      `/api/v1/workspaces/${u.workspaceId}/cover-photo/upload`,
      u,
      await makeJpeg(2400, 1200),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ purpose: 'workspace_cover', workspace_id: u.workspaceId });
    expect(body.cover_url).toBe(body.url);
    const img = await sharp((await fetchUrl(body.url)).rawPayload).metadata();
    expect(img).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const thumb = await sharp((await fetchUrl(body.thumbnail_url)).rawPayload).metadata();
    expect(thumb).toMatchObject({ width: 320, height: 160 });

    const ws = (await call('GET', `/api/v1/workspaces/${u.workspaceId}`, u)).json();
    expect(ws.cover_url).toBe(body.url);
    expect(ws.avatar_url).toBeNull();

    // EXIF orientation 6 (rotate 90°): a 300×200 photo becomes 200×300; GPS is gone
    const rotated = await uploadImage(
      `/api/v1/workspaces/${u.workspaceId}/cover-photo/upload`,
      u,
      await makeJpegWithGps(300, 200, 6),
    );
    const bytes = (await fetchUrl(rotated.json().url)).rawPayload;
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ width: 200, height: 300 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    // the first cover was deleted
    expect((await fetchUrl(body.url)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, u.workspaceId));
    expect(row!.coverPath).toContain(`public/workspaces/${u.workspaceId}/cover-`);
  });

  it('processes the workspace avatar and shows it to members and in the list', async () => {
    const u = await createUser(t);
    const m = await createUser(t);
    await addTeamMember(t, u, m);
    const res = await uploadImage(
      `/api/v1/workspaces/${u.workspaceId}/avatar/upload`,
      u,
      await makeWebp(1000, 400),
      'image/webp',
    );
    expect(res.statusCode).toBe(200);
    const url = res.json().avatar_url;
    const meta = await sharp((await fetchUrl(url)).rawPayload).metadata();
    expect(meta).toMatchObject({ width: 512, height: 512 });
    const list = (await call('GET', '/api/v1/workspaces', m)).json().workspaces;
    expect(list.find((w: { id: string }) => w.id === u.workspaceId).avatar_url).toBe(url);
  });

  it('re-checks ownership at completion', async () => {
    const u = await createUser(t);
    const m = await createUser(t);
    await addTeamMember(t, u, m);
    const start = await call('POST', `/api/v1/workspaces/${u.workspaceId}/avatar/upload`, u, {
      content_type: 'image/jpeg',
    });
    await putSigned(t, start.json().presigned_url, await makeJpeg(), 'image/jpeg');
    await call('POST', `/api/v1/workspaces/${u.workspaceId}/transfer/ownership`, u, {
      email: m.email,
    });
    const res = await call('POST', `/api/v1/uploads/${start.json().upload_id}/complete`, u);
    expect(res.statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, u.workspaceId));
    expect(row!.avatarPath).toBeNull();
  });
});

describe('POST /api/v1/uploads/{id}/complete refusals', () => {
  async function start(user: TestUser, contentType = 'image/jpeg') {
    const res = await call('POST', '/api/v1/avatar/upload', user, { content_type: contentType });
    return res.json() as { upload_id: string; presigned_url: string };
  }
  const complete = (id: string, user?: TestUser) =>
    call('POST', `/api/v1/uploads/${id}/complete`, user);
  const rawKey = async (id: string) => (await uploadRow(id)).storageKey;

  it('refuses before the bytes arrived, twice, and for anyone but the uploader', async () => {
    const u = await createUser(t);
    const s = await start(u);
    const early = await complete(s.upload_id, u);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('UPLOAD_NOT_RECEIVED');
    expect((await uploadRow(s.upload_id)).status).toBe('pending');

    await putSigned(t, s.presigned_url, await makeJpeg(), 'image/jpeg');
    expect((await complete(s.upload_id)).statusCode).toBe(401);
    const other = await complete(s.upload_id, stranger);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('UPLOAD_NOT_FOUND');
    expect((await complete(s.upload_id, u)).statusCode).toBe(200);
    const twice = await complete(s.upload_id, u);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('UPLOAD_ALREADY_COMPLETED');
    expect((await complete('00000000-0000-4000-8000-000000000000', u)).statusCode).toBe(404);
  });

  it('refuses bytes that are not the declared image (415) and leaves nothing behind', async () => {
    const u = await createUser(t);
    // bytes that reached storage without the upload check (as S3 lets them)
    for (const bytes of [await makePng(), Buffer.from('<svg onload="alert(1)"></svg>')]) {
      const s = await start(u);
      await t.ctx.storage.put(await rawKey(s.upload_id), bytes, 'image/jpeg');
      const res = await complete(s.upload_id, u);
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await t.ctx.storage.head(await rawKey(s.upload_id))).toBeNull();
      expect((await uploadRow(s.upload_id)).status).toBe('failed');
      expect((await complete(s.upload_id, u)).json().code).toBe('UPLOAD_FAILED');
    }
    // a JPEG signature followed by garbage: not decodable
    const s = await start(u);
    const broken = Buffer.concat([(await makeJpeg()).subarray(0, 40), Buffer.alloc(500, 7)]);
    await t.ctx.storage.put(await rawKey(s.upload_id), broken, 'image/jpeg');
    const res = await complete(s.upload_id, u);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Não foi possível ler a imagem. Envie outro arquivo.');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.avatarPath).toBeNull();
    expect((await t.ctx.storage.list(`public/users/${u.id}/`)).objects).toEqual([]);
    expect((await t.ctx.storage.list(`users/${u.id}/`)).objects).toEqual([]);
  });

  it('refuses an image over 15 MB (413) and deletes it', async () => {
    const u = await createUser(t);
    const s = await start(u);
    const huge = Buffer.alloc(15 * MB + 1);
    (await makeJpeg()).copy(huge);
    await t.ctx.storage.put(await rawKey(s.upload_id), huge, 'image/jpeg');
    const res = await complete(s.upload_id, u);
    expect(res.statusCode).toBe(413);
    expect(await t.ctx.storage.head(await rawKey(s.upload_id))).toBeNull();
  });

  it('deletes abandoned raw uploads when the user starts another one', async () => {
    const u = await createUser(t);
    const s = await start(u);
    await putSigned(t, s.presigned_url, await makeJpeg(), 'image/jpeg');
    const key = await rawKey(s.upload_id);
    t.clock.advance(2 * 60 * 60_000);
    try {
      u.accessToken = (await signIn(t, u.email, u.password)).access_token;
      await start(u);
      expect(await t.ctx.storage.head(key)).toBeNull();
      expect((await uploadRow(s.upload_id)).status).toBe('expired');
    } finally {
      t.clock.advance(-2 * 60 * 60_000);
    }
  });

  it('the hourly sweep deletes every user’s abandoned raw uploads, and only those', async () => {
    const u = await createUser(t);
    const old = await start(u);
    await putSigned(t, old.presigned_url, await makeJpeg(), 'image/jpeg');
    const oldKey = await rawKey(old.upload_id);
    t.clock.advance(2 * 60 * 60_000);
    try {
      const fresh = await start({
        ...u,
        accessToken: (await signIn(t, u.email, u.password)).access_token,
      });
      await putSigned(t, fresh.presigned_url, await makeJpeg(), 'image/jpeg');
      // the upload just started purged the old one for this user; make another stale one
      const other = await createUser(t);
      t.clock.advance(-2 * 60 * 60_000);
      const stale = await start(other);
      await putSigned(t, stale.presigned_url, await makeJpeg(), 'image/jpeg');
      t.clock.advance(2 * 60 * 60_000);
      // (other tests in this file leave unfinished uploads behind too)
      expect(await purgeAbandonedUploads(t.ctx)).toBeGreaterThanOrEqual(1);
      expect(await t.ctx.storage.head(await rawKey(stale.upload_id))).toBeNull();
      expect((await uploadRow(stale.upload_id)).status).toBe('expired');
      expect(await t.ctx.storage.head(await rawKey(fresh.upload_id))).not.toBeNull();
      expect(await t.ctx.storage.head(oldKey)).toBeNull();
    } finally {
      t.clock.advance(-2 * 60 * 60_000);
    }
  });
});

describe('GET /api/v1/public/images/*', () => {
  it('serves only public keys, with 404 for the rest', async () => {
    const jpeg = await makeJpeg();
    await t.ctx.storage.put(
      `workspaces/${owner.workspaceId}/files/segredo.jpg`,
      jpeg,
      'image/jpeg',
    );
    for (const path of [
      'nao/existe.webp',
      `../workspaces/${owner.workspaceId}/files/segredo.jpg`,
      `..%2Fworkspaces%2F${owner.workspaceId}%2Ffiles%2Fsegredo.jpg`,
      `%2e%2e/workspaces/${owner.workspaceId}/files/segredo.jpg`,
      '',
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/v1/public/images/${path}` });
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.equals(jpeg)).toBe(false);
    }
  });

  it('supports HEAD and conditional requests', async () => {
    const u = await createUser(t);
    const { url } = (await uploadImage('/api/v1/avatar/upload', u, await makeJpeg())).json();
    const head = await t.inject({ method: 'HEAD', url: new URL(url, 'http://app.test').pathname });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    const again = await fetchUrl(url, { 'if-none-match': head.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('shows members’ avatars in the team list', async () => {
    const u = await createUser(t);
    const m = await createUser(t);
    await addTeamMember(t, u, m);
    const { url } = (await uploadImage('/api/v1/avatar/upload', m, await makeJpeg())).json();
    const team = (await call('GET', `/api/v1/teams/${u.workspaceId}/members`, u)).json();
    expect(team.members.find((x: { id: string }) => x.id === m.id).avatar_url).toBe(url);
  });
});
