import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeJpeg, putSigned } from '../../../test/support/media';
import { addTeamMember, createTeam } from '../../../test/support/workspaces';
import {
  contents,
  plans,
  subscriptions,
  uploads,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

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

const get = (url: string, user?: TestUser) =>
  t.inject({ method: 'GET', url, headers: user ? bearer(user.accessToken) : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.inject({ method, url, headers: user ? bearer(user.accessToken) : {}, payload });

async function workspaceRow(id: string) {
  const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

describe('GET /api/v1/workspaces', () => {
  it('lists own workspaces first, then the joined ones, with is_owner', async () => {
    const res = await get('/api/v1/workspaces', member);
    expect(res.statusCode).toBe(200);
    const list = res.json().workspaces;
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: member.workspaceId,
      label: 'Beto Membro',
      username: member.username,
      description: '',
      avatar_url: null,
      cover_url: null,
      is_owner: true,
      is_creator: false,
    });
    expect(list[1]).toMatchObject({ id: owner.workspaceId, is_owner: false });
  });

  it('needs a signed-in caller', async () => {
    const res = await get('/api/v1/workspaces');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/v1/workspaces', () => {
  it('creates another own workspace, listed after the first one', async () => {
    const u = await createUser(t);
    const res = await send('POST', '/api/v1/workspaces', u, {
      label: '  Segundo Canal  ',
      username: `${u.username.slice(0, 24)}.dois`,
      description: 'Bastidores',
    });
    expect(res.statusCode).toBe(201);
    const ws = res.json();
    expect(ws).toMatchObject({ label: 'Segundo Canal', description: 'Bastidores', is_owner: true });
    const [m] = await t.ctx.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, ws.id));
    expect(m).toMatchObject({ userId: u.id, role: 'owner' });
    const list = (await get('/api/v1/workspaces', u)).json().workspaces;
    expect(list.map((w: { id: string }) => w.id)).toEqual([u.workspaceId, ws.id]);
  });

  it('shares the handle namespace with users and workspaces (409)', async () => {
    const u = await createUser(t);
    for (const username of [stranger.username, stranger.username.toUpperCase(), u.username]) {
      const res = await send('POST', '/api/v1/workspaces', u, { label: 'X', username });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'USERNAME_TAKEN',
        message: 'Este nome de usuário já está em uso.',
      });
    }
  });

  it.each([
    [{ label: '', username: 'valido_1' }, 'label'],
    [{ label: '   ', username: 'valido_2' }, 'label'],
    [{ label: 'x'.repeat(61), username: 'valido_3' }, 'label'],
    [{ label: 'Ok', username: 'ab' }, 'username'],
    [{ label: 'Ok', username: 'com espaço' }, 'username'],
    [{ label: 'Ok', username: 'acentuação' }, 'username'],
    [{ label: 'Ok', username: 'x'.repeat(31) }, 'username'],
    [{ label: 'Ok', username: 'valido_4', description: 'd'.repeat(251) }, 'description'],
    [{ username: 'valido_5' }, 'label'],
  ])('rejects %o (400 on %s)', async (payload, field) => {
    const res = await send('POST', '/api/v1/workspaces', owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('needs a signed-in caller', async () => {
    const res = await send('POST', '/api/v1/workspaces', undefined, {
      label: 'A',
      username: 'abc',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/workspaces/{id}', () => {
  it('answers the owner and members, 404 to strangers, 401 signed out', async () => {
    const asOwner = await get(`/api/v1/workspaces/${owner.workspaceId}`, owner);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({ id: owner.workspaceId, is_owner: true });
    const asMember = await get(`/api/v1/workspaces/${owner.workspaceId}`, member);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().is_owner).toBe(false);
    const asStranger = await get(`/api/v1/workspaces/${owner.workspaceId}`, stranger);
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().code).toBe('WORKSPACE_NOT_FOUND');
    expect((await get(`/api/v1/workspaces/${owner.workspaceId}`)).statusCode).toBe(401);
    expect((await get('/api/v1/workspaces/nao-e-uuid', owner)).statusCode).toBe(400);
  });
});

describe('PUT /api/v1/workspaces/{id}', () => {
  it('lets the owner change label, description and username', async () => {
    const u = await createUser(t);
    const res = await send('PUT', `/api/v1/workspaces/${u.workspaceId}`, u, {
      label: '  Novo Nome ',
      description: 'd'.repeat(250),
      username: `${u.username.slice(0, 25)}.novo`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      label: 'Novo Nome',
      description: 'd'.repeat(250),
      username: `${u.username.slice(0, 25)}.novo`,
      is_owner: true,
    });
    const row = await workspaceRow(u.workspaceId);
    expect(row).toMatchObject({ label: 'Novo Nome', username: `${u.username.slice(0, 25)}.novo` });
    // only the description: the rest stays
    const only = await send('PUT', `/api/v1/workspaces/${u.workspaceId}`, u, { description: '' });
    expect(only.json()).toMatchObject({ label: 'Novo Nome', description: '' });
  });

  it('lets the owner take back their own account handle, but no one else’s', async () => {
    const u = await createUser(t);
    const away = await send('PUT', `/api/v1/workspaces/${u.workspaceId}`, u, {
      username: `${u.username.slice(0, 25)}.tmp`,
    });
    expect(away.statusCode).toBe(200);
    // the handle is still the user's: nobody else can take it
    const other = await send('POST', '/api/v1/workspaces', stranger, {
      label: 'Roubo',
      username: u.username,
    });
    expect(other.statusCode).toBe(409);
    const back = await send('PUT', `/api/v1/workspaces/${u.workspaceId}`, u, {
      username: u.username,
    });
    expect(back.statusCode).toBe(200);
    expect((await workspaceRow(u.workspaceId))!.username).toBe(u.username);
    // and keeping one's own username is not a conflict
    const same = await send('PUT', `/api/v1/workspaces/${u.workspaceId}`, u, {
      username: u.username.toUpperCase(),
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses a username of another user or workspace (409)', async () => {
    const res = await send('PUT', `/api/v1/workspaces/${owner.workspaceId}`, owner, {
      username: member.username,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USERNAME_TAKEN');
    expect((await workspaceRow(owner.workspaceId))!.username).toBe(owner.username);
  });

  it.each([
    [{ description: 'x'.repeat(251) }, 'description'],
    [{ label: '' }, 'label'],
    [{ label: 'y'.repeat(61) }, 'label'],
    [{ username: 'a' }, 'username'],
    [{ username: 'com-hifen' }, 'username'],
    [{ username: 42 }, 'username'],
  ])('rejects %o with 400', async (payload, field) => {
    const res = await send('PUT', `/api/v1/workspaces/${owner.workspaceId}`, owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    expect((await workspaceRow(owner.workspaceId))!.description).toBe('');
  });

  it('refuses members (403), strangers (404) and signed-out callers (401)', async () => {
    const url = `/api/v1/workspaces/${owner.workspaceId}`;
    const m = await send('PUT', url, member, { label: 'Invasão' });
    expect(m.statusCode).toBe(403);
    expect(m.json().code).toBe('OWNER_REQUIRED');
    expect((await send('PUT', url, stranger, { label: 'Invasão' })).statusCode).toBe(404);
    expect((await send('PUT', url, undefined, { label: 'Invasão' })).statusCode).toBe(401);
    expect((await workspaceRow(owner.workspaceId))!.label).toBe('Ana Dona');
  });
});

describe('DELETE /api/v1/workspaces/{id}', () => {
  it('refuses to delete the last own workspace (409)', async () => {
    const u = await createUser(t);
    const res = await send('DELETE', `/api/v1/workspaces/${u.workspaceId}`, u);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'LAST_OWN_WORKSPACE',
      message:
        'Você precisa manter pelo menos um espaço de trabalho próprio. Crie outro antes de excluir este.',
    });
    // the row stays whether or not it was soft-deleted: deleted_at must still be empty
    expect((await workspaceRow(u.workspaceId))?.deletedAt).toBeNull();
  });

  it('refuses members (403), strangers (404) and signed-out callers (401)', async () => {
    const url = `/api/v1/workspaces/${owner.workspaceId}`;
    expect((await send('DELETE', url, member)).statusCode).toBe(403);
    expect((await send('DELETE', url, stranger)).statusCode).toBe(404);
    expect((await send('DELETE', url)).statusCode).toBe(401);
    expect((await workspaceRow(owner.workspaceId))?.deletedAt).toBeNull();
  });

  it('deletes the workspace: members, content, uploads and files go; money records stay', async () => {
    const u = await createUser(t);
    const fan = await createUser(t);
    const created = await send('POST', '/api/v1/workspaces', u, {
      label: 'Para excluir',
      username: `${u.username.slice(0, 24)}.excl`,
    });
    const wsId = created.json().id as string;
    await addTeamMember(t, u, member, wsId);

    // a file in the workspace store and a processed cover
    const obj = await send('POST', `/api/v1/workspaces/objects/${wsId}`, u, {
      extension_type: 'jpg',
    });
    expect(
      (await putSigned(t, obj.json().presigned_url, await makeJpeg(), 'image/jpeg')).statusCode,
    ).toBe(200);
    const cover = await send('POST', `/api/v1/workspaces/${wsId}/cover-photo/upload`, u, {
      content_type: 'image/jpeg',
    });
    await putSigned(t, cover.json().presigned_url, await makeJpeg(800, 300), 'image/jpeg');
    const done = await send('POST', `/api/v1/uploads/${cover.json().upload_id}/complete`, u);
    expect(done.statusCode).toBe(200);
    // and an unfinished upload
    const pending = await send('POST', `/api/v1/workspaces/${wsId}/avatar/upload`, u, {
      content_type: 'image/png',
    });
    expect(pending.statusCode).toBe(200);

    // subscription data and a post, as the other modules would write them
    const now = t.clock.now();
    const [plan] = await t.ctx.db
      .insert(plans)
      .values({ workspaceId: wsId, planType: 'monthly', valueCents: 990 })
      .returning();
    await t.ctx.db.insert(subscriptions).values({
      workspaceId: wsId,
      subscriberId: fan.id,
      planType: 'monthly',
      status: 'active',
      paidSince: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
    await t.ctx.db
      .insert(contents)
      .values({ workspaceId: wsId, authorId: u.id, description: 'oi' });

    const storedBefore = await t.ctx.storage.list(`workspaces/${wsId}/`);
    expect(storedBefore.objects.length).toBeGreaterThanOrEqual(1);
    expect((await t.ctx.storage.list(`public/workspaces/${wsId}/`)).objects).toHaveLength(2);

    const res = await send('DELETE', `/api/v1/workspaces/${wsId}`, u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Espaço de trabalho excluído.' });

    // a soft delete: the row stays for the money records (workspace-soft-delete.test.ts)
    expect((await workspaceRow(wsId))?.deletedAt).toBeInstanceOf(Date);
    const db = t.ctx.db;
    expect(
      await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, wsId)),
    ).toEqual([]);
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, wsId));
    expect(subscription?.status).toBe('cancelled');
    expect(await db.select().from(plans).where(eq(plans.id, plan!.id))).toHaveLength(1);
    expect(await db.select().from(contents).where(eq(contents.workspaceId, wsId))).toEqual([]);
    expect(await db.select().from(uploads).where(eq(uploads.workspaceId, wsId))).toEqual([]);
    expect((await t.ctx.storage.list(`workspaces/${wsId}/`)).objects).toEqual([]);
    expect((await t.ctx.storage.list(`public/workspaces/${wsId}/`)).objects).toEqual([]);
    // the cover URL is gone too
    const coverUrl = new URL(done.json().cover_url, 'http://app.test');
    expect((await t.inject({ method: 'GET', url: coverUrl.pathname })).statusCode).toBe(404);

    // the member no longer sees it; the owner keeps the other one, now the last
    expect((await get(`/api/v1/workspaces/${wsId}`, member)).statusCode).toBe(404);
    const left = (await get('/api/v1/workspaces', u)).json().workspaces;
    expect(left.map((w: { id: string }) => w.id)).toEqual([u.workspaceId]);
    expect((await send('DELETE', `/api/v1/workspaces/${u.workspaceId}`, u)).statusCode).toBe(409);
  });
});

describe('workspaces per account (WORKSPACES_PER_ACCOUNT_MAX, 5 by default)', () => {
  const create = (u: TestUser, i: number | string) =>
    send('POST', '/api/v1/workspaces', u, {
      label: `Espaço ${i}`,
      username: `${u.username.slice(0, 20)}_w${i}`,
    });
  const owned = async (u: TestUser) =>
    (
      await t.ctx.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, u.id))
    ).filter((m) => m.role === 'owner').length;

  it('refuses a sixth own workspace (409), even asked at once, and frees a place on deletion', async () => {
    const u = await createUser(t);
    for (const i of [1, 2]) expect((await create(u, i)).statusCode).toBe(201);
    // 3 owned: four at once for the last two places
    const race = await Promise.all([3, 4, 5, 6].map((i) => create(u, i)));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(await owned(u)).toBe(5);
    const refused = race.find((r) => r.statusCode === 409)!.json();
    expect(refused).toEqual({
      code: 'WORKSPACE_LIMIT_REACHED',
      message:
        'Você já tem 5 espaços de trabalho próprios, o máximo por conta. Exclua um antes de criar outro.',
    });
    const created = race.find((r) => r.statusCode === 201)!.json();
    expect((await send('DELETE', `/api/v1/workspaces/${created.id}`, u)).statusCode).toBe(200);
    expect((await create(u, 'novo')).statusCode).toBe(201);
    expect((await create(u, 'mais')).statusCode).toBe(409);
  });

  it('refuses to transfer a workspace to someone who owns the maximum already', async () => {
    const giver = await createUser(t, { full_name: 'Gil Doador' });
    const full = await createUser(t, { full_name: 'Rita Cheia' });
    for (const i of [1, 2, 3, 4]) expect((await create(full, i)).statusCode).toBe(201);
    await addTeamMember(t, giver, full);
    const res = await send(
      'POST',
      `/api/v1/workspaces/${giver.workspaceId}/transfer/ownership`,
      giver,
      { email: full.email },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'WORKSPACE_LIMIT_REACHED',
      message: 'Rita Cheia já tem 5 espaços de trabalho próprios, o máximo por conta.',
    });
    // nothing changed
    expect(await owned(giver)).toBe(1);
    expect(await owned(full)).toBe(5);
  });

  it('follows the setting', async () => {
    const one = await createTestContext({ env: { WORKSPACES_PER_ACCOUNT_MAX: '1' } });
    try {
      const u = await createUser(one);
      const res = await one.inject({
        method: 'POST',
        url: '/api/v1/workspaces',
        headers: bearer(u.accessToken),
        payload: { label: 'Segundo', username: `${u.username.slice(0, 20)}_2` },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('Você já tem 1 espaço de trabalho próprio');
    } finally {
      await one.close();
    }
  });
});
