import { apiPath, appsPaths } from '@fa-clube/contract';
import type { AppLabel } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** Every apps query of a workspace lives under `appsKey(ws)`. */
export const appsKey = (ws: string) => ['apps', ws] as const;
export const appSettingsKey = (ws: string, label: AppLabel) =>
  [...appsKey(ws), 'settings', label] as const;

/** GET /apps/{ws}: the catalogue with what is installed. */
export const fetchApps = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.apps, { ws }), { schema: 'AppsResponse', signal });

/** PUT /apps/{ws}?label=: installs or uninstalls (the wanted state is sent, so a retry is safe). */
export const setAppInstalled = (ws: string, label: AppLabel, installed: boolean) =>
  api.put(apiPath(appsPaths.apps, { ws }), { installed }, { query: { label }, schema: 'App' });

/** GET /apps/{ws}/{app}/settings */
export const fetchAppSettings = (ws: string, label: AppLabel, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.appSettings, { ws, app: label }), {
    schema: 'AppSettingsResponse',
    signal,
  });

/** PUT /apps/{ws}/{app}/settings */
export const saveAppSettings = (ws: string, label: AppLabel, settings: Record<string, unknown>) =>
  api.put(
    apiPath(appsPaths.appSettings, { ws, app: label }),
    { settings },
    { schema: 'AppSettingsResponse' },
  );
