/**
 * The paywall matrix: owner, team member, active subscriber, expired
 * subscriber, signed-in stranger and signed-out visitor against every content
 * and profile endpoint. Whatever the status, no post text, file path or media
 * URL may reach someone who may not see the posts: each refused response body
 * is searched for all of them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import {
  createPost,
  uploadJpeg,
  uploadMp4,
  uploadWorkspaceFile,
  workspaceFileKey,
} from '../../../test/support/content';
import { makeJpeg } from '../../../test/support/media';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { contents } from '../../db/schema';

type Role = 'owner' | 'member' | 'subscriber' | 'expired' | 'stranger' | 'signedOut';
const ROLES: Role[] = ['owner', 'member', 'subscriber', 'expired', 'stranger', 'signedOut'];
const SEES: Record<Role, boolean> = {
  owner: true,
  member: true,
  subscriber: true,
  expired: false,
  stranger: false,
  signedOut: false,
};

let t: TestContext;
const users = {} as Record<Exclude<Role, 'signedOut'>, TestUser>;
let ws: string;
let imagePost: string;
let videoPost: string;
let doomedPost: string;
/** Every string that must stay behind the paywall. */
const secrets: string[] = [];
let files: string[] = [];
const DAY = 24 * 3600 * 1000;

const user = (role: Role) => (role === 'signedOut' ? undefined : users[role]);
/** The caller's own current workspace ({ws} in the paths); the creator's for signed-out calls. */
const ownWs = (role: Role) => user(role)?.workspaceId ?? ws;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, role: Role, payload?: object) => {
  const u = user(role);
  return t.inject({ method, url, headers: u ? bearer(u.accessToken) : {}, payload });
};

function expectNoLeak(res: { body: string }, what: string) {
  for (const s of secrets) expect(res.body, `${what} leaks ${s}`).not.toContain(s);
}
function expectSeesPosts(res: { body: string }, what: string) {
  expect(res.body, what).toContain('SEGREDO-FOTO');
  expect(res.body, what).toContain('SEGREDO-VIDEO');
}

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ['owner', 'member', 'subscriber', 'expired', 'stranger'] as const)
    users[role] = await createUser(t);
  const owner = users.owner;
  ws = owner.workspaceId;
  await addTeamMember(t, owner, users.member);
  // The expired subscriber paid one month, 40 days ago.
  await makeActiveSubscriber(t, users.expired, owner, 'monthly');
  t.clock.advance(40 * DAY);
  for (const u of Object.values(users))
    u.accessToken = (await signIn(t, u.email, u.password)).access_token;
  await makeActiveSubscriber(t, users.subscriber, owner, 'monthly');

  // wide enough for srcset widths: every one of them is behind the paywall too
  const image = await uploadWorkspaceFile(t, owner, 'jpg', await makeJpeg(1000, 700));
  const video = await uploadMp4(t, owner);
  const poster = await uploadJpeg(t, owner);
  const doomed = await uploadJpeg(t, owner);
  const posted: ContentItem[] = [];
  posted.push(
    await createPost(t, owner, {
      text: 'SEGREDO-FOTO só para assinantes',
      attachments: [{ file_path: image, label: 'SEGREDO-LEGENDA' }],
    }),
    await createPost(t, owner, {
      text: 'SEGREDO-VIDEO só para assinantes',
      attachments: [{ file_path: video, poster_path: poster }],
    }),
    await createPost(t, owner, {
      text: 'SEGREDO-APAGAR',
      attachments: [{ file_path: doomed }],
    }),
  );
  [imagePost, videoPost, doomedPost] = posted.map((p) => p.id) as [string, string, string];
  // every file the posts serve: the re-encoded images, each width, the video and its poster
  files = posted.flatMap((p) =>
    (p.attachments as ContentAttachment[]).flatMap((a) => [
      ...(a.variants?.map((v) => v.file_path) ?? [a.file_path]),
      ...(a.poster_path ? [a.poster_path] : []),
    ]),
  );
  expect((posted[0]!.attachments[0] as ContentAttachment).variants!.map((v) => v.width)).toEqual([
    480, 960, 1000,
  ]);
  secrets.push('SEGREDO', `workspaces/${ws}/files`, `workspaces%2F${ws}`);
  for (const f of [...files, image, poster, doomed]) {
    secrets.push(f, encodeURIComponent(f));
    // The UUID in the path alone, whatever encoding a URL gives the path.
    secrets.push(...(f.match(/[0-9a-f]{8}-[0-9a-f-]{27}/g) ?? []));
  }
});
afterAll(async () => {
  await t.close();
});

