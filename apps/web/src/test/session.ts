import { STORAGE_KEYS } from '@/lib/session';
import { fakeJwt, metadataFixture } from './fetch';

/**
 * Starts a test signed in: a token valid for 15 minutes, a refresh token, the user's metadata
 * and, when given, the current workspace.
 */
export function storeSession(workspace?: object | null) {
  localStorage.setItem(STORAGE_KEYS.token, fakeJwt(900));
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1');
  localStorage.setItem(STORAGE_KEYS.metadata, JSON.stringify(metadataFixture));
  if (workspace) localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify(workspace));
}

/** GET /workspaces answered with the stored workspace, as the test left it. */
export function storedWorkspaces() {
  return {
    body: { workspaces: [JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? '{}')] },
  };
}
