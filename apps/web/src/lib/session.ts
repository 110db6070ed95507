import { useSyncExternalStore } from 'react';
import type { SessionMetadata, TokenResponse } from '@fa-clube/contract';

/**
 * Browser storage of the session (spec section 3). The key names are part of the contract:
 * other tabs, the e2e journeys and support scripts read them.
 *
 * Signed-in state is inferred only from the presence of `token`.
 */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  /** JSON: the session user (`SessionMetadata`). */
  metadata: 'metadata',
  /** JSON: the current workspace (`StoredWorkspace`); the profile link reads `username`. */
  workspace: 'workspace',
  /** Hash of a browser fingerprint, computed once (lib/device.ts). */
  deviceId: 'deviceID',
} as const;

/**
 * The current workspace as kept in storage. The fields follow the Workspace entity of the spec;
 * `id` is null only when it was built from the login metadata because the workspace list could
 * not be loaded (lib/workspace.ts) and is filled in on the next successful load.
 */
export interface StoredWorkspace {
  id: string | null;
  label: string;
  username: string;
  description?: string | null;
  avatar_url?: string | null;
  cover_url?: string | null;
  is_owner: boolean;
  /**
   * The owner chose to be a creator ('Quero ser criador', a plan): the creator's home and menu.
   * Only an explicit false is a fan's workspace (a workspace stored before the field existed, or
   * built from the login metadata, keeps the creator's menu until the list reloads).
   */
  is_creator?: boolean;
}

/** A creator's workspace (or a member of one's team): Assinantes, Finanças, Arquivos, … */
export const isCreatorWorkspace = (workspace: StoredWorkspace | null | undefined) =>
  workspace?.is_creator !== false;

const CHANGE_EVENT = 'fa-clube:session';
const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.metadata,
  STORAGE_KEYS.workspace,
];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or disabled (private mode): the session lives until the tab closes
  }
}

function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function notify() {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export const getToken = () => read(STORAGE_KEYS.token);
export const getRefreshToken = () => read(STORAGE_KEYS.refreshToken);
export const getMetadata = () => readJson<SessionMetadata>(STORAGE_KEYS.metadata);
export const getWorkspace = () => readJson<StoredWorkspace>(STORAGE_KEYS.workspace);

/** Stores a new token pair (and the metadata that came with it). */
export function setTokens(tokens: Pick<TokenResponse, 'access_token' | 'refresh_token'>) {
  write(STORAGE_KEYS.token, tokens.access_token);
  write(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  notify();
}

export function setMetadata(metadata: SessionMetadata) {
  write(STORAGE_KEYS.metadata, JSON.stringify(metadata));
  notify();
}

export function setWorkspace(workspace: StoredWorkspace | null) {
  write(STORAGE_KEYS.workspace, workspace ? JSON.stringify(workspace) : null);
  notify();
}

/**
 * Clears all local storage (spec: on sign-in and when the session is lost). The device id is
 * a property of the browser, not of the session, so it is written back: it is "stored once
 * computed" and the server ties refresh-token families to it.
 */
export function clearSession() {
  const deviceId = read(STORAGE_KEYS.deviceId);
  try {
    localStorage.clear();
  } catch {
    for (const key of SESSION_KEYS) write(key, null);
  }
  if (deviceId) write(STORAGE_KEYS.deviceId, deviceId);
  notify();
}

/** Starts a session from a sign-in answer: storage is cleared first, then tokens + metadata. */
export function startSession(
  tokens: Pick<TokenResponse, 'access_token' | 'refresh_token'> & {
    metadata: SessionMetadata;
  },
) {
  clearSession();
  write(STORAGE_KEYS.token, tokens.access_token);
  write(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  write(STORAGE_KEYS.metadata, JSON.stringify(tokens.metadata));
  notify();
}

/**
 * Navigation state that asks the login route to end the session once it is on screen:
 * `navigate('/login', { state: SIGN_OUT_STATE })` ("Sair").
 */
export const SIGN_OUT_STATE = { signOut: true } as const;

export function isSignOutState(state: unknown): boolean {
  return Boolean(
    state && typeof state === 'object' && (state as { signOut?: unknown }).signOut === true,
  );
}

/** Calls `listener` when the session changes in this tab or in another one. */
export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface SessionSnapshot {
  token: string | null;
  metadata: SessionMetadata | null;
  workspace: StoredWorkspace | null;
}

let cachedKey = '';
let cachedSnapshot: SessionSnapshot = { token: null, metadata: null, workspace: null };

function snapshot(): SessionSnapshot {
  const token = getToken();
  const metadataRaw = read(STORAGE_KEYS.metadata);
  const workspaceRaw = read(STORAGE_KEYS.workspace);
  const key = `${token}\u0000${metadataRaw}\u0000${workspaceRaw}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSnapshot = { token, metadata: getMetadata(), workspace: getWorkspace() };
  }
  return cachedSnapshot;
}

/** The stored session, re-rendering when it changes (here or in another tab). */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, snapshot, snapshot);
}

/**
 * Who is looking, for query keys of public data whose answer depends on the caller: the
 * signed-in user's id, or null for an anonymous visitor.
 */
export function useViewerId(): string | null {
  const { token, metadata } = useSession();
  if (!token) return null;
  return metadata?.id ?? 'signed-in';
}
