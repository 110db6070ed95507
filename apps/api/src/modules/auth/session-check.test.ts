import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/users';
import { createSessionCheck } from '../../read-models/sessions';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';

/*
 * The per-request session check keeps a "still open" answer for SESSION_CHECK_CACHE_MS
 * (read-models/sessions.ts): a burst of requests with one token costs one lookup, a
 * revocation in this process is seen at once, one made elsewhere (another process, psql)
 * once the answer expires.
 */
const LOOKUP =
  /from "refresh_tokens" where \("refresh_tokens"."family_id" = \$1 and "refresh_tokens"."revoked_at" is null\)/;
let lookups = 0;
let t: TestContext;
beforeAll(async () => {
  // long enough that a loaded machine cannot let the answer expire mid-test
  t = await createTestContext({
    env: { SESSION_CHECK_CACHE_MS: '10000' },
    onQuery: (sql) => void (LOOKUP.test(sql) && lookups++),
  });
});
afterAll(async () => {
  await t.close();
});

/** The session id (`sid`) of an access token. */
const sid = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

const me = (c: TestContext, token: string) =>
  c.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

describe('the session check', () => {
  it('asks the database once for a burst of requests with one token', async () => {
    const u = await createUser(t);
    lookups = 0;
    const statuses = await Promise.all([1, 2, 3].map(() => me(t, u.accessToken)));
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await me(t, u.accessToken)).statusCode).toBe(200);
    // the three at once may each ask (the pattern does match the lookup); the fourth does not
    expect(lookups).toBeGreaterThanOrEqual(1);
    expect(lookups).toBeLessThanOrEqual(3);
    const before = lookups;
    expect((await me(t, u.accessToken)).statusCode).toBe(200);
    expect(lookups).toBe(before);
  });

  it('refuses a remembered session at once when this process revokes it', async () => {
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

  it('sees a session revoked elsewhere once its answer expires', async () => {
    const u = await createUser(t);
    const sessionId = sid(u.accessToken);
    const check = createSessionCheck(t.ctx.db, 200);
    expect(await check(sessionId)).toBe(true);
    // as another process (or psql) would: straight in the database
    await t.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, u.id));
    await new Promise((r) => setTimeout(r, 250));
    expect(await check(sessionId)).toBe(false);
  });

  it('never remembers a closed session', async () => {
    const u = await createUser(t);
    await t.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, u.id));
    expect((await me(t, u.accessToken)).statusCode).toBe(401);
    // reopened (as no endpoint can): the next request asks again instead of remembering "closed"
    await t.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: null })
      .where(eq(refreshTokens.userId, u.id));
    expect((await me(t, u.accessToken)).statusCode).toBe(200);
  });
});
