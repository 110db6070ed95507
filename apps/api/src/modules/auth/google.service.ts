import * as oidc from 'openid-client';
import { API_PREFIX, FULL_NAME_PATTERN, paths, safeReturnTo } from '@fa-clube/contract';
import type {
  GoogleLinkError,
  GoogleLinkResponse,
  GoogleLoginError,
  TokenResponse,
} from '@fa-clube/contract';
import type { Actor } from '../../read-models/access';
import { isSessionLive } from '../../read-models/sessions';
import { isUniqueViolation } from '../../lib/db-errors';
import { checkCurrentPassword } from '../../lib/password-attempts';
import { consumeGoogleLinkRequest, replaceGoogleLinkRequest } from './google-links.repo';
import type { AppContext } from '../../lib/context';
import { decrypt, encrypt, randomToken, sha256 } from '../../lib/crypto';
import { AppError, validationError } from '../../lib/errors';
import { isUsernameAvailable } from '../workspaces/workspaces.service';
import type { ClientInfo } from './client-info';
import { createAccount } from './auth.service';
import { loginActivity } from './login-activities.service';
import { issueSession, signedInRecently } from './sessions.service';
import {
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  linkGoogleSub,
  unlinkGoogleSub,
} from './users.repo';
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
  /**
   * Set when the flow links Google to the signed-in account (Segurança): the secret whose
   * SHA-256 names its one-time google_link_requests row (bound to the account and session).
   */
  link?: string;
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

/** The ID token's claims (with the userinfo e-mail when the token has none), or null on failure. */
async function exchangeCode(
  ctx: AppContext,
  flow: Flow,
  rawQuery: string,
): Promise<Record<string, unknown> | null> {
  try {
    const config = await providerConfig(ctx);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(`${redirectUri(ctx)}?${rawQuery}`),
      {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      },
    );
    let claims: Record<string, unknown> = { ...tokens.claims()! };
    if (typeof claims.email !== 'string') {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    }
    return claims;
  } catch (err) {
    logFailure(ctx, 'troca do código falhou', err);
    return null;
  }
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
  return authorizationRedirect(ctx, config, { returnTo, clientState }, query.login_hint?.trim());
}

