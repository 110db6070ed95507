import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginActivities } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import { authModule } from './auth.module';
import { purgeOldLoginActivities } from './login-activities.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { LOGIN_ACTIVITY_RETENTION_DAYS: '30' } });
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function addEntries(userId: string, ageDays: number, n: number, sessionId?: string) {
  const createdAt = new Date(t.clock.now().getTime() - ageDays * DAY);
  await t.ctx.db.insert(loginActivities).values(
    Array.from({ length: n }, () => ({
      userId,
      ip: '200.160.2.3',
      deviceType: 'desktop',
      createdAt,
      ...(sessionId ? { sessionId } : {}),
    })),
  );
}

const entriesOf = async (userId: string) =>
  t.ctx.db
    .select({ createdAt: loginActivities.createdAt, sessionId: loginActivities.sessionId })
    .from(loginActivities)
    .where(eq(loginActivities.userId, userId));

describe('login activity retention', () => {
  it('is one of the auth module periodic jobs', () => {
    const job = authModule.jobs?.find((j) => j.name === 'registro de acessos antigos');
    expect(job).toBeDefined();
    expect(job!.intervalMs(t.ctx)).toBeGreaterThan(0);
  });

  it('deletes entries older than LOGIN_ACTIVITY_RETENTION_DAYS in batches and keeps the rest', async () => {
    const u = await createUser(t);
    // the sign-in of createUser (live session, today) + 7 old + 3 recent
    await addEntries(u.id, 31, 7);
    await addEntries(u.id, 29, 3);
    expect(await entriesOf(u.id)).toHaveLength(11);

    const deleted = await purgeOldLoginActivities(t.ctx, undefined, 2);
    expect(deleted).toBeGreaterThanOrEqual(7);
    const left = await entriesOf(u.id);
    expect(left).toHaveLength(4);
    const cutoff = t.clock.now().getTime() - 30 * DAY;
    for (const row of left) expect(row.createdAt.getTime()).toBeGreaterThan(cutoff);

    // nothing more to do
    expect(await purgeOldLoginActivities(t.ctx)).toBe(0);
  });

  it('keeps an old entry while its session is live (the sessions list names its device)', async () => {
    const u = await createUser(t);
    const [signIn] = await entriesOf(u.id);
    const sessionId = signIn!.sessionId!;
    expect(sessionId).toBeTruthy();
    await addEntries(u.id, 40, 1, sessionId);

    await purgeOldLoginActivities(t.ctx);
    expect(await entriesOf(u.id)).toHaveLength(2);

    // signed out: the session ends and its old entry goes
    const out = await t.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(u.accessToken),
      payload: { refresh_token: u.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    await purgeOldLoginActivities(t.ctx);
    const left = await entriesOf(u.id);
    expect(left).toHaveLength(1);
    expect(left[0]!.createdAt.getTime()).toBeGreaterThan(t.clock.now().getTime() - DAY);
  });

  it('stops between batches when the server shuts down', async () => {
    const u = await createUser(t);
    await addEntries(u.id, 40, 5);
    const abort = new AbortController();
    abort.abort();
    expect(await purgeOldLoginActivities(t.ctx, abort.signal, 2)).toBe(0);
    expect((await entriesOf(u.id)).length).toBe(6);
    expect(await purgeOldLoginActivities(t.ctx, undefined, 2)).toBe(5);
  });
});
