const ORIGIN = 'https://fa-clube.invalid';

/**
 * The `return_to` rule, on the web and on the server: only a same-site path
 * ("/x?y=1") is accepted, returned in its normalised form. Anything that is or
 * becomes an address elsewhere once a browser resolves it ("//evil.com",
 * "/\\evil.com", "/.//evil.com", "/%2e%2e//evil.com", "https://...",
 * "javascript:..."), or that loops back to the sign-in screens, gives null.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // backslashes and control characters are read by browsers as "/" or dropped
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = url.pathname;
  // dot segments and encoded dots resolve to "//host": refuse what normalises off-site
  if (path.startsWith('//') || /%2f|%5c/i.test(path)) return null;
  if (path === '/login' || path === '/signup') return null;
  return path + url.search + url.hash;
}
