import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, newUserData, signIn } from '../../../test/support/fixtures';
import { timeOrderedId } from '../../db/ids';
import { insertSignInSession } from './sessions.repo';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/v1/user', () => {
  it('creates the user and their own workspace', async () => {
    const data = newUserData({ full_name: 'João Ávila Jr.' });
    const res = await t.inject({ method: 'POST', url: '/api/v1/user', payload: data });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Conta criada com sucesso.' });
    const tokens = await signIn(t, data.email, data.password);
    expect(tokens.metadata).toMatchObject({
      username: data.username,
      label: 'João Ávila Jr.',
      full_name: 'João Ávila Jr.',
    });
    const ws = await t.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(tokens.access_token),
    });
    expect(ws.json()).toMatchObject({ username: data.username, is_owner: true, email: data.email });
  });

  it('refuses a taken e-mail or username, case-insensitively', async () => {
    const u = await createUser(t);
    const sameEmail = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: newUserData({ email: u.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Este e-mail já está em uso.',
    });
    const sameUsername = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: newUserData({ username: u.username.toUpperCase() }),
    });
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().code).toBe('USERNAME_TAKEN');
  });

  it.each([
    [{ email: 'sem-arroba' }, 'email'],
    [{ full_name: 'Maria 123' }, 'full_name'],
    [{ password: 'curta' }, 'password'],
    [{ password: 'x'.repeat(129) }, 'password'],
    [{ username: 'ab' }, 'username'],
    [{ username: 'com espaço' }, 'username'],
  ])('rejects %o with a pt-BR validation error', async (override, field) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: newUserData(override),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers bad JSON, wrong types and oversized bodies with 4xx JSON, never 500', async () => {
    const badJson = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('INVALID_JSON');
    const wrongTypes = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: { email: 1, password: [] },
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().code).toBe('VALIDATION_ERROR');
    const huge = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...newUserData(), bio: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const wrongType = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('POST /api/v1/token', () => {
  it('signs in and refuses a wrong password or unknown e-mail with the same answer', async () => {
    const u = await createUser(t);
    expect(u.tokens.access_token.split('.')).toHaveLength(3);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: u.email, password: 'errada-123' },
    });
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: 'ninguem@example.com', password: 'errada-123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });
});

