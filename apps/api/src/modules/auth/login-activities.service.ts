import type { LoginActivitiesResponse } from '@fa-clube/contract';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { parseUserAgent } from '../../lib/user-agent';
import type { ClientInfo } from './client-info';
import { insertLoginActivity, listLoginActivities } from './login-activities.repo';

/** Records a successful sign-in (password or Google) with device and location. */
export async function recordLoginActivity(
  ctx: AppContext,
  userId: string,
  client: ClientInfo,
  method: 'password' | 'google',
) {
  const ua = parseUserAgent(client.userAgent);
  const place = await ctx.geoip.lookup(client.ip);
  return insertLoginActivity(ctx.db, {
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
  });
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
    offset: (page - 1) * size,
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
