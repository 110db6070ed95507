import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import {
  createPost,
  uploadJpeg,
  uploadMp4,
  uploadPng,
  uploadWorkspaceFile,
  workspaceFileKey,
} from '../../../test/support/content';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { localPath, makeJpeg, makePng } from '../../../test/support/media';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { contentAttachments, contentLikes, contents } from '../../db/schema';
import { drainMail } from '../mail/mail.service';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let subscriber: TestUser;
let stranger: TestUser;
let ws: string;
let queries = 0;

beforeAll(async () => {
  t = await createTestContext({ onQuery: () => void queries++ });
  owner = await createUser(t);
  member = await createUser(t);
  subscriber = await createUser(t);
  stranger = await createUser(t);
  ws = owner.workspaceId;
  await addTeamMember(t, owner, member);
  await makeActiveSubscriber(t, subscriber, owner);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.inject({ method, url, headers: user ? bearer(user.accessToken) : {}, payload });
const post = (payload: object, user = owner, w = ws) =>
  call('POST', `/api/v1/content/${w}`, user, payload);
const postsOf = async (workspaceId: string) =>
  t.ctx.db.select().from(contents).where(eq(contents.workspaceId, workspaceId));
const stored = async (workspaceId: string, filePath: string) =>
  (await t.ctx.storage.head(workspaceFileKey(workspaceId, filePath))) !== null;

describe('POST /api/v1/content/{ws}', () => {
  it('publishes text and one image, answering the post as a feed item with signed URLs', async () => {
    const filePath = await uploadJpeg(t, owner);
    const res = await post({
      text: '  Bom dia, fãs!  ',
      attachments: [{ file_path: filePath, label: 'Praia' }],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as ContentItem;
    expect(body).toMatchObject({
      description: 'Bom dia, fãs!',
      likes: 0,
      liked: false,
      full_name: 'Maria da Silva',
      username: owner.username,
      avatar_url: null,
      is_owner: true,
      workspace_id: ws,
    });
    expect(body.attachments).toHaveLength(1);
    const [a] = body.attachments as ContentAttachment[];
    // What is served is the image re-encoded (WebP, its size given), never the upload.
    expect(a).toMatchObject({
      label: 'Praia',
      kind: 'image',
      content_type: 'image/webp',
      width: 64,
      height: 48,
      status: 'ready',
    });
    expect(a!.file_path).toMatch(/^media\/[0-9a-f-]{36}\/64w\.webp$/);
    expect(a!.variants).toEqual([{ file_path: a!.file_path, width: 64, url: a!.url }]);
    expect(a!.image_url).toBe(a!.url);
    expect(a!.video_url).toBeUndefined();
    // The URL is signed in process and serves the bytes.
    const media = await t.inject({ method: 'GET', url: localPath(a!.url) });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(media.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await stored(ws, filePath)).toBe(false);

    const [row] = await t.ctx.db.select().from(contents).where(eq(contents.id, body.id));
    expect(row).toMatchObject({
      workspaceId: ws,
      authorId: owner.id,
      description: 'Bom dia, fãs!',
    });
    const files = await t.ctx.db
      .select()
      .from(contentAttachments)
      .where(eq(contentAttachments.contentId, body.id));
    expect(files).toMatchObject([
      {
        filePath: a!.file_path,
        kind: 'image',
        contentType: 'image/webp',
        label: 'Praia',
        posterOf: null,
        variantOf: null,
        width: 64,
        height: 48,
      },
    ]);
  });

  it('accepts description as an alias of text, and an attachment without text', async () => {
    const alias = await post({ description: 'Pelo campo description' });
    expect(alias.statusCode).toBe(201);
    expect(alias.json().description).toBe('Pelo campo description');
    const onlyImage = await post({ attachments: [{ file_path: await uploadPng(t, owner) }] });
    expect(onlyImage.statusCode).toBe(201);
    expect(onlyImage.json()).toMatchObject({ description: '' });
    expect(onlyImage.json().attachments[0]).toMatchObject({
      kind: 'image',
      content_type: 'image/webp',
      label: '',
    });
  });

  it('refuses short, blank or too long text and more than one attachment (400, no post)', async () => {
    const before = (await postsOf(ws)).length;
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: ' ab ' },
      { description: 'x' },
      { text: 'a'.repeat(5001) },
      {
        text: 'Duas fotos',
        attachments: [{ file_path: 'uploads/a.jpg' }, { file_path: 'uploads/b.jpg' }],
      },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    expect(await postsOf(ws)).toHaveLength(before);
    expect((await post({ text: 'abc' })).statusCode).toBe(201);
  });

  it('publishes a video with a poster image; the poster is attached too', async () => {
    const video = await uploadMp4(t, owner);
    const poster = await uploadJpeg(t, owner);
    const res = await post({
      text: 'Vídeo novo',
      attachments: [{ file_path: video, poster_path: poster }],
    });
    expect(res.statusCode).toBe(201);
    const [a] = res.json().attachments;
    expect(a).toMatchObject({ file_path: video, kind: 'video', content_type: 'video/mp4' });
    expect(a.video_url).toBe(a.url);
    expect(a.image_url).toBeUndefined();
    // The poster is re-encoded like any image (no srcset widths: one size).
    expect(a.poster_path).toMatch(/^media\/[0-9a-f-]{36}\/64w\.webp$/);
    expect(await stored(ws, poster)).toBe(false);
    const posterRes = await t.inject({ method: 'GET', url: localPath(a.poster_url) });
    expect(posterRes.statusCode).toBe(200);
    expect(posterRes.headers['content-type']).toBe('image/webp');
    // The file store treats the poster as attached: it cannot be deleted under the post.
    const del = await call(
      'DELETE',
      `/api/v1/workspaces/objects/${ws}?file_path=${encodeURIComponent(a.poster_path)}`,
      owner,
    );
    expect(del.statusCode).toBe(409);
    expect(await stored(ws, a.poster_path)).toBe(true);
  });

  it('refuses a poster on an image and a poster that is not an image', async () => {
    const image = await uploadJpeg(t, owner);
    const onImage = await post({
      text: 'Capa numa foto',
      attachments: [{ file_path: image, poster_path: await uploadJpeg(t, owner) }],
    });
    expect(onImage.statusCode).toBe(400);
    expect(onImage.json().code).toBe('POSTER_ONLY_FOR_VIDEO');
    const videoPoster = await post({
      text: 'Capa em vídeo',
      attachments: [
        { file_path: await uploadMp4(t, owner), poster_path: await uploadMp4(t, owner) },
      ],
    });
    expect(videoPoster.statusCode).toBe(415);
  });

  it('checks the bytes: a .jpg holding PNG or garbage is refused (415) and removed', async () => {
    const before = (await postsOf(ws)).length;
    // The local driver already sniffs a PUT; S3 does not, so the bytes can be anything
    // by the time the post arrives. Write them straight to storage, as an S3 PUT would.
    const wrongBytes = async (ext: 'jpg' | 'mp4', bytes: Buffer) => {
      const filePath = ext === 'jpg' ? await uploadJpeg(t, owner) : await uploadMp4(t, owner);
      await t.ctx.storage.put(
        workspaceFileKey(ws, filePath),
        bytes,
        ext === 'jpg' ? 'image/jpeg' : 'video/mp4',
      );
      return filePath;
    };
    const pngAsJpg = await wrongBytes('jpg', await makePng());
    const garbage = await wrongBytes('jpg', Buffer.from('não é uma imagem'));
    const fakeVideo = await wrongBytes('mp4', await makeJpeg());
    for (const filePath of [pngAsJpg, garbage, fakeVideo]) {
      expect(await stored(ws, filePath)).toBe(true);
      const res = await post({ text: 'Arquivo falso', attachments: [{ file_path: filePath }] });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await stored(ws, filePath)).toBe(false);
    }
    // The same PNG bytes under a .png name are fine.
    const png = await uploadWorkspaceFile(t, owner, 'png', await makePng());
    expect(
      (await post({ text: 'PNG de verdade', attachments: [{ file_path: png }] })).statusCode,
    ).toBe(201);
    expect(await postsOf(ws)).toHaveLength(before + 1);
  });

  it("refuses another workspace's file, path tricks and missing files (4xx, no post, file kept)", async () => {
    const other = await createUser(t);
    const theirs = await uploadJpeg(t, other);
    const before = (await postsOf(ws)).length;
    const cases: [string, number, string][] = [
      [theirs, 400, 'FILE_NOT_UPLOADED'],
      [`workspaces/${other.workspaceId}/files/${theirs}`, 400, 'INVALID_PATH'],
      [`../../${other.workspaceId}/files/${theirs}`, 400, 'INVALID_PATH'],
      [`uploads/../../${other.workspaceId}/files/${theirs}`, 400, 'INVALID_PATH'],
      ['/etc/passwd.jpg', 400, 'INVALID_PATH'],
      ['uploads/nao-existe.jpg', 400, 'FILE_NOT_UPLOADED'],
      ['uploads/sem-extensao', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [filePath, status, code] of cases) {
      const res = await post({ text: 'Arquivo alheio', attachments: [{ file_path: filePath }] });
      expect(res.statusCode, filePath).toBe(status);
      expect(res.json().code, filePath).toBe(code);
    }
    expect(await postsOf(ws)).toHaveLength(before);
    expect(await stored(other.workspaceId, theirs)).toBe(true);
  });

  it('makes one post of an upload, also when posts race for it (409 FILE_IN_USE, or gone)', async () => {
    const filePath = await uploadJpeg(t, owner);
    const payload = { text: 'Mesma foto', attachments: [{ file_path: filePath }] };
    const before = (await postsOf(ws)).length;
    const results = await Promise.all([post(payload), post(payload), post(payload)]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    // a loser either raced the winner's transaction, or came after it took the upload away
    for (const r of results.filter((r) => r.statusCode !== 201))
      expect([`409 FILE_IN_USE`, `400 FILE_NOT_UPLOADED`]).toContain(
        `${r.statusCode} ${r.json().code}`,
      );
    expect(await postsOf(ws)).toHaveLength(before + 1);
    // the losers' re-encoded files went with them: the workspace keeps the winner's only
    const winner = results.find((r) => r.statusCode === 201)!.json() as ContentItem;
    const listed = await t.ctx.storage.list(workspaceFileKey(ws, 'media/'), { delimiter: true });
    const dirs = listed.prefixes.map((p) => p.slice(workspaceFileKey(ws, '').length));
    const winnerDir = (winner.attachments[0] as ContentAttachment).file_path.replace(/[^/]+$/, '');
    const attachedDirs = (
      await t.ctx.db.select({ p: contentAttachments.filePath }).from(contentAttachments)
    ).map((r) => r.p.replace(/[^/]+$/, ''));
    expect(dirs).toContain(winnerDir);
    for (const d of dirs) expect(attachedDirs).toContain(d);
  });

  it('is for the owner only: members 403, strangers 404, signed out 401', async () => {
    const before = (await postsOf(ws)).length;
    expect((await post({ text: 'Sou membro' }, member)).statusCode).toBe(403);
    expect((await post({ text: 'Sou membro' }, member)).json().code).toBe('OWNER_REQUIRED');
    expect((await post({ text: 'Sou assinante' }, subscriber)).statusCode).toBe(404);
    expect((await post({ text: 'Sou estranho' }, stranger)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/v1/content/${ws}`, undefined, { text: 'Anônimo' })).statusCode,
    ).toBe(401);
    expect(await postsOf(ws)).toHaveLength(before);
  });
});

describe('DELETE /api/v1/content/{ws}/{id}', () => {
  it('deletes the post, its likes, its attachment rows and its files (video and poster)', async () => {
    const video = await uploadMp4(t, owner);
    const created = await createPost(t, owner, {
      text: 'Vai ser apagado',
      attachments: [{ file_path: video, poster_path: await uploadJpeg(t, owner) }],
    });
    const poster = (created.attachments[0] as ContentAttachment).poster_path!;
    expect(await stored(ws, poster)).toBe(true);
    const like = await call(
      'POST',
      `/api/v1/content/${subscriber.workspaceId}/${created.id}/like`,
      subscriber,
    );
    expect(like.json()).toEqual({ likes: 1, liked: true });

    const res = await call('DELETE', `/api/v1/content/${ws}/${created.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Publicação excluída.' });
    expect(await t.ctx.db.select().from(contents).where(eq(contents.id, created.id))).toEqual([]);
    expect(
      await t.ctx.db.select().from(contentLikes).where(eq(contentLikes.contentId, created.id)),
    ).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(contentAttachments)
        .where(inArray(contentAttachments.filePath, [video, poster])),
    ).toEqual([]);
    expect(await stored(ws, video)).toBe(false);
    expect(await stored(ws, poster)).toBe(false);
    expect((await call('DELETE', `/api/v1/content/${ws}/${created.id}`, owner)).statusCode).toBe(
      404,
    );
  });

  it('members 403, strangers and subscribers 404, the wrong {ws} 404; nothing is deleted', async () => {
    const created = await createPost(t, owner, {
      text: 'Fica',
      attachments: [{ file_path: await uploadJpeg(t, owner) }],
    });
    const filePath = (created.attachments[0] as ContentAttachment).file_path;
    const url = `/api/v1/content/${ws}/${created.id}`;
    expect((await call('DELETE', url, member)).statusCode).toBe(403);
    expect((await call('DELETE', url, subscriber)).statusCode).toBe(404);
    expect((await call('DELETE', url, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    // The owner through another of their workspaces: the post is not there.
    const second = await call('POST', '/api/v1/workspaces', owner, {
      label: 'Segundo espaço',
      username: `${owner.username.slice(0, 20)}_dois`,
    });
    expect(second.statusCode).toBe(201);
    const elsewhere = `/api/v1/content/${second.json().id}/${created.id}`;
    expect((await call('DELETE', elsewhere, owner)).statusCode).toBe(404);
    // Other people's posts through their own workspace.
    expect(
      (await call('DELETE', `/api/v1/content/${stranger.workspaceId}/${created.id}`, stranger))
        .statusCode,
    ).toBe(404);
    expect(await t.ctx.db.select().from(contents).where(eq(contents.id, created.id))).toHaveLength(
      1,
    );
    expect(await stored(ws, filePath)).toBe(true);
    expect((await call('DELETE', `/api/v1/content/${ws}/not-a-uuid`, owner)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/content/{ws}/{id}/like', () => {
  it('toggles for owner, members and active subscribers; others 403, unknown post 404', async () => {
    const created = await createPost(t, owner, { text: 'Curtam!' });
    const like = (user: TestUser, w = user.workspaceId) =>
      call('POST', `/api/v1/content/${w}/${created.id}/like`, user);
    expect((await like(owner)).json()).toEqual({ likes: 1, liked: true });
    expect((await like(member)).json()).toEqual({ likes: 2, liked: true });
    expect((await like(subscriber)).json()).toEqual({ likes: 3, liked: true });
    expect((await like(member)).json()).toEqual({ likes: 2, liked: false });

    const refused = await like(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await like(stranger, ws)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/content/${ws}/${created.id}/like`)).statusCode).toBe(401);
    expect(
      (await call('POST', `/api/v1/content/${ws}/00000000-0000-4000-8000-000000000000/like`, owner))
        .statusCode,
    ).toBe(404);
    const rows = await t.ctx.db
      .select()
      .from(contentLikes)
      .where(eq(contentLikes.contentId, created.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([owner.id, subscriber.id].sort());
  });

  it('never double counts: 20 users at once, then the same user 20 times at once', async () => {
    const created = await createPost(t, owner, { text: 'Concorrência' });
    const fans: TestUser[] = [];
    for (let i = 0; i < 20; i++) {
      const fan = await createUser(t);
      await addTeamMember(t, owner, fan);
      fans.push(fan);
    }
    const likeAs = (u: TestUser) =>
      call('POST', `/api/v1/content/${u.workspaceId}/${created.id}/like`, u);
    const count = async () =>
      (await t.ctx.db.select().from(contentLikes).where(eq(contentLikes.contentId, created.id)))
        .length;

    const all = await Promise.all(fans.map(likeAs));
    expect(all.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
    // Toggles of a post are serialised: each answer is the exact count after it.
    const counts = (rs: typeof all) =>
      rs.map((r) => r.json().likes as number).sort((a, b) => a - b);
    expect(counts(all)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await count()).toBe(20);
    const again = await Promise.all(fans.map(likeAs));
    expect(again.every((r) => r.json().liked === false)).toBe(true);
    expect(counts(again)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(await count()).toBe(0);

    // One user toggling 20 times at once: each toggle flips exactly once.
    const same = await Promise.all(Array.from({ length: 20 }, () => likeAs(fans[0]!)));
    expect(same.every((r) => r.statusCode === 200)).toBe(true);
    expect(same.filter((r) => r.json().liked).length).toBe(10);
    for (const r of same) expect(r.json().likes).toBe(r.json().liked ? 1 : 0);
    expect(await count()).toBe(0);
    const feed = await call(
      'GET',
      `/api/v1/contents/${ws}/profile?username=${owner.username}&size=100`,
      owner,
    );
    expect(feed.json().contents.find((c: ContentItem) => c.id === created.id)).toMatchObject({
      likes: 0,
      liked: false,
    });
  });
});

describe('GET /api/v1/contents/objects', () => {
  it('signs a fresh URL of a post file (and poster) for those who may see it; 404 for anything else', async () => {
    const video = await uploadMp4(t, owner);
    const created = await createPost(t, owner, {
      text: 'Com capa',
      attachments: [{ file_path: video, poster_path: await uploadJpeg(t, owner) }],
    });
    const poster = (created.attachments[0] as ContentAttachment).poster_path!;
    const unattached = await uploadJpeg(t, owner);
    const q = (filePath: string, username = owner.username) =>
      `/api/v1/contents/objects?username=${username}&file_path=${encodeURIComponent(filePath)}`;

    for (const user of [owner, member, subscriber]) {
      for (const filePath of [video, poster]) {
        const res = await call('GET', q(filePath), user);
        expect(res.statusCode).toBe(200);
        expect(new Date(res.json().expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
        const media = await t.inject({ method: 'GET', url: localPath(res.json().url) });
        expect(media.statusCode).toBe(200);
      }
      // A file of the workspace that is in no post: not served here.
      expect((await call('GET', q(unattached), user)).statusCode).toBe(404);
      expect((await call('GET', q('uploads/nada.jpg'), user)).statusCode).toBe(404);
    }
    for (const user of [stranger, undefined]) {
      for (const filePath of [video, poster, unattached, 'uploads/nada.jpg']) {
        const res = await call('GET', q(filePath), user);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('FILE_NOT_FOUND');
        expect(res.body).not.toContain(filePath);
      }
    }
    // The path of one creator's post under another creator's name.
    expect((await call('GET', q(video, stranger.username), stranger)).statusCode).toBe(404);
    expect((await call('GET', q(video, 'ninguem_aqui'), owner)).statusCode).toBe(404);
  });

  it("answers the creator's public avatar and cover to anyone", async () => {
    const none = await call(
      'GET',
      `/api/v1/contents/objects?username=${owner.username}&file_path=avatar`,
    );
    expect(none.statusCode).toBe(404);
    const start = await call('POST', `/api/v1/workspaces/${ws}/avatar/upload`, owner, {
      content_type: 'image/jpeg',
    });
    const put = await t.inject({
      method: 'PUT',
      url: localPath(start.json().presigned_url),
      headers: { 'content-type': 'image/jpeg' },
      payload: await makeJpeg(200, 200),
    });
    expect(put.statusCode).toBe(200);
    const done = await call('POST', `/api/v1/uploads/${start.json().upload_id}/complete`, owner);
    expect(done.statusCode).toBe(200);
    const avatarUrl = done.json().avatar_url as string;
    const res = await call(
      'GET',
      `/api/v1/contents/objects?username=${owner.username}&file_path=avatar`,
    );
    expect(res.json()).toEqual({ url: avatarUrl, expires_at: null });
    const key = avatarUrl.slice(avatarUrl.indexOf('/public/images/') + '/public/images/'.length);
    const byKey = await call(
      'GET',
      `/api/v1/contents/objects?username=${owner.username}&file_path=${encodeURIComponent(`public/${key}`)}`,
      stranger,
    );
    expect(byKey.json()).toEqual({ url: avatarUrl, expires_at: null });
    expect(
      (await call('GET', `/api/v1/contents/objects?username=${owner.username}&file_path=cover`))
        .statusCode,
    ).toBe(404);
  });
});

describe('query count', () => {
  it('a feed or profile page costs the same number of statements for 5 or 50 posts', async () => {
    const creator = await createUser(t);
    const viewer = await createUser(t);
    for (let i = 0; i < 55; i++) {
      const attachments =
        i % 3 === 0
          ? [{ file_path: await uploadMp4(t, creator), poster_path: await uploadJpeg(t, creator) }]
          : [{ file_path: await uploadJpeg(t, creator) }];
      await createPost(t, creator, { text: `Post número ${i}`, attachments });
    }
    await makeActiveSubscriber(t, viewer, creator);
    // the e-mails that subscribing queued go out after its answers: not the feed's statements
    await drainMail(t.ctx);
    const feed = (size: number) =>
      call('GET', `/api/v1/contents/${viewer.workspaceId}/feed?size=${size}`, viewer);
    const profile = (size: number) =>
      call(
        'GET',
        `/api/v1/contents/${viewer.workspaceId}/profile?username=${creator.username}&size=${size}`,
        viewer,
      );
    const measure = async (fn: () => ReturnType<typeof call>, expected: number) => {
      const start = queries;
      const res = await fn();
      expect(res.statusCode).toBe(200);
      expect(res.json().contents).toHaveLength(expected);
      expect(res.json().total).toBe(55);
      expect(res.json().contents.every((c: ContentItem) => c.attachments.length === 1)).toBe(true);
      return queries - start;
    };
    const feed5 = await measure(() => feed(5), 5);
    const feed50 = await measure(() => feed(50), 50);
    expect(feed50).toBe(feed5);
    expect(feed5).toBeLessThanOrEqual(3);
    const profile5 = await measure(() => profile(5), 5);
    const profile50 = await measure(() => profile(50), 50);
    expect(profile50).toBe(profile5);
    expect(profile5).toBeLessThanOrEqual(6);
  });
});
