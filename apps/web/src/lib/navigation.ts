/**
 * Navigation helpers usable outside React (the api client) and the `return_to` rules.
 */

import { safeReturnTo } from '@fa-clube/contract';

type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

/** The router registers its own navigate when it renders (app/app-routes.tsx), so no full reload happens. */
export function setNavigate(fn: Navigate) {
  navigateImpl = fn;
}

export function navigateTo(to: string) {
  navigateImpl(to);
}

export { safeReturnTo };

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
