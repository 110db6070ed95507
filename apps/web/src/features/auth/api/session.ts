import type { SessionMetadata } from '@fa-clube/contract';
import { startSession } from '@/lib/session';
import { loadInitialWorkspace } from '@/lib/workspace';

/**
 * After a successful sign-in (password, 2FA or Google): local storage is cleared, the tokens
 * and metadata are stored, the workspace list is loaded and the first one becomes current.
 */
export async function completeSignIn(tokens: {
  access_token: string;
  refresh_token: string;
  metadata: SessionMetadata;
}) {
  startSession(tokens);
  await loadInitialWorkspace();
}

/** Reads the base64 (or base64url) JSON `metadata` of the social-login return. */
export function decodeMetadata(value: string): SessionMetadata | null {
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Partial<SessionMetadata>;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.username !== 'string') return null;
    return {
      id: String(parsed.id ?? ''),
      username: parsed.username,
      label: String(parsed.label ?? parsed.full_name ?? parsed.username),
      full_name: String(parsed.full_name ?? parsed.label ?? parsed.username),
    };
  } catch {
    return null;
  }
}
