import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendedProfile } from '@fa-clube/contract';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost } from '../../../test/support/content';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';

let t: TestContext;
let creator: TestUser;
let member: TestUser;
let subscriber: TestUser;
let stranger: TestUser;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestContext();
  creator = await createUser(t, { full_name: 'Ana Criadora' });
  [member, subscriber, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  await addTeamMember(t, creator, member);
  await makeActiveSubscriber(t, subscriber, creator);
  const rename = await t.inject({
    method: 'PUT',
    url: `/api/v1/workspaces/${creator.workspaceId}`,
    headers: bearer(creator.accessToken),
    payload: { label: 'Estúdio da Ana', description: 'Fotos de viagem' },
  });
  expect(rename.statusCode).toBe(200);
  await createPost(t, creator, { text: 'Primeiro post' });
  await createPost(t, creator, { text: 'Segundo post' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, user?: TestUser) =>
  t.inject({ method: 'GET', url, headers: user ? bearer(user.accessToken) : {} });

async function refresh(...users: TestUser[]) {
  for (const u of users) u.accessToken = (await signIn(t, u.email, u.password)).access_token;
}

describe('GET /api/v1/profile', () => {
  const profile = (username: string, user?: TestUser) =>
    get(`/api/v1/profile?username=${encodeURIComponent(username)}`, user);

  it('is public: who the creator is and how many posts, with the caller’s relation', async () => {
    const base = {
      id: creator.workspaceId,
      avatar_url: null,
      cover_url: null,
      label: 'Estúdio da Ana',
      description: 'Fotos de viagem',
      username: creator.username,
      total_content: 2,
      full_name: 'Ana Criadora',
    };
    const cases: [TestUser | undefined, object][] = [
      [undefined, { is_owner: false, is_member: false, is_subscribed: false }],
      [creator, { is_owner: true, is_member: true, is_subscribed: false }],
      [member, { is_owner: false, is_member: true, is_subscribed: false }],
      [subscriber, { is_owner: false, is_member: false, is_subscribed: true }],
      [stranger, { is_owner: false, is_member: false, is_subscribed: false }],
    ];
    for (const [user, flags] of cases) {
      const res = await profile(creator.username, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...base, ...flags });
    }
    expect((await profile(` ${creator.username.toUpperCase()} `)).json().id).toBe(
      creator.workspaceId,
    );
  });

  it('answers 404 PROFILE_NOT_FOUND for an unknown username, 400 for a malformed one', async () => {
    const res = await profile('ninguem_mesmo');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Perfil não encontrado.', code: 'PROFILE_NOT_FOUND' });
    expect((await profile('a b')).statusCode).toBe(400);
    expect((await get('/api/v1/profile')).statusCode).toBe(400);
  });

  it('rejects a bad token with 401 instead of answering as a visitor', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/profile?username=${creator.username}`,
      headers: { authorization: 'Bearer nao-e-um-token' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/profiles/{ws}/recommended', () => {
  const recommended = async (user: TestUser, ws = user.workspaceId) => {
    const res = await get(`/api/v1/profiles/${ws}/recommended`, user);
    expect(res.statusCode).toBe(200);
    return res.json().profiles as RecommendedProfile[];
  };

  it('recommends creators with posts the caller does not follow, freshest and most followed first', async () => {
    const viewer = await createUser(t);
    const old = await createUser(t);
    const popular = await createUser(t);
    const rising = await createUser(t);
    const silent = await createUser(t);
    const followed = await createUser(t);
    const team = await createUser(t);
    await createPost(t, old, { text: 'Post antigo' });
    t.clock.advance(3 * DAY);
    await refresh(viewer, old, popular, rising, silent, followed, team);
    await createPost(t, rising, { text: 'Post de hoje' });
    await createPost(t, popular, { text: 'Post de hoje também' });
    for (const fan of [await createUser(t), await createUser(t)])
      await makeActiveSubscriber(t, fan, popular);
    await makeActiveSubscriber(t, await createUser(t), rising);
    await createPost(t, followed, { text: 'Para assinantes' });
    await makeActiveSubscriber(t, viewer, followed);
    await createPost(t, team, { text: 'Da equipe' });
    await addTeamMember(t, team, viewer);
    await createPost(t, viewer, { text: 'Meu post' });
    const second = await t.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: bearer(viewer.accessToken),
      payload: { label: 'Outro espaço', username: `${viewer.username.slice(0, 22)}_outro` },
    });
    await createPost(t, viewer, { text: 'No outro espaço' }, second.json().id);

    const profiles = await recommended(viewer);
    const names = profiles.map((p) => p.username);
    for (const excluded of [
      viewer.username,
      second.json().username,
      followed.username,
      team.username,
      silent.username,
    ])
      expect(names).not.toContain(excluded);
    const ours = names.filter((n) => [old, popular, rising].some((u) => u.username === n));
    expect(ours).toEqual([popular.username, rising.username, old.username]);
    expect(profiles.find((p) => p.username === popular.username)).toEqual({
      username: popular.username,
      label: 'Maria da Silva',
      avatar_url: null,
      cover_url: null,
      description: '',
      total_content: 1,
    });
    // The same list read from the team's workspace: still never the caller's own.
    const fromTeam = (await recommended(viewer, team.workspaceId)).map((p) => p.username);
    expect(fromTeam).toEqual(names);
  });

  it('drops a creator once followed and brings one back when the subscription lapses', async () => {
    const viewer = await createUser(t);
    const target = await createUser(t);
    await createPost(t, target, { text: 'Assine' });
    expect((await recommended(viewer)).map((p) => p.username)).toContain(target.username);
    await makeActiveSubscriber(t, viewer, target);
    expect((await recommended(viewer)).map((p) => p.username)).not.toContain(target.username);
    t.clock.advance(40 * DAY);
    await refresh(viewer, creator, member, subscriber, stranger);
    expect((await recommended(viewer)).map((p) => p.username)).toContain(target.username);
  });

  it('answers at most 10', async () => {
    const viewer = await createUser(t);
    for (let i = 0; i < 11; i++) await createPost(t, await createUser(t), { text: `Criador ${i}` });
    expect(await recommended(viewer)).toHaveLength(10);
  });

  it('needs the caller to belong to {ws}', async () => {
    const res = await get(`/api/v1/profiles/${creator.workspaceId}/recommended`, stranger);
    expect(res.statusCode).toBe(404);
    expect((await get(`/api/v1/profiles/${creator.workspaceId}/recommended`)).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the content and profile routes with their schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const [path, method] of [
      ['/api/v1/content/{ws}', 'post'],
      ['/api/v1/content/{ws}/{id}', 'delete'],
      ['/api/v1/content/{ws}/{id}', 'patch'],
      ['/api/v1/contents/{ws}/scheduled', 'get'],
      ['/api/v1/content/{ws}/{id}/like', 'post'],
      ['/api/v1/contents/{ws}/feed', 'get'],
      ['/api/v1/contents/{ws}/profile', 'get'],
      ['/api/v1/contents/objects', 'get'],
      ['/api/v1/profile', 'get'],
      ['/api/v1/profiles/{ws}/recommended', 'get'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.summary, `${method} ${path}`).toBeTruthy();
    }
    for (const schema of ['ContentItem', 'ContentAttachment', 'Profile', 'RecommendedProfile'])
      expect(doc.components.schemas[schema], schema).toBeDefined();
    const item = doc.components.schemas.ContentItem;
    expect(Object.keys(item.properties).sort()).toEqual(
      [
        'attachments',
        'avatar_url',
        'created_at',
        'description',
        'full_name',
        'id',
        'is_owner',
        'liked',
        'likes',
        'locked',
        'price',
        'publish_at',
        'purchased',
        'scheduled',
        'username',
        'workspace_id',
      ].sort(),
    );
  });
});
