import type { QueryClient } from '@tanstack/react-query';
import { apiPath, paths } from '@fa-clube/contract';
import type { SessionMetadata } from '@fa-clube/contract';
import { api } from './api-client';
import { getMetadata, getWorkspace, setWorkspace } from './session';
import type { StoredWorkspace } from './session';

/** Query key of the signed-in user's workspace list (invalidate it after creating/joining one). */
export const WORKSPACES_QUERY_KEY = ['workspaces'] as const;

interface WorkspaceItem {
  id: string;
  label: string;
  username: string;
  description?: string | null;
  avatar_url?: string | null;
  cover_url?: string | null;
  is_owner?: boolean;
  is_creator?: boolean;
}

export function toStoredWorkspace(item: WorkspaceItem): StoredWorkspace {
  return {
    id: item.id,
    label: item.label,
    username: item.username,
    description: item.description ?? null,
    avatar_url: item.avatar_url ?? null,
    cover_url: item.cover_url ?? null,
    is_owner: item.is_owner ?? false,
    ...(item.is_creator === undefined ? {} : { is_creator: item.is_creator }),
  };
}

/** The user's own workspace as far as the login metadata tells (same username and label). */
export function workspaceFromMetadata(metadata: SessionMetadata): StoredWorkspace {
  return {
    id: null,
    label: metadata.label,
    username: metadata.username,
    description: null,
    avatar_url: null,
    cover_url: null,
    is_owner: true,
  };
}

/** GET /workspaces → `{ workspaces: [...] }`. */
export async function fetchWorkspaces(signal?: AbortSignal): Promise<StoredWorkspace[]> {
  // unchecked: read right after sign-in, before anything else needs the contract's chunk
  const body = (await api.get(apiPath(paths.workspaces), { signal })) as {
    workspaces?: WorkspaceItem[];
  };
  return (body?.workspaces ?? []).map(toStoredWorkspace);
}

/**
 * After sign-in: loads the workspace list and makes the first one current. When the list cannot
 * be loaded, the current workspace is built from the login metadata instead, so the profile link
 * and the shell still work.
 */
export async function loadInitialWorkspace(): Promise<StoredWorkspace | null> {
  let first: StoredWorkspace | null = null;
  try {
    first = (await fetchWorkspaces())[0] ?? null;
  } catch {
    first = null;
  }
  if (!first) {
    const metadata = getMetadata();
    first = metadata ? workspaceFromMetadata(metadata) : null;
  }
  setWorkspace(first);
  return first;
}

/**
 * Keeps the stored current workspace in step with a freshly loaded list: the same workspace
 * with fresh fields, or the first one if the stored one is gone (or was built from metadata).
 */
export function syncCurrentWorkspace(list: StoredWorkspace[]) {
  if (list.length === 0) return;
  const current = getWorkspace();
  const match =
    (current?.id && list.find((w) => w.id === current.id)) ||
    (current && !current.id && list.find((w) => w.username === current.username)) ||
    list[0]!;
  if (JSON.stringify(match) !== JSON.stringify(current)) setWorkspace(match);
}

/**
 * Puts a fresh copy of a workspace into the cached list (after an edit, an upload, a transfer or
 * joining a team) and, when it is the current one, into storage, so the switcher and the
 * 'Perfil' link show it at once.
 */
export function rememberWorkspace(queryClient: QueryClient, item: WorkspaceItem) {
  const fresh = toStoredWorkspace(item);
  queryClient.setQueryData<StoredWorkspace[]>(WORKSPACES_QUERY_KEY, (list) => {
    if (!list) return list;
    return list.some((w) => w.id === fresh.id)
      ? list.map((w) => (w.id === fresh.id ? fresh : w))
      : [...list, fresh];
  });
  if (getWorkspace()?.id === fresh.id) setWorkspace(fresh);
}

/**
 * Makes `item` the current workspace and refetches every query (their keys hold the workspace
 * id, and the list itself may have changed: joined, transferred or deleted).
 */
export function switchWorkspace(queryClient: QueryClient, item: WorkspaceItem) {
  const next = toStoredWorkspace(item);
  queryClient.setQueryData<StoredWorkspace[]>(WORKSPACES_QUERY_KEY, (list) =>
    list && !list.some((w) => w.id === next.id) ? [...list, next] : list,
  );
  setWorkspace(next);
  void queryClient.invalidateQueries();
}

/**
 * The workspace `id` became a creator's on the server (a plan set up): the stored copy and the
 * cached list say so at once, so the creator's menu shows without a reload (issue 34).
 */
export function markWorkspaceCreator(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<StoredWorkspace[]>(WORKSPACES_QUERY_KEY, (list) =>
    list?.map((w) => (w.id === id ? { ...w, is_creator: true } : w)),
  );
  const current = getWorkspace();
  if (current?.id === id && current.is_creator === false)
    setWorkspace({ ...current, is_creator: true });
}
