/**
 * Navigation helpers usable outside React (the api client) and the `return_to` rules.
 */

type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

/** The router registers its own navigate at start (app/router.tsx), so no full reload happens. */
export function setNavigate(fn: Navigate) {
  navigateImpl = fn;
}

export function navigateTo(to: string) {
  navigateImpl(to);
}

const ORIGIN = 'https://fa-clube.invalid';

/**
 * Accepts only a same-site relative path ("/x?y=1"). Anything that could leave the site
 * ("//evil.com", "/\\evil.com", "https://...", "javascript:...") or loop back to the sign-in
 * screens gives null.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string') return null;
  if (value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // backslashes and control characters are normalised by browsers into "//"
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (url.pathname === '/login' || url.pathname === '/signup') return null;
  return url.pathname + url.search + url.hash;
}

/** `<path>?return_to=<address>` for a safe in-app address; `path` alone otherwise. */
export function withReturnTo(path: string, returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${path}?return_to=${encodeURIComponent(safe)}` : path;
}

/** `/login?return_to=<path>` for the given in-app address. */
export function loginPath(returnTo?: string | null): string {
  return withReturnTo('/login', returnTo);
}

/** The current address (path + query) of the window. */
export function currentAddress(): string {
  return window.location.pathname + window.location.search;
}
