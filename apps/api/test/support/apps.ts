import type { AppLabel } from '@fa-clube/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './context';
import { bearer } from './fixtures';
import type { TestUser } from './fixtures';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `/api/v1` + path as `who` (signed out when undefined). */
export function apiCall(t: TestContext, who: TestUser | undefined) {
  return (method: Method, path: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.inject({
      method,
      url: `/api/v1${path}`,
      headers: who ? bearer(who.accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Installs (or uninstalls) an app in the owner's workspace; throws unless it succeeds. */
export async function setAppInstalled(
  t: TestContext,
  owner: TestUser,
  label: AppLabel,
  installed = true,
): Promise<void> {
  const res = await apiCall(t, owner)('PUT', `/apps/${owner.workspaceId}?label=${label}`, {
    installed,
  });
  if (res.statusCode !== 200) throw new Error(`toggle ${label}: ${res.statusCode} ${res.body}`);
}

/** Saves an app's settings in the owner's workspace; throws unless it succeeds. */
export async function setAppSettings(
  t: TestContext,
  owner: TestUser,
  label: AppLabel,
  settings: Record<string, unknown>,
): Promise<void> {
  const res = await apiCall(t, owner)('PUT', `/apps/${owner.workspaceId}/${label}/settings`, {
    settings,
  });
  if (res.statusCode !== 200) throw new Error(`settings ${label}: ${res.statusCode} ${res.body}`);
}
