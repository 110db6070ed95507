import { APP_CATALOGUE, APP_LABELS, parseAppSettings } from '@fa-clube/contract';
import type { App, AppLabel, AppSettings, AppsResponse } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { findWorkspaceApp, listWorkspaceApps, upsertInstalled, upsertSettings } from './apps.repo';
import type { WorkspaceAppRow } from './apps.repo';

function toApp(label: AppLabel, row: WorkspaceAppRow | undefined): App {
  return {
    label,
    ...APP_CATALOGUE[label],
    installed: Boolean(row?.installedAt),
    installed_at: row?.installedAt?.toISOString() ?? null,
  };
}

/**
 * Settings as stored, read through the app's schema: fields saved by an older
 * version take their defaults, and anything no longer valid falls back to the
 * defaults rather than failing the read.
 */
function readSettings<L extends AppLabel>(label: L, row: WorkspaceAppRow | undefined) {
  const parsed = parseAppSettings(label, row?.settings ?? {});
  return parsed.success ? parsed.data : parseAppSettings(label, {}).data!;
}

/** GET /apps/{ws}: owner and members; the whole catalogue with what is installed. */
export async function getApps(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<AppsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const rows = new Map((await listWorkspaceApps(ctx.db, workspaceId)).map((r) => [r.label, r]));
  return { apps: APP_LABELS.map((label) => toApp(label, rows.get(label))) };
}

/** GET /app/{ws}?label=: owner and members. */
export async function getApp(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  label: AppLabel,
): Promise<App> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  return toApp(label, await findWorkspaceApp(ctx.db, workspaceId, label));
}

/**
 * PUT /apps/{ws}?label=: owner; installs or uninstalls (spec §4: one toggle
 * call). With `installed` the caller states the wanted state (idempotent);
 * without it the state flips. Uninstalling keeps the settings and the app's data.
 */
export async function toggleApp(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  label: AppLabel,
  wanted: boolean | undefined,
): Promise<App> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  return ctx.db.transaction(async (tx) => {
    const current = await findWorkspaceApp(tx, workspaceId, label);
    const installed = Boolean(current?.installedAt);
    const install = wanted ?? !installed;
    if (current && install === installed) return toApp(label, current);
    const now = ctx.clock.now();
    return toApp(label, await upsertInstalled(tx, workspaceId, label, install ? now : null, now));
  });
}

/** GET /apps/{ws}/{app}/settings: owner and members. */
export async function getAppSettings(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  label: AppLabel,
): Promise<{ settings: AppSettings[AppLabel] }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  return { settings: readSettings(label, await findWorkspaceApp(ctx.db, workspaceId, label)) };
}

/**
 * PUT /apps/{ws}/{app}/settings: owner; validated with the app's schema
 * (missing fields take their defaults). Allowed while uninstalled, so an app
 * can be set up before it is turned on.
 */
export async function saveAppSettings(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  label: AppLabel,
  input: Record<string, unknown>,
): Promise<{ settings: AppSettings[AppLabel] }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const parsed = parseAppSettings(label, input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({
      field: ['settings', ...i.path].join('.'),
      message: i.message,
    }));
    throw new AppError('VALIDATION_ERROR', errors[0]!.message, { errors });
  }
  const row = await upsertSettings(ctx.db, workspaceId, label, parsed.data, ctx.clock.now());
  return { settings: readSettings(label, row) };
}

// ---- for other modules (no access check: the caller's service made it) ----

/** True when the app is installed in the workspace. */
export async function isAppInstalled(db: DbOrTx, workspaceId: string, label: AppLabel) {
  return Boolean((await findWorkspaceApp(db, workspaceId, label))?.installedAt);
}

/** Throws 409 APP_NOT_INSTALLED unless the app is installed in the workspace. */
export async function requireAppInstalled(
  db: DbOrTx,
  workspaceId: string,
  label: AppLabel,
): Promise<void> {
  if (!(await isAppInstalled(db, workspaceId, label))) throw new AppError('APP_NOT_INSTALLED');
}

/**
 * The app's settings in the workspace, and whether it is installed. Defaults
 * when it was never configured.
 */
export async function readInstalledAppSettings<L extends AppLabel>(
  db: DbOrTx,
  workspaceId: string,
  label: L,
): Promise<{ installed: boolean; settings: AppSettings[L] }> {
  const row = await findWorkspaceApp(db, workspaceId, label);
  return { installed: Boolean(row?.installedAt), settings: readSettings(label, row) };
}
