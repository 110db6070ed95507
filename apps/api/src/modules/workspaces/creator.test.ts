import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { createPost } from '../../../test/support/content';
import { makeActiveSubscriber, setUpCreator } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';
import { workspaces } from '../../db/schema';

// 'Quero ser criador' (issue 34, decision 093): a sign-up's workspace is a fan's until its owner
// chooses to be a creator or sets up a plan; the choice is kept on the workspace.

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t, {
    owner: 'Ana Dona',
    member: 'Beto Membro',
    stranger: 'Caio Estranho',
  }));
});
afterAll(async () => {
  await t.close();
});

const creatorUrl = (ws: string) => `/api/v1/workspaces/${ws}/creator`;
const choose = (ws: string, user?: TestUser) =>
  t.inject({
    method: 'POST',
    url: creatorUrl(ws),
    headers: user ? bearer(user.accessToken) : {},
  });
const ownWorkspace = async (user: TestUser) => {
  const res = await t.inject({
    method: 'GET',
    url: '/api/v1/workspaces',
    headers: bearer(user.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json().workspaces.find((w: { id: string }) => w.id === user.workspaceId);
};
const creatorSince = async (id: string) =>
  (await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, id)))[0]!.creatorSince;

describe('a new account', () => {
  it('gets a workspace that is not a creator’s', async () => {
    const fan = await createUser(t);
    expect(await ownWorkspace(fan)).toMatchObject({ is_owner: true, is_creator: false });
    expect(await creatorSince(fan.workspaceId)).toBeNull();
  });

  it('becomes a creator by choosing it: kept on the workspace, the first date stays', async () => {
    const fan = await createUser(t);
    const res = await choose(fan.workspaceId, fan);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: fan.workspaceId, is_owner: true, is_creator: true });
    const first = await creatorSince(fan.workspaceId);
    expect(first).toBeInstanceOf(Date);
    // again: still a creator, the date unchanged
    const again = await choose(fan.workspaceId, fan);
    expect(again.statusCode).toBe(200);
    expect(again.json().is_creator).toBe(true);
    expect((await creatorSince(fan.workspaceId))!.getTime()).toBe(first!.getTime());
    expect(await ownWorkspace(fan)).toMatchObject({ is_creator: true });
  });

  it('becomes a creator by setting up a plan', async () => {
    const fan = await createUser(t);
    await setUpCreator(t, fan);
    expect(await ownWorkspace(fan)).toMatchObject({ is_creator: true });
  });

  it('stays a fan when the plan is refused (no Pix data)', async () => {
    const fan = await createUser(t);
    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${fan.workspaceId}/plan`,
      headers: bearer(fan.accessToken),
      payload: { plan_type: 'monthly', value: 10, discount: 0 },
    });
    expect(res.statusCode).toBe(409);
    expect(await ownWorkspace(fan)).toMatchObject({ is_creator: false });
  });

  it('a further own workspace is a creator’s from the start', async () => {
    const fan = await createUser(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: bearer(fan.accessToken),
      payload: { label: 'Segundo', username: `${fan.username.slice(0, 24)}.dois` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().is_creator).toBe(true);
  });
});

describe('POST /workspaces/{id}/creator: who may choose', () => {
  it('refuses a signed-out caller (401)', async () => {
    const res = await choose(owner.workspaceId);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    expect(await creatorSince(owner.workspaceId)).toBeNull();
  });

  it('refuses a member of the team (403) and a stranger (404), changing nothing', async () => {
    // createTeam's owner has a member: the backfill would call it a creator, the sign-up did not
    const byMember = await choose(owner.workspaceId, member);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('OWNER_REQUIRED');
    const byStranger = await choose(owner.workspaceId, stranger);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().code).toBe('WORKSPACE_NOT_FOUND');
    expect(await creatorSince(owner.workspaceId)).toBeNull();
  });

  it('refuses a malformed id (400) and an unknown one (404)', async () => {
    const bad = await choose('nao-e-uuid', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const unknown = await choose('7b0c3f51-2f7e-4d43-9f39-9d8f3b8f6a11', owner);
    expect(unknown.statusCode).toBe(404);
  });

  it('a member sees the workspace as its owner chose', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${owner.workspaceId}`,
      headers: bearer(member.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_owner: false, is_creator: false });
  });
});

describe('the migration’s backfill', () => {
  it('keeps as creators the workspaces with a plan, a post, a subscriber or a team member', async () => {
    const withPlan = await createUser(t);
    await setUpCreator(t, withPlan);
    const withPost = await createUser(t);
    await createPost(t, withPost, { text: 'Olá' });
    const withSubscriber = await createUser(t);
    await makeActiveSubscriber(t, await createUser(t), withSubscriber);
    const untouched = await createUser(t);
    const ids = [
      withPlan.workspaceId,
      withPost.workspaceId,
      withSubscriber.workspaceId,
      owner.workspaceId, // has a team member
      untouched.workspaceId,
    ];
    // as before the migration: nobody had chosen
    await t.ctx.db
      .update(workspaces)
      .set({ creatorSince: null })
      .where(inArray(workspaces.id, ids));
    const migration = readFileSync(
      new URL('../../db/migrations/0033_first_time_creator.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((s) => /UPDATE "workspaces"/.test(s));
    expect(backfill).toHaveLength(1);
    await t.ctx.db.execute(sql.raw(backfill[0]!));
    for (const id of ids.slice(0, 4)) expect(await creatorSince(id), id).toBeInstanceOf(Date);
    expect(await creatorSince(untouched.workspaceId)).toBeNull();
  });
});
