import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeJpeg, makeMp4, makePng, putSigned } from '../../../test/support/media';
import { createTeam } from '../../../test/support/workspaces';
import { workspaceObjects, workspaceStorage } from '../../db/schema';
import { workspaceFileKey } from './file-paths';
import { releaseStaleReservations } from './files.service';

// A 1 MB quota per workspace: small enough to fill with test files.
const QUOTA = 1024 * 1024;
const KB = 1024;

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let ws: string;

beforeAll(async () => {
  t = await createTestContext({ env: { STORAGE_QUOTA_MB: '1' } });
  ({ owner, member, stranger } = await createTeam(t));
  ws = owner.workspaceId;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.inject({ method, url, headers: user ? bearer(user.accessToken) : {}, payload });
const objects = () => `/api/v1/workspaces/objects/${ws}`;
const askUpload = (payload: object) => call('POST', objects(), owner, payload);
const usage = async (user: TestUser = owner) =>
  (await call('GET', `/api/v1/workspaces/objects/${ws}/usage`, user)).json() as {
    used_bytes: number;
    quota_bytes: number;
  };
/** The figure the trigger keeps must equal the sum of the rows. */
const expectFigureConsistent = async () => {
  const rows = await t.ctx.db
    .select()
    .from(workspaceObjects)
    .where(eq(workspaceObjects.workspaceId, ws));
  const [figure] = await t.ctx.db
    .select()
    .from(workspaceStorage)
    .where(eq(workspaceStorage.workspaceId, ws));
  expect(figure?.usedBytes ?? 0).toBe(rows.reduce((n, r) => n + r.bytes, 0));
};
const removeAll = async () => {
  const rows = await t.ctx.db
    .select()
    .from(workspaceObjects)
    .where(eq(workspaceObjects.workspaceId, ws));
  for (const r of rows) {
    const head = await t.ctx.storage.head(workspaceFileKey(ws, r.filePath));
    if (head)
      expect(
        (await call('DELETE', `${objects()}?file_path=${encodeURIComponent(r.filePath)}`, owner))
          .statusCode,
      ).toBe(200);
    else await t.ctx.db.delete(workspaceObjects).where(eq(workspaceObjects.filePath, r.filePath));
  }
  expect((await usage()).used_bytes).toBe(0);
};

describe('storage quota (STORAGE_QUOTA_MB)', () => {
  it('counts the bytes that arrived and shows them to the owner and members only', async () => {
    const video = makeMp4(300 * KB);
    const res = await askUpload({ extension_type: 'mp4', size: video.length });
    expect(res.statusCode).toBe(200);
    expect(res.json().max_size).toBe(video.length);
    expect(await usage()).toEqual({ used_bytes: video.length, quota_bytes: QUOTA });
    expect((await putSigned(t, res.json().presigned_url, video, 'video/mp4')).statusCode).toBe(200);
    expect(await usage(member)).toEqual({ used_bytes: video.length, quota_bytes: QUOTA });
    await expectFigureConsistent();

    const strangerRes = await call('GET', `/api/v1/workspaces/objects/${ws}/usage`, stranger);
    expect(strangerRes.statusCode).toBe(404);
    expect(strangerRes.json().code).toBe('WORKSPACE_NOT_FOUND');
    expect((await call('GET', `/api/v1/workspaces/objects/${ws}/usage`)).statusCode).toBe(401);

    // deleting the file gives its space back
    const del = await call(
      'DELETE',
      `${objects()}?file_path=${encodeURIComponent(res.json().file_path)}`,
      owner,
    );
    expect(del.statusCode).toBe(200);
    expect((await usage()).used_bytes).toBe(0);
    await expectFigureConsistent();
  });

  it('refuses an upload URL whose declared size passes the quota (413), reserving nothing', async () => {
    const res = await askUpload({ extension_type: 'mp4', size: QUOTA + 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(res.json().message).toMatch(/espaço de armazenamento deste perfil \(1 MB\) acabou/);
    expect((await usage()).used_bytes).toBe(0);
  });

  it('counts URLs handed out before their bytes arrive, so many URLs cannot overshoot', async () => {
    const first = await askUpload({ extension_type: 'mp4', size: 600 * KB });
    expect(first.statusCode).toBe(200);
    const second = await askUpload({ extension_type: 'mp4', size: 600 * KB });
    expect(second.statusCode).toBe(413);
    expect(second.json().code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await usage()).used_bytes).toBe(600 * KB);
    await removeAll();
  });

  it('an undeclared size may use only the free space: the stream is cut over it', async () => {
    const hold = await askUpload({ extension_type: 'mp4', size: 700 * KB });
    expect(hold.statusCode).toBe(200);
    const res = await askUpload({ extension_type: 'mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.json().max_size).toBe(QUOTA - 700 * KB);
    const put = await putSigned(t, res.json().presigned_url, makeMp4(400 * KB), 'video/mp4');
    expect(put.statusCode).toBe(413);
    expect(await t.ctx.storage.head(workspaceFileKey(ws, res.json().file_path))).toBeNull();
    await removeAll();
  });

  it('re-checks the quota when the bytes arrive (a URL reserved earlier for the same path)', async () => {
    // URL 1 reserves the whole free space for path P; URL 2 for P shrinks the reservation to 1 KB;
    // another file takes most of the rest; then URL 1 is used with 500 KB
    const one = await askUpload({ extension_type: 'mp4', file_path: 'v/p.mp4' });
    expect(one.json().max_size).toBe(QUOTA);
    const two = await askUpload({ extension_type: 'mp4', file_path: 'v/p.mp4', size: KB });
    expect(two.statusCode).toBe(200);
    const other = await askUpload({ extension_type: 'mp4', size: 900 * KB });
    expect(other.statusCode).toBe(200);
    const put = await putSigned(t, one.json().presigned_url, makeMp4(500 * KB), 'video/mp4');
    expect(put.statusCode).toBe(413);
    expect(put.json().code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(await t.ctx.storage.head(workspaceFileKey(ws, 'v/p.mp4'))).toBeNull();
    expect((await usage()).used_bytes).toBeLessThanOrEqual(QUOTA);
    await expectFigureConsistent();
    await removeAll();
  });

  it('the hourly sweep releases URLs never used and counts bytes that came but were never attached', async () => {
    const unused = await askUpload({ extension_type: 'mp4', size: 300 * KB });
    expect(unused.statusCode).toBe(200);
    const refused = await askUpload({ extension_type: 'png', size: 100 * KB });
    // wrong bytes: the PUT is refused, the reservation stays until its URL is long expired
    expect(
      (await putSigned(t, refused.json().presigned_url, Buffer.alloc(100 * KB, 1), 'image/png'))
        .statusCode,
    ).toBe(415);
    const png = await makePng();
    const kept = await askUpload({ extension_type: 'png' });
    // bytes put straight into storage, as on S3 where the API never sees them
    await t.ctx.storage.put(workspaceFileKey(ws, kept.json().file_path), png, 'image/png');
    expect((await usage()).used_bytes).toBe(300 * KB + 100 * KB + QUOTA - 400 * KB);

    const offset = t.clock.offsetMs;
    try {
      t.clock.advance(30 * 60_000);
      expect(await releaseStaleReservations(t.ctx)).toBe(0); // URLs not long expired yet
      t.clock.advance(60 * 60_000);
      expect(await releaseStaleReservations(t.ctx)).toBe(3);
    } finally {
      t.clock.offsetMs = offset;
    }
    expect((await usage()).used_bytes).toBe(png.length);
    await expectFigureConsistent();
    await removeAll();
  });

  it('members, strangers and signed-out callers get no upload URL and reserve nothing', async () => {
    const asMember = await call('POST', objects(), member, { extension_type: 'jpg', size: 10 });
    expect(asMember.json().code).toBe('OWNER_REQUIRED');
    const asStranger = await call('POST', objects(), stranger, { extension_type: 'jpg', size: 10 });
    expect(asStranger.json().code).toBe('WORKSPACE_NOT_FOUND');
    expect((await call('POST', objects(), undefined, { extension_type: 'jpg' })).statusCode).toBe(
      401,
    );
    expect((await usage()).used_bytes).toBe(0);
  });
});

describe('immutable attached media', () => {
  it('an upload URL used once cannot replace the bytes a post serves', async () => {
    const jpeg = await makeJpeg();
    const res = await askUpload({ extension_type: 'jpg' });
    const { presigned_url: url, file_path: filePath } = res.json();
    expect((await putSigned(t, url, jpeg, 'image/jpeg')).statusCode).toBe(200);
    const post = await call('POST', `/api/v1/content/${ws}`, owner, {
      text: 'Foto',
      attachments: [{ file_path: filePath }],
    });
    expect(post.statusCode).toBe(201);
    // the post serves the upload re-encoded, under a path of its own
    const served = post.json().attachments[0].file_path as string;
    const servedBytes = await t.ctx.storage.readBytes(workspaceFileKey(ws, served), 0, 1 << 20);

    // the same, still valid URL again, with other (valid) image bytes
    const other = await makeJpeg(64, 48, '#ff0000');
    const again = await putSigned(t, url, other, 'image/jpeg');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('UPLOAD_URL_USED');
    expect(await t.ctx.storage.head(workspaceFileKey(ws, filePath))).toBeNull();
    const stored = await t.ctx.storage.readBytes(workspaceFileKey(ws, served), 0, 1 << 20);
    expect(servedBytes).not.toBeNull();
    expect(stored?.equals(servedBytes!)).toBe(true);

    // and no new URL for an attached path
    const fresh = await askUpload({ extension_type: 'webp', file_path: served });
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().code).toBe('FILE_IN_USE');
  });

  it('a URL whose file was deleted cannot put bytes back outside the quota', async () => {
    const png = await makePng();
    const res = await askUpload({ extension_type: 'png', size: png.length });
    const { presigned_url: url, file_path: filePath } = res.json();
    expect((await putSigned(t, url, png, 'image/png')).statusCode).toBe(200);
    const del = await call(
      'DELETE',
      `${objects()}?file_path=${encodeURIComponent(filePath)}`,
      owner,
    );
    expect(del.statusCode).toBe(200);
    const again = await putSigned(t, url, png, 'image/png');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('UPLOAD_URL_USED');
    expect(await t.ctx.storage.head(workspaceFileKey(ws, filePath))).toBeNull();
  });
});

describe('upload URL rate limit (RATE_LIMIT_UPLOAD_URLS)', () => {
  it('refuses a user more upload URLs than the limit with 429 and Retry-After', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_UPLOAD_URLS: '3/600' } });
    try {
      const user = await createUser(limited);
      const ask = () =>
        limited.inject({
          method: 'POST',
          url: `/api/v1/workspaces/objects/${user.workspaceId}`,
          headers: bearer(user.accessToken),
          payload: { extension_type: 'jpg', size: 100 },
        });
      for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
      const over = await ask();
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('RATE_LIMITED');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // profile images share the limit
      const avatar = await limited.inject({
        method: 'POST',
        url: '/api/v1/avatar/upload',
        headers: bearer(user.accessToken),
        payload: { content_type: 'image/png' },
      });
      expect(avatar.statusCode).toBe(429);
      limited.clock.advance(601_000);
      expect((await ask()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
