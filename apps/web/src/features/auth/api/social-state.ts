/**
 * The one-time state of a Google sign-in started in this tab: created when "Entrar com o
 * Google" is pressed, sent to the API (which echoes it back on /login), and spent on return.
 * A session arriving at /login without it (a forged link, a sign-in this browser did not
 * start) is ignored: otherwise anyone could sign a victim into the attacker's account.
 */
const KEY = 'fa-clube:google-login-state';

export function newSocialLoginState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const state = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    sessionStorage.setItem(KEY, state);
  } catch {
    // storage disabled: the return will be refused, as it cannot be checked
  }
  return state;
}

/** The stored state, removed: a state serves once. */
export function takeSocialLoginState(): string | null {
  try {
    const state = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return state;
  } catch {
    return null;
  }
}
