import * as oidc from 'openid-client';
import { API_PREFIX, FULL_NAME_PATTERN, paths, safeReturnTo } from '@fa-clube/contract';
import type { GoogleLoginError, TokenResponse } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { decrypt, encrypt, randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { isUsernameAvailable } from '../workspaces/workspaces.service';
import type { ClientInfo } from './client-info';
import { createAccount } from './auth.service';
import { loginActivity } from './login-activities.service';
import { issueSession } from './sessions.service';
import { findUserByEmail, findUserByGoogleSub, linkGoogleSub } from './users.repo';
import type { UserRow } from './users.repo';

/**
 * "Entrar com o Google": OpenID Connect authorization code flow with PKCE.
 *
 * The flow's secrets (state, nonce, PKCE verifier) and the return path travel
 * in an AES-GCM encrypted, HttpOnly, SameSite=Lax cookie scoped to the Google
 * paths and valid 10 minutes: they are bound to the browser that started the
 * flow (no login CSRF), need no table, and cannot be read or forged by the
 * page or the provider. See docs/decisions (OIDC state).
 */
export const GOOGLE_STATE_COOKIE = 'fa_google_oidc';
const COOKIE_PATH = API_PREFIX + paths.googleStart;
const FLOW_TTL_MS = 10 * 60 * 1000;
const PURPOSE = 'google-oidc';

interface Flow {
  p: typeof PURPOSE;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string | null;
  /** The web client's one-time state, echoed back to it as `state` on /login. */
  clientState: string | null;
  exp: number;
}

export interface Redirect {
  location: string;
  /** Set-Cookie values to send along. */
  cookies: string[];
}

export const googleEnabled = (ctx: AppContext) => Boolean(ctx.config.google);

const redirectUri = (ctx: AppContext) => `${ctx.config.appUrl}${API_PREFIX}${paths.googleCallback}`;

function loginUrl(ctx: AppContext, params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return `${ctx.config.appUrl}/login?${q.toString()}`;
}

function stateCookie(ctx: AppContext, value: string, maxAgeSeconds: number): string {
  const secure = ctx.config.appUrl.startsWith('https:') ? '; Secure' : '';
  return `${GOOGLE_STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

const clearStateCookie = (ctx: AppContext) => stateCookie(ctx, '', 0);

function readFlow(ctx: AppContext, cookieValue: string | undefined): Flow | null {
  if (!cookieValue) return null;
  try {
    const flow = JSON.parse(decrypt(ctx.keys.encryption, cookieValue)) as Flow;
    if (flow.p !== PURPOSE || typeof flow.exp !== 'number') return null;
    return flow.exp > ctx.clock.now().getTime() ? flow : null;
  } catch {
    return null;
  }
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

const discovered = new WeakMap<AppContext, Promise<oidc.Configuration>>();

/**
 * The provider's metadata, discovered once per process (retried after a
 * failure). Plain http is allowed only for a provider on this machine
 * (development and tests); Google itself is https.
 */
function providerConfig(ctx: AppContext): Promise<oidc.Configuration> {
  const google = ctx.config.google!;
  let config = discovered.get(ctx);
  if (!config) {
    const issuer = new URL(google.issuer);
    const insecure = issuer.protocol === 'http:' && isLoopback(issuer.hostname);
    config = oidc.discovery(
      issuer,
      google.clientId,
      google.clientSecret,
      oidc.ClientSecretPost(google.clientSecret),
      { timeout: 10, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
    config.catch(() => discovered.delete(ctx));
    discovered.set(ctx, config);
  }
  return config;
}

function failure(
  ctx: AppContext,
  error: GoogleLoginError,
  returnTo: string | null,
  clientState: string | null = null,
): Redirect {
  return {
    location: loginUrl(ctx, { error, return_to: returnTo, state: clientState }),
    cookies: [clearStateCookie(ctx)],
  };
}

function logFailure(ctx: AppContext, what: string, err: unknown) {
  const e = err as { name?: string; message?: string; code?: string; error?: string };
  // never the code, state or tokens: only what went wrong
  ctx.logger.warn(
    { err: { name: e?.name, message: e?.message, code: e?.code ?? e?.error } },
    `login com o Google: ${what}`,
  );
}

/** GET /auth/google: to the provider, with a fresh state/nonce/PKCE verifier in the cookie. */
export async function startGoogleSignIn(
  ctx: AppContext,
  query: { return_to?: string; login_hint?: string; client_state?: string },
): Promise<Redirect> {
  const returnTo = safeReturnTo(query.return_to);
  const clientState = query.client_state ?? null;
  if (!ctx.config.google) return failure(ctx, 'google_unavailable', returnTo, clientState);
  let config: oidc.Configuration;
  try {
    config = await providerConfig(ctx);
  } catch (err) {
    logFailure(ctx, 'descoberta do provedor falhou', err);
    return failure(ctx, 'google_failed', returnTo, clientState);
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: Flow = {
    p: PURPOSE,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    returnTo,
    clientState,
    exp: ctx.clock.now().getTime() + FLOW_TTL_MS,
  };
  const hint = query.login_hint?.trim();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ...(hint ? { login_hint: hint } : {}),
  });
  return {
    location: url.href,
    cookies: [
      stateCookie(ctx, encrypt(ctx.keys.encryption, JSON.stringify(flow)), FLOW_TTL_MS / 1000),
    ],
  };
}

/** Letters (accented too), dots and spaces, like a sign-up's full name. */
function fullNameFrom(name: unknown, fallback: string): string {
  const cleaned =
    typeof name === 'string'
      ? name
          .normalize('NFC')
          .replace(/[^\p{L}. ]+/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 120)
      : '';
  return cleaned && FULL_NAME_PATTERN.test(cleaned) ? cleaned : fallback;
}

/** A free username from the e-mail's local part: 'Ana.Souza+x@...' → 'ana.souza_x', then 'ana.souza_x4821'. */
async function deriveUsername(ctx: AppContext, email: string): Promise<string> {
  let base = (email.split('@')[0] ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 24);
  if (base.length < 3) base = `fa_${base || 'user'}`.slice(0, 24);
  if (await isUsernameAvailable(ctx, base)) return base;
  for (let i = 0; i < 8; i++) {
    const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (await isUsernameAvailable(ctx, candidate)) return candidate;
  }
  return `${base.slice(0, 19)}_${randomToken(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10)}`;
}

type Resolved = { user: UserRow } | { error: GoogleLoginError };

/** The Google account's user: by `sub`, else by e-mail (linking it), else a new account. */
async function resolveUser(
  ctx: AppContext,
  identity: { sub: string; email: string; name: unknown },
): Promise<Resolved> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const bySub = await findUserByGoogleSub(ctx.db, identity.sub);
    if (bySub) return { user: bySub };
    const byEmail = await findUserByEmail(ctx.db, identity.email);
    if (byEmail) {
      if (byEmail.googleSub && byEmail.googleSub !== identity.sub)
        return { error: 'google_account_conflict' };
      // pre-account takeover: an address nobody proved may have been registered by someone
      // else, who would keep a password into the account: link only a confirmed address
      if (!byEmail.googleSub && !byEmail.emailConfirmedAt)
        return { error: 'google_email_unconfirmed' };
      if (!byEmail.googleSub && !(await linkGoogleSub(ctx.db, byEmail.id, identity.sub))) continue;
      return { user: { ...byEmail, googleSub: identity.sub } };
    }
    const username = await deriveUsername(ctx, identity.email);
    try {
      const user = await createAccount(ctx, {
        email: identity.email,
        username,
        fullName: fullNameFrom(identity.name, username),
        passwordHash: null,
        googleSub: identity.sub,
        // Google verified the address (email_verified is required above)
        emailConfirmedAt: ctx.clock.now(),
      });
      return { user };
    } catch (err) {
      // a concurrent sign-in took the e-mail, sub or username: look again
      if (err instanceof AppError && err.status === 409) continue;
      throw err;
    }
  }
  return { error: 'google_failed' };
}

function sessionRedirect(
  ctx: AppContext,
  session: TokenResponse,
  returnTo: string | null,
  clientState: string | null,
) {
  return loginUrl(ctx, {
    state: clientState,
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    metadata: Buffer.from(JSON.stringify(session.metadata), 'utf8').toString('base64'),
    return_to: returnTo,
  });
}

/**
 * GET /auth/google/callback: checks state, nonce and PKCE, exchanges the code,
 * requires a verified e-mail, finds/links/creates the user, records the login
 * and sends the browser to /login with the session in the query (spec).
 */
export async function finishGoogleSignIn(
  ctx: AppContext,
  input: { rawQuery: string; stateCookie: string | undefined; client: ClientInfo },
): Promise<Redirect> {
  const flow = readFlow(ctx, input.stateCookie);
  const returnTo = flow?.returnTo ?? null;
  const clientState = flow?.clientState ?? null;
  if (!ctx.config.google) return failure(ctx, 'google_unavailable', returnTo, clientState);
  const params = new URLSearchParams(input.rawQuery);
  const providerError = params.get('error');
  if (providerError) {
    return failure(
      ctx,
      providerError === 'access_denied' ? 'google_denied' : 'google_failed',
      returnTo,
      clientState,
    );
  }
  if (!flow || params.get('state') !== flow.state)
    return failure(ctx, 'google_state', returnTo, clientState);

  let claims: Record<string, unknown>;
  try {
    const config = await providerConfig(ctx);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${redirectUri(ctx)}?${input.rawQuery}`),
      {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      },
    );
    claims = { ...tokens.claims()! };
    if (typeof claims.email !== 'string') {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    }
  } catch (err) {
    logFailure(ctx, 'troca do código falhou', err);
    return failure(ctx, 'google_failed', returnTo, clientState);
  }

  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (!email || !verified) return failure(ctx, 'google_email_unverified', returnTo, clientState);

  const resolved = await resolveUser(ctx, { sub: String(claims.sub), email, name: claims.name });
  if ('error' in resolved) return failure(ctx, resolved.error, returnTo, clientState);
  // The TOTP protects the account even from someone holding its e-mail
  // (and so its Google account): 2FA accounts sign in with password + code.
  if (resolved.user.twoFactorEnabled)
    return failure(ctx, 'two_factor_required', returnTo, clientState);

  const session = await issueSession(ctx, resolved.user, {
    deviceId: input.client.deviceId,
    loginActivity: await loginActivity(ctx, resolved.user.id, input.client, 'google'),
  });
  return {
    location: sessionRedirect(ctx, session, returnTo, clientState),
    cookies: [clearStateCookie(ctx)],
  };
}

/** The flow cookie's value from a Cookie header. */
export function readStateCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === GOOGLE_STATE_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}