describe('POST /api/v1/refresh-token', () => {
  it('rotates on every use and revokes the family when a spent token comes back', async () => {
    const u = await createUser(t);
    const first = await t.inject({
      method: 'POST',
      url: `/api/v1/refresh-token?token=${u.refreshToken}`,
    });
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(u.refreshToken);

    // body form is accepted too
    const second = await t.inject({
      method: 'POST',
      url: '/api/v1/refresh-token',
      payload: { token: next.refresh_token },
    });
    expect(second.statusCode).toBe(200);
    const latest = second.json().refresh_token;

    // the first token again: reuse → the whole family is revoked
    const reuse = await t.inject({
      method: 'POST',
      url: `/api/v1/refresh-token?token=${u.refreshToken}`,
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED');
    const afterReuse = await t.inject({
      method: 'POST',
      url: `/api/v1/refresh-token?token=${latest}`,
    });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('refuses unknown and expired tokens', async () => {
    const u = await createUser(t);
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/v1/refresh-token?token=nao-existe-123456',
    });
    expect(unknown.statusCode).toBe(401);
    t.clock.advance(31 * 86_400_000);
    try {
      const expired = await t.inject({
        method: 'POST',
        url: `/api/v1/refresh-token?token=${u.refreshToken}`,
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('INVALID_REFRESH_TOKEN');
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });
});

describe('GET /api/v1/me', () => {
  it('needs a valid, unexpired bearer token', async () => {
    const u = await createUser(t);
    expect((await t.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer('forjado.abc.def') }))
        .statusCode,
    ).toBe(401);
    const ok = await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(u.accessToken) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).not.toHaveProperty('password_hash');
    t.clock.advance(16 * 60_000);
    try {
      const expired = await t.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: bearer(u.accessToken),
      });
      expect(expired.statusCode).toBe(401);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });
});

describe('Google sign-in when not configured', () => {
  it('says so in /auth/providers and sends /auth/google back to /login with an error', async () => {
    const providers = await t.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(providers.statusCode).toBe(200);
    expect(providers.json()).toEqual({ google: false });

    const start = await t.inject({
      method: 'GET',
      url: '/api/v1/auth/google?return_to=/subscribers',
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(
      'http://app.test/login?error=google_unavailable&return_to=%2Fsubscribers',
    );
    const callback = await t.inject({
      method: 'GET',
      url: '/api/v1/auth/google/callback?code=x&state=y',
    });
    expect(callback.statusCode).toBe(302);
    expect(new URL(String(callback.headers.location)).searchParams.get('error')).toBe(
      'google_unavailable',
    );
  });
});

describe('client address without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: the login activity has the socket address', async () => {
    const u = await createUser(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-for': '200.160.2.3' },
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const list = await t.inject({
      method: 'GET',
      url: '/api/v1/loginactivities',
      headers: bearer(res.json().access_token),
    });
    expect(list.json().loginactivities[0].ip).toBe('198.51.100.20');
  });
});

describe('unknown routes', () => {
  it('answers JSON 404 under /api', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rota não encontrada.', code: 'NOT_FOUND' });
  });
});

describe('POST /api/v1/token, its statements', () => {
  let c: TestContext;
  let statements: string[] | null = null;
  let onQuery: ((sql: string, params: unknown[]) => void) | null = null;
  beforeAll(async () => {
    c = await createTestContext({
      onQuery: (sql, params) => {
        statements?.push(sql);
        onQuery?.(sql, params);
      },
    });
  });
  afterAll(() => c.close());

  it('reads the user with their workspace handle, then writes the session and its login activity in one transaction', async () => {
    const u = await createUser(c);
    await c.database.db.execute(
      sql`update workspaces set label = 'Estúdio Ávila' where username = ${u.username}`,
    );
    statements = [];
    const tokens = await signIn(c, u.email, u.password);
    const mine = statements.filter((s) =>
      /"(users|workspaces|workspace_members|refresh_tokens|login_activities)"/.test(s),
    );
    statements = null;
    expect(tokens.metadata).toMatchObject({ username: u.username, label: 'Estúdio Ávila' });
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatch(/^select .* from "users" left join lateral/);
    expect(mine[1]).toMatch(/^insert into "refresh_tokens"/);
    expect(mine[2]).toMatch(/^insert into "login_activities"/);
    const activity = await c.inject({
      method: 'GET',
      url: '/api/v1/loginactivities',
      headers: bearer(tokens.access_token),
    });
    expect(activity.json().loginactivities).toHaveLength(2); // createUser signed in once
  });

  it('sign-ins at the same time: each session works, with its login activity', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(c)));
    const sessions = await Promise.all(users.map((u) => signIn(c, u.email, u.password)));
    for (const [i, tokens] of sessions.entries()) {
      const me = await c.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: bearer(tokens.access_token),
      });
      expect(me.json()).toMatchObject({ email: users[i]!.email });
      const activity = await c.inject({
        method: 'GET',
        url: '/api/v1/loginactivities',
        headers: bearer(tokens.access_token),
      });
      expect(activity.json().loginactivities).toHaveLength(2); // createUser signed in once
      const renewed = await c.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        payload: { token: tokens.refresh_token },
      });
      expect(renewed.statusCode).toBe(200);
    }
  });

  it('writes a session and its login activity together or not at all', async () => {
    const u = await createUser(c);
    const { rows } = await c.database.executeSql('select id from users where email = $1', [
      u.email,
    ]);
    const userId = (rows[0] as { id: string }).id;
    const now = new Date();
    const familyId = timeOrderedId();
    const session = {
      userId,
      familyId,
      tokenHash: `tudo-ou-nada-${now.getTime()}`,
      expiresAt: now,
      deviceId: null,
      createdAt: now,
    };
    // the token's insert succeeds, the activity's fails (no device type): neither is kept
    await expect(
      insertSignInSession(c.database.db, session, {
        ip: '203.0.113.9',
        deviceType: null as unknown as string,
      }),
    ).rejects.toThrow();
    const count = async (table: string, column: string, value: string) =>
      (await c.database.executeSql(`select 1 from ${table} where ${column} = $1`, [value])).rows
        .length;
    expect(await count('refresh_tokens', 'family_id', familyId)).toBe(0);
    expect(await count('login_activities', 'session_id', familyId)).toBe(0);
    await insertSignInSession(c.database.db, session, { ip: '203.0.113.9', deviceType: 'desktop' });
    expect(await count('refresh_tokens', 'family_id', familyId)).toBe(1);
    expect(await count('login_activities', 'session_id', familyId)).toBe(1);
  });

  it('a device that signed in before is known from the same read: still one read', async () => {
    const u = await createUser(c);
    const device = { 'x-device-id': 'aparelho-do-teste-de-comandos' };
    const first = await c.inject({
      method: 'POST',
      url: '/api/v1/token',
      headers: device,
      payload: { email: u.email, password: u.password },
    });
    expect(first.statusCode).toBe(200);
    statements = [];
    const again = await c.inject({
      method: 'POST',
      url: '/api/v1/token',
      headers: device,
      payload: { email: u.email, password: u.password },
    });
    const mine = statements.filter((s) => /"(users|refresh_tokens|login_activities)"/.test(s));
    statements = null;
    expect(again.statusCode).toBe(200);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatch(/^select .* from "users" left join lateral/);
    expect(mine[0]).toContain('exists (select 1 from "refresh_tokens"');
  });

  it("keys each sign-in's rows in time order (UUIDv7): new index entries land on the last page", async () => {
    const u = await createUser(c);
    await signIn(c, u.email, u.password);
    const ids = async (query: string) =>
      (await c.database.executeSql(query, [u.email])).rows.map((r) => (r as { id: string }).id);
    const tokens = `from refresh_tokens r join users u on u.id = r.user_id where u.email = $1 order by r.created_at`;
    const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/;
    for (const list of [
      await ids(`select r.id::text as id ${tokens}`),
      await ids(`select r.family_id::text as id ${tokens}`),
      await ids(
        `select a.id::text as id from login_activities a join users u on u.id = a.user_id where u.email = $1 order by a.created_at`,
      ),
    ]) {
      expect(list).toHaveLength(2); // createUser signed in once
      for (const id of list) expect(id).toMatch(v7);
      expect(list[1]! > list[0]!).toBe(true);
    }
  });

  it("checks the device by one index lookup, not by reading the user's sessions", async () => {
    const u = await createUser(c);
    const device = (n: number) => ({ 'x-device-id': `aparelho-${n}-do-plano` });
    const signInFrom = (n: number) =>
      c.inject({
        method: 'POST',
        url: '/api/v1/token',
        headers: device(n),
        payload: { email: u.email, password: u.password },
      });
    for (const n of [1, 2, 3]) await signInFrom(n);
    let read: { sql: string; params: unknown[] } | undefined;
    onQuery = (text, params) => {
      if (text.includes('exists (select 1 from "refresh_tokens"')) read = { sql: text, params };
    };
    await signInFrom(2);
    onQuery = null;
    // the sign-in's own statement with its own values, planned as if the tables were large
    const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v)}'`);
    const plan = await c.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql.raw(`prepare sign_in_plan as ${read!.sql}`));
      const explained = await tx.execute(
        sql.raw(
          `explain (format json) execute sign_in_plan(${read!.params.map(literal).join(', ')})`,
        ),
      );
      await tx.execute(sql`deallocate sign_in_plan`);
      return JSON.stringify(explained);
    });
    const scans = [...plan.matchAll(/{[^{}]*"Relation Name":"refresh_tokens"[^{}]*}/g)].map(
      (m) => m[0],
    );
    expect(scans).toHaveLength(1);
    expect(scans[0]).toContain('"Index Name":"refresh_tokens_user_device_idx"');
    expect(scans[0]).toMatch(/"Index Cond":"\(\(user_id = users\.id\) AND \(device_id = /);
    expect(scans[0]).not.toContain('"Filter"');
  });
});