/** The provider's URL for a fresh flow, and the cookie that keeps the flow's secrets. */
async function authorizationRedirect(
  ctx: AppContext,
  config: oidc.Configuration,
  extra: Pick<Flow, 'returnTo' | 'clientState' | 'link'>,
  hint?: string,
): Promise<Redirect> {
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: Flow = {
    p: PURPOSE,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    ...extra,
    exp: ctx.clock.now().getTime() + FLOW_TTL_MS,
  };
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
      if (
        !byEmail.googleSub &&
        !(await linkGoogleSub(ctx.db, byEmail.id, identity.sub, ctx.clock.now()))
      )
        continue;
      return { user: { ...byEmail, googleSub: identity.sub } };
    }
    const username = await deriveUsername(ctx, identity.email);
    const now = ctx.clock.now();
    try {
      const user = await createAccount(ctx, {
        email: identity.email,
        username,
        fullName: fullNameFrom(identity.name, username),
        passwordHash: null,
        googleSub: identity.sub,
        googleLinkedAt: now,
        // Google verified the address (email_verified is required above)
        emailConfirmedAt: now,
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
  if (flow?.link) return finishGoogleLink(ctx, flow, input.rawQuery);
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

  const claims = await exchangeCode(ctx, flow, input.rawQuery);
  if (!claims) return failure(ctx, 'google_failed', returnTo, clientState);

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

// ---------------------------------------------------------------------------------------------
// "Vincular conta Google" from Segurança

/** Where the link flow ends: Segurança, with `?google=linked` or `?google_error=`. */
function securityUrl(ctx: AppContext, result: { error?: GoogleLinkError }): string {
  const q = result.error ? `google_error=${result.error}` : 'google=linked';
  return `${ctx.config.appUrl}/settings/security?${q}`;
}

const linkEnd = (ctx: AppContext, result: { error?: GoogleLinkError }): Redirect => ({
  location: securityUrl(ctx, result),
  cookies: [clearStateCookie(ctx)],
});

const LINK_REQUEST_TTL_MS = FLOW_TTL_MS;

/**
 * POST /me/google: starts linking a Google account to the signed-in account. Like turning 2FA
 * on, it needs the current password (throttled) or a sign-in in the last 10 minutes: whoever
 * links Google gets a way into the account. The flow is bound three ways: to the browser (the
 * encrypted HttpOnly cookie set by this answer), to the account and session (a one-time
 * google_link_requests row the callback consumes) and to the provider round trip (state,
 * nonce, PKCE). Answers the provider's URL for the browser to go to.
 */
export async function startGoogleLink(
  ctx: AppContext,
  actor: Actor,
  password: string | undefined,
): Promise<{ body: GoogleLinkResponse; cookies: string[] }> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!ctx.config.google) throw new AppError('GOOGLE_UNAVAILABLE');
  if (user.googleSub) throw new AppError('GOOGLE_ALREADY_LINKED');
  // whoever links Google keeps a way in: only the proven owner of the address may
  if (!user.emailConfirmedAt)
    throw new AppError(
      'EMAIL_NOT_CONFIRMED',
      'Confirme seu e-mail antes de vincular uma conta Google: enviamos o link para o seu endereço.',
    );
  if (password !== undefined) {
    if (!(await checkCurrentPassword(ctx, user.id, user.passwordHash, password)))
      throw validationError('password', 'Senha incorreta.');
  } else {
    if (!(await signedInRecently(ctx, actor)))
      throw new AppError(
        'REAUTHENTICATION_REQUIRED',
        'Confirme sua senha para vincular uma conta Google.',
      );
  }
  let config: oidc.Configuration;
  try {
    config = await providerConfig(ctx);
  } catch (err) {
    logFailure(ctx, 'descoberta do provedor falhou', err);
    throw new AppError('SERVICE_UNAVAILABLE', 'O Google não respondeu. Tente de novo.', {
      retryAfter: 5,
    });
  }
  const secret = randomToken(32);
  const now = ctx.clock.now();
  await replaceGoogleLinkRequest(ctx.db, {
    id: sha256(secret),
    userId: user.id,
    sessionId: actor.sessionId,
    expiresAt: new Date(now.getTime() + LINK_REQUEST_TTL_MS),
  });
  const redirect = await authorizationRedirect(
    ctx,
    config,
    { returnTo: null, clientState: null, link: secret },
    user.email,
  );
  return { body: { authorization_url: redirect.location }, cookies: redirect.cookies };
}

/**
 * The callback of a link flow: the one-time request is consumed first (a replayed or forged
 * return links nothing), its session must still be live, and the Google `sub` goes to THAT
 * account — never to the account whose e-mail matches — unless another account has it.
 */
async function finishGoogleLink(ctx: AppContext, flow: Flow, rawQuery: string): Promise<Redirect> {
  const params = new URLSearchParams(rawQuery);
  const request = await consumeGoogleLinkRequest(ctx.db, sha256(flow.link!), ctx.clock.now());
  if (!ctx.config.google) return linkEnd(ctx, { error: 'google_unavailable' });
  const providerError = params.get('error');
  if (providerError)
    return linkEnd(ctx, {
      error: providerError === 'access_denied' ? 'google_denied' : 'google_failed',
    });
  if (!request || params.get('state') !== flow.state)
    return linkEnd(ctx, { error: 'google_state' });
  if (!(await isSessionLive(ctx.db, request.sessionId)))
    return linkEnd(ctx, { error: 'google_state' });

  const claims = await exchangeCode(ctx, flow, rawQuery);
  if (!claims || typeof claims.sub !== 'string' || !claims.sub)
    return linkEnd(ctx, { error: 'google_failed' });
  const sub = claims.sub;

  const owner = await findUserById(ctx.db, request.userId);
  if (!owner?.emailConfirmedAt) return linkEnd(ctx, { error: 'google_email_unconfirmed' });
  const holder = await findUserByGoogleSub(ctx.db, sub);
  if (holder) {
    // linking twice to the same account is done already; to another, never
    return linkEnd(ctx, holder.id === request.userId ? {} : { error: 'google_already_linked' });
  }
  try {
    if (!(await linkGoogleSub(ctx.db, request.userId, sub, ctx.clock.now())))
      return linkEnd(ctx, { error: 'google_account_conflict' });
  } catch (err) {
    // another account took this Google account between our read and our write
    if (isUniqueViolation(err, 'users_google_sub_uq'))
      return linkEnd(ctx, { error: 'google_already_linked' });
    throw err;
  }
  ctx.logger.info({ userId: request.userId }, 'conta Google vinculada');
  return linkEnd(ctx, {});
}

/**
 * DELETE /me/google: unlinks the Google account. Refused (409) for an account without a
 * password, which could no longer sign in.
 */
export async function unlinkGoogle(ctx: AppContext, actor: Actor): Promise<{ message: string }> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!user.googleSub) throw new AppError('GOOGLE_NOT_LINKED');
  if (!user.passwordHash) throw new AppError('GOOGLE_UNLINK_NEEDS_PASSWORD');
  await unlinkGoogleSub(ctx.db, user.id);
  return { message: 'Conta Google desvinculada.' };
}
