import { PAGING, pageOffset } from '@fa-clube/contract';
import type { LoginActivitiesResponse } from '@fa-clube/contract';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { parseUserAgent } from '../../lib/user-agent';
import type { ClientInfo } from './client-info';
import { deleteLoginActivitiesBefore, listLoginActivities } from './login-activities.repo';
import type { NewLoginActivity } from './login-activities.repo';

/**
 * The login activity of a successful sign-in (password or Google), with
 * device and location: issueSession writes it with the session's refresh
 * token, in one statement.
 */
export async function loginActivity(
  ctx: AppContext,
  userId: string,
  client: ClientInfo,
  method: 'password' | 'google',
): Promise<NewLoginActivity> {
  const ua = parseUserAgent(client.userAgent);
  const place = await ctx.geoip.lookup(client.ip);
  return {
    userId,
    ip: client.ip,
    deviceType: client.deviceType ?? 'other',
    deviceName: ua.deviceName,
    browser: ua.browser,
    country: place.country,
    state: place.state,
    city: place.city,
    method,
    createdAt: ctx.clock.now(),
  };
}

/** GET /loginactivities: the caller's own, newest first. */
export async function getLoginActivities(
  ctx: AppContext,
  actor: Actor,
  page: number,
  size: number,
): Promise<LoginActivitiesResponse> {
  const { rows, total } = await listLoginActivities(ctx.db, actor.userId, {
    limit: size,
    offset: pageOffset(PAGING.loginActivities, page, size),
  });
  return {
    loginactivities: rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      device_type: r.deviceType,
      device_name: r.deviceName,
      browser: r.browser,
      country: r.country,
      state: r.state,
      city: r.city,
      created_at: r.createdAt.toISOString(),
    })),
    page,
    size,
    total,
  };
}

const PURGE_BATCH = 1000;

/**
 * The periodic retention purge: entries older than LOGIN_ACTIVITY_RETENTION_DAYS go, in
 * batches of a thousand (short statements, no long lock), until none is left or the server
 * stops. Answers how many were deleted.
 */
export async function purgeOldLoginActivities(
  ctx: AppContext,
  signal?: AbortSignal,
  batch = PURGE_BATCH,
): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - ctx.config.loginActivityRetentionDays * 86_400_000);
  let deleted = 0;
  while (!signal?.aborted) {
    const n = await deleteLoginActivitiesBefore(ctx.db, before, now, batch);
    deleted += n;
    if (n < batch) break;
  }
  return deleted;
}
