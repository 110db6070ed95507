import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/users';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';

/*
 * Every authenticated request asks the database whether its session is still open
 * (read-models/sessions.ts, one indexed lookup): a revocation holds at once, whoever made it —
 * this process, another process on the same database, or psql.
 */
const LOOKUP =
  /from "refresh_tokens" where \("refresh_tokens"."family_id" = \$1 and "refresh_tokens"."revoked_at" is null\)/;
let lookups = 0;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ onQuery: (sql) => void (LOOKUP.test(sql) && lookups++) });
});
afterAll(async () => {
  await t.close();
});

const me = (c: TestContext, token: string) =>
  c.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

describe('the session check', () => {
  it('asks the database on every request', async () => {
    const u = await createUser(t);
    lookups = 0;
    const statuses = await Promise.all([1, 2, 3].map(() => me(t, u.accessToken)));
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(lookups).toBe(3);
  });

  it('refuses a session at once when this process revokes it', async () => {
    const u = await createUser(t);
    expect((await me(t, u.accessToken)).statusCode).toBe(200);
    const out = await t.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(u.accessToken),
    });
    expect(out.statusCode).toBe(200);
    expect((await me(t, u.accessToken)).statusCode).toBe(401);
  });

  it('refuses a session at once when it was revoked elsewhere (another process, psql)', async () => {
    const u = await createUser(t);
    expect((await me(t, u.accessToken)).statusCode).toBe(200);
    await t.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, u.id));
    expect((await me(t, u.accessToken)).statusCode).toBe(401);
    // reopened (as no endpoint can): the next request asks again
    await t.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: null })
      .where(eq(refreshTokens.userId, u.id));
    expect((await me(t, u.accessToken)).statusCode).toBe(200);
  });
});
