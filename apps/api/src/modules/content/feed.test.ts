import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost, uploadJpeg } from '../../../test/support/content';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { contents } from '../../db/schema';

let t: TestContext;
/** The reader whose feed is checked. */
let viewer: TestUser;
/** viewer is on this creator's team. */
let team: TestUser;
/** viewer subscribes yearly (still active after 40 days). */
let yearly: TestUser;
/** viewer subscribed monthly (expired after 40 days). */
let lapsed: TestUser;
/** viewer has nothing to do with this one. */
let other: TestUser;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestContext();
  [viewer, team, yearly, lapsed, other] = await Promise.all(
    Array.from({ length: 5 }, () => createUser(t)),
  );
  await addTeamMember(t, team, viewer);
  await makeActiveSubscriber(t, viewer, lapsed, 'monthly');
  await makeActiveSubscriber(t, viewer, yearly, 'yearly');
  t.clock.advance(40 * DAY);
  await Promise.all([viewer, team, yearly, lapsed, other].map(refresh));
});
afterAll(async () => {
  await t.close();
});

/** Access tokens expire with the moved clock: sign in again. */
async function refresh(u: TestUser) {
  const tokens = await signIn(t, u.email, u.password);
  u.accessToken = tokens.access_token;
}

const get = (url: string, user?: TestUser) =>
  t.inject({ method: 'GET', url, headers: user ? bearer(user.accessToken) : {} });
const feed = (query = '', user = viewer, ws = user.workspaceId) =>
  get(`/api/v1/contents/${ws}/feed${query}`, user);

/** One post per creator, one second apart, oldest first. */
async function publishRound(label: string) {
  const made: Record<string, ContentItem> = {};
  for (const [name, u] of Object.entries({ viewer, team, yearly, lapsed, other })) {
    t.clock.advance(1000);
    made[name] = await createPost(t, u, { text: `${label} de ${name}` });
  }
  return made;
}