describe('paywall matrix', () => {
  it('POST /content/{ws}: only the owner publishes in the workspace', async () => {
    const expected: Record<Role, number> = {
      owner: 201,
      member: 403,
      subscriber: 404,
      expired: 404,
      stranger: 404,
      signedOut: 401,
    };
    for (const role of ROLES) {
      const res = await call('POST', `/api/v1/content/${ws}`, role, {
        text: `Tentativa de ${role}`,
      });
      expect(res.statusCode, role).toBe(expected[role]);
      if (role !== 'owner') expectNoLeak(res, `create as ${role}`);
    }
    const texts = (await t.ctx.db.select().from(contents).where(eq(contents.workspaceId, ws))).map(
      (c) => c.description,
    );
    expect(texts.filter((d) => d.startsWith('Tentativa de'))).toEqual(['Tentativa de owner']);
  });

  it("POST /content/{own ws}: the creator's file paths are not usable elsewhere", async () => {
    for (const role of ['member', 'subscriber', 'expired', 'stranger'] as const) {
      for (const filePath of files) {
        const res = await call('POST', `/api/v1/content/${ownWs(role)}`, role, {
          text: 'Roubando o arquivo',
          attachments: [{ file_path: filePath }],
        });
        expect(res.statusCode, role).toBe(400);
        expect(res.json().code).toBe('FILE_NOT_UPLOADED');
        expectNoLeak(res, `create with a foreign file as ${role}`);
      }
    }
    for (const f of files) expect(await t.ctx.storage.head(workspaceFileKey(ws, f))).not.toBeNull();
  });

  it('POST /content/{ws}/{id}/like: owner, member and active subscriber only', async () => {
    for (const role of ROLES) {
      const res = await call('POST', `/api/v1/content/${ownWs(role)}/${imagePost}/like`, role);
      if (SEES[role]) {
        expect(res.statusCode, role).toBe(200);
        expect(res.json().liked, role).toBe(true);
        continue;
      }
      expect(res.statusCode, role).toBe(role === 'signedOut' ? 401 : 403);
      if (role !== 'signedOut') expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
      expectNoLeak(res, `like as ${role}`);
      // Through the creator's workspace instead of their own: not theirs, 404.
      if (role !== 'signedOut') {
        const viaCreator = await call('POST', `/api/v1/content/${ws}/${videoPost}/like`, role);
        expect(viaCreator.statusCode, role).toBe(404);
        expectNoLeak(viaCreator, `like via the creator's ws as ${role}`);
      }
    }
    const counted = await call('POST', `/api/v1/content/${ws}/${imagePost}/like`, 'owner');
    expect(counted.json()).toEqual({ likes: 2, liked: false });
  });

  it('GET /contents/{ws}/feed: the posts reach only those who may see them', async () => {
    for (const role of ROLES) {
      const res = await call('GET', `/api/v1/contents/${ownWs(role)}/feed`, role);
      if (SEES[role]) {
        expect(res.statusCode, role).toBe(200);
        expectSeesPosts(res, `feed of ${role}`);
        expect(res.body).toContain('SEGREDO-LEGENDA');
      } else {
        expect(res.statusCode, role).toBe(role === 'signedOut' ? 401 : 200);
        if (role !== 'signedOut') expect(res.json().total).toBe(0);
        expectNoLeak(res, `feed of ${role}`);
      }
    }
  });

  it('GET /contents/{ws}/profile: 403 SUBSCRIPTION_REQUIRED signed in, 401 signed out', async () => {
    for (const role of ROLES) {
      const res = await call(
        'GET',
        `/api/v1/contents/${ownWs(role)}/profile?username=${users.owner.username}`,
        role,
      );
      if (SEES[role]) {
        expect(res.statusCode, role).toBe(200);
        expect(res.json().total).toBe(4);
        expectSeesPosts(res, `profile posts for ${role}`);
        continue;
      }
      expect(res.statusCode, role).toBe(role === 'signedOut' ? 401 : 403);
      if (role !== 'signedOut') expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
      expectNoLeak(res, `profile posts for ${role}`);
    }
  });

  it('GET /contents/objects: signed URLs only for those who may see; 404 for everyone else', async () => {
    for (const role of ROLES) {
      for (const filePath of files) {
        const res = await call(
          'GET',
          `/api/v1/contents/objects?username=${users.owner.username}&file_path=${encodeURIComponent(filePath)}`,
          role,
        );
        if (SEES[role]) {
          expect(res.statusCode, role).toBe(200);
          expect(res.json().url).toContain(encodeURIComponent(workspaceFileKey(ws, filePath)));
        } else {
          expect(res.statusCode, role).toBe(404);
          expectNoLeak(res, `object URL for ${role}`);
        }
      }
    }
  });

  it('GET /profile: public to all, with total_content and never a post', async () => {
    for (const role of ROLES) {
      const res = await call('GET', `/api/v1/profile?username=${users.owner.username}`, role);
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toMatchObject({
        id: ws,
        total_content: 4,
        is_owner: role === 'owner',
        is_member: role === 'owner' || role === 'member',
        is_subscribed: role === 'subscriber',
      });
      expectNoLeak(res, `profile for ${role}`);
    }
  });

  it('GET /profiles/{ws}/recommended: the creator is recommended only to those who do not follow', async () => {
    for (const role of ROLES) {
      const res = await call('GET', `/api/v1/profiles/${ownWs(role)}/recommended`, role);
      if (role === 'signedOut') {
        expect(res.statusCode).toBe(401);
        continue;
      }
      expect(res.statusCode, role).toBe(200);
      const names = res.json().profiles.map((p: { username: string }) => p.username);
      if (SEES[role]) expect(names, role).not.toContain(users.owner.username);
      else expect(names, role).toContain(users.owner.username);
      expectNoLeak(res, `recommended for ${role}`);
    }
  });

  it('DELETE /content/{ws}/{id}: only the owner; the refusals change nothing', async () => {
    const expected: Record<Role, number> = {
      owner: 200,
      member: 403,
      subscriber: 404,
      expired: 404,
      stranger: 404,
      signedOut: 401,
    };
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      const res = await call('DELETE', `/api/v1/content/${ws}/${doomedPost}`, role);
      expect(res.statusCode, role).toBe(expected[role]);
      expectNoLeak(res, `delete as ${role}`);
      if (role !== 'signedOut') {
        const own = await call('DELETE', `/api/v1/content/${ownWs(role)}/${doomedPost}`, role);
        expect(own.statusCode, role).toBe(404);
      }
    }
    expect(await t.ctx.db.select().from(contents).where(eq(contents.id, doomedPost))).toHaveLength(
      1,
    );
    const res = await call('DELETE', `/api/v1/content/${ws}/${doomedPost}`, 'owner');
    expect(res.statusCode).toBe(expected.owner);
    expect(await t.ctx.storage.head(workspaceFileKey(ws, files.at(-1)!))).toBeNull();
  });
});