describe('GET /api/v1/contents/{ws}/feed', () => {
  let first: Record<string, ContentItem>;
  let second: Record<string, ContentItem>;
  beforeAll(async () => {
    first = await publishRound('Primeiro');
    second = await publishRound('Segundo');
  });

  it('holds own, team and actively subscribed posts, newest first; never lapsed or unrelated ones', async () => {
    const res = await feed();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, size: 25, total: 6 });
    const ids = body.contents.map((c: ContentItem) => c.id);
    expect(ids).toEqual([
      second.yearly!.id,
      second.team!.id,
      second.viewer!.id,
      first.yearly!.id,
      first.team!.id,
      first.viewer!.id,
    ]);
    expect(res.body).not.toContain('de lapsed');
    expect(res.body).not.toContain('de other');
    const mine = body.contents.find((c: ContentItem) => c.id === second.viewer!.id);
    expect(mine).toMatchObject({
      description: 'Segundo de viewer',
      is_owner: true,
      username: viewer.username,
      full_name: 'Maria da Silva',
      workspace_id: viewer.workspaceId,
      attachments: [],
      likes: 0,
      liked: false,
    });
    expect(body.contents.find((c: ContentItem) => c.id === second.team!.id).is_owner).toBe(false);
  });

  it('pages from 1 with a size up to 100; a page past the end is empty with the total', async () => {
    const p1 = (await feed('?page=1&size=4')).json();
    const p2 = (await feed('?page=2&size=4')).json();
    const p3 = (await feed('?page=3&size=4')).json();
    expect(p1.contents).toHaveLength(4);
    expect(p2.contents).toHaveLength(2);
    expect(p3).toEqual({ contents: [], page: 3, size: 4, total: 6 });
    const all = (await feed()).json().contents.map((c: ContentItem) => c.id);
    expect([...p1.contents, ...p2.contents].map((c: ContentItem) => c.id)).toEqual(all);
    for (const q of ['?page=0', '?size=0', '?size=101', '?page=x'])
      expect((await feed(q)).statusCode, q).toBe(400);
  });

  it('orders posts of the same instant by id, stably across pages', async () => {
    const u = await createUser(t);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createPost(t, u, { text: `Mesmo instante ${i}` }));
    const instant = t.clock.now();
    await t.ctx.db
      .update(contents)
      .set({ createdAt: instant })
      .where(eq(contents.workspaceId, u.workspaceId));
    const expected = made
      .map((c) => c.id)
      .sort()
      .reverse();
    const ids = (await feed('?size=100', u)).json().contents.map((c: ContentItem) => c.id);
    expect(ids).toEqual(expected);
    const paged = [];
    for (let page = 1; page <= 3; page++)
      paged.push(...(await feed(`?page=${page}&size=1`, u)).json().contents);
    expect(paged.map((c: ContentItem) => c.id)).toEqual(expected);
  });

  it('shows likes and the caller’s own like; the same post reads the same from the team', async () => {
    const post = second.team!;
    const like = await t.inject({
      method: 'POST',
      url: `/api/v1/content/${viewer.workspaceId}/${post.id}/like`,
      headers: bearer(viewer.accessToken),
    });
    expect(like.json()).toEqual({ likes: 1, liked: true });
    const mine = (await feed()).json().contents.find((c: ContentItem) => c.id === post.id);
    expect(mine).toMatchObject({ likes: 1, liked: true, is_owner: false });
    const theirs = (await feed('', team))
      .json()
      .contents.find((c: ContentItem) => c.id === post.id);
    expect(theirs).toMatchObject({ likes: 1, liked: false, is_owner: true });
  });

  it('signs the attachments of every post in the page', async () => {
    const filePath = await uploadJpeg(t, yearly);
    const created = await createPost(t, yearly, {
      text: 'Com foto',
      attachments: [{ file_path: filePath, label: 'Foto' }],
    });
    const item = (await feed()).json().contents[0] as ContentItem;
    expect(item.id).toBe(created.id);
    expect(item.attachments).toHaveLength(1);
    const [attachment] = item.attachments as ContentAttachment[];
    const url = new URL(attachment!.url, 'http://app.test');
    expect(url.pathname).toBe('/api/v1/storage/object');
    // the re-encoded image's, not the upload's (which is gone)
    expect(attachment!.file_path).not.toBe(filePath);
    expect(url.searchParams.get('key')).toBe(
      `workspaces/${yearly.workspaceId}/files/${attachment!.file_path}`,
    );
    const ttl = new Date(attachment!.expires_at).getTime() - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(14 * 60 * 1000 - 1000);
    expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
    // the same URL all minute long (the browser caches the file), a new one after it
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000) + 1000);
    const url1 = (await feed()).json().contents[0].attachments[0].url;
    expect((await feed()).json().contents[0].attachments[0].url).toBe(url1);
    t.clock.advance(60_000);
    expect((await feed()).json().contents[0].attachments[0].url).not.toBe(url1);
  });

  it('needs the caller to belong to {ws}: 404 otherwise, 401 signed out', async () => {
    const res = await feed('', viewer, other.workspaceId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
    // past the last page too (the check then runs without a page to ride on)
    expect((await feed('?page=999', viewer, other.workspaceId)).statusCode).toBe(404);
    const past = await feed('?page=999', viewer);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ contents: [], page: 999 });
    expect(past.json().total).toBeGreaterThan(0);
    expect((await get(`/api/v1/contents/${viewer.workspaceId}/feed`)).statusCode).toBe(401);
    // A team member reads the feed from the team's workspace too.
    expect((await feed('', viewer, team.workspaceId)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/contents/{ws}/profile', () => {
  const profile = (username: string, query = '', user = viewer) =>
    get(`/api/v1/contents/${user.workspaceId}/profile?username=${username}${query}`, user);

  it("lists a creator's posts, newest first, pages from 0 with size 10", async () => {
    const creator = await createUser(t);
    const made: ContentItem[] = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1000);
      made.push(await createPost(t, creator, { text: `Post ${i}` }));
    }
    const newestFirst = made.map((c) => c.id).reverse();
    const p0 = (await profile(creator.username, '', creator)).json();
    expect(p0).toMatchObject({ page: 0, size: 10, total: 12 });
    expect(p0.contents.map((c: ContentItem) => c.id)).toEqual(newestFirst.slice(0, 10));
    expect(p0.contents.every((c: ContentItem) => c.is_owner)).toBe(true);
    const p1 = (await profile(creator.username.toUpperCase(), '&page=1', creator)).json();
    expect(p1.contents.map((c: ContentItem) => c.id)).toEqual(newestFirst.slice(10));
    expect((await profile(creator.username, '&size=101', creator)).statusCode).toBe(400);
  });

  it('serves team members and active subscribers; refuses lapsed and unrelated readers (403)', async () => {
    expect((await profile(team.username)).json().total).toBeGreaterThan(0);
    expect((await profile(yearly.username)).json().total).toBeGreaterThan(0);
    for (const creator of [lapsed, other]) {
      const res = await profile(creator.username);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'Assine este perfil para ver as publicações.',
        code: 'SUBSCRIPTION_REQUIRED',
      });
    }
  });

  it('answers 404 for an unknown username, 401 signed out, 404 for a foreign {ws}', async () => {
    const unknown = await profile('ninguem_existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PROFILE_NOT_FOUND');
    expect(
      (await get(`/api/v1/contents/${viewer.workspaceId}/profile?username=${team.username}`))
        .statusCode,
    ).toBe(401);
    expect(
      (await get(`/api/v1/contents/${other.workspaceId}/profile?username=${team.username}`, viewer))
        .statusCode,
    ).toBe(404);
  });
});
