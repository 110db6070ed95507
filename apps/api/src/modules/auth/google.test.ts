import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginActivities, users, workspaceMembers, workspaces } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import { followProvider, startTestOidcProvider } from '../../../test/support/oidc';
import type { TestOidcProvider } from '../../../test/support/oidc';
import { totpCode } from '../../lib/totp';

const APP_URL = 'http://app.test';
const CALLBACK = `${APP_URL}/api/v1/auth/google/callback`;

let t: TestContext;
let provider: TestOidcProvider;
const logLines: string[] = [];

beforeAll(async () => {
  provider = await startTestOidcProvider({
    clientId: 'fa-clube-test',
    clientSecret: 'segredo-do-cliente-de-teste',
    redirectUris: [CALLBACK],
    accounts: {
      'google-nova': {
        email: 'Nova.Pessoa+fa@gmail.com',
        email_verified: true,
        name: 'Nova Pessoa',
      },
      'google-existente': { email: 'existente@example.com', email_verified: true, name: 'Existe' },
      'google-nao-verificado': {
        email: 'naoverificado@example.com',
        email_verified: false,
        name: 'Sem Verificação',
      },
      'google-outro': { email: 'existente@example.com', email_verified: true, name: 'Outra' },
      'google-2fa': {
        email: 'comdoisfatores@example.com',
        email_verified: true,
        name: 'Dois Fatores',
      },
      'google-nova-conta': {
        email: 'Nova.Conta+fa@gmail.com',
        email_verified: true,
        name: 'Dona Verdadeira',
      },
      'google-curto': { email: 'jo@example.com', email_verified: true, name: "Jo O'Neil-Ávila 3" },
    },
  });
  t = await createTestContext({
    env: {
      GOOGLE_CLIENT_ID: 'fa-clube-test',
      GOOGLE_CLIENT_SECRET: 'segredo-do-cliente-de-teste',
      GOOGLE_ISSUER: provider.issuer,
      LOG_LEVEL: 'info',
    },
    build: { logger: true, logStream: { write: (line) => void logLines.push(line) } },
  });
  // service logs go to the same (captured) request log, as in server.ts
  t.ctx.logger = t.app.log;
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

interface FlowResult {
  /** The final redirect to the web app. */
  location: URL;
  /** The flow cookie set by the start endpoint. */
  cookie: string;
  /** The provider's redirect back to the API (with code and state). */
  callbackUrl: string;
}

/** Follows "Entrar com o Google" like a browser: API → provider → API callback → /login. */
async function googleSignIn(
  query: Record<string, string>,
  opts: { headers?: Record<string, string> } = {},
): Promise<FlowResult> {
  const start = await t.inject({
    method: 'GET',
    url: `/api/v1/auth/google?${new URLSearchParams(query).toString()}`,
    headers: opts.headers,
  });
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers['set-cookie'] ?? '');
  const cookie = setCookie.split(';')[0]!;
  const next = String(start.headers.location);
  expect(next.startsWith(provider.issuer)).toBe(true);

  const callbackUrl = await followProvider(next, APP_URL);
  const back = await t.inject({
    method: 'GET',
    url: callbackUrl.slice(APP_URL.length),
    headers: { cookie, ...opts.headers },
  });
  expect(back.statusCode).toBe(302);
  // the flow cookie is spent whatever the outcome
  expect(String(back.headers['set-cookie'])).toMatch(/fa_google_oidc=;.*Max-Age=0/);
  return { location: new URL(String(back.headers.location)), cookie, callbackUrl };
}

/** Follows the 'Confirme seu e-mail' link that sign-up sent to `email`. */
async function confirmByMail(email: string) {
  const mail = await t.mail.waitForConfirmation(email);
  const token = decodeURIComponent(/confirm-email\?token=([\w.%-]+)/.exec(mail.text)![1]!);
  const res = await t.inject({ method: 'PUT', url: '/api/v1/confirm-email', payload: { token } });
  expect(res.statusCode).toBe(200);
}

function sessionFrom(location: URL) {
  expect(location.origin + location.pathname).toBe(`${APP_URL}/login`);
  const metadata = JSON.parse(
    Buffer.from(location.searchParams.get('metadata')!, 'base64').toString('utf8'),
  );
  return {
    accessToken: location.searchParams.get('access_token')!,
    refreshToken: location.searchParams.get('refresh_token')!,
    metadata,
    returnTo: location.searchParams.get('return_to'),
  };
}

describe('GET /api/v1/auth/providers', () => {
  it('says Google is available', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.json()).toEqual({ google: true });
  });
});

describe('Google sign-in (OpenID Connect + PKCE against a live provider)', () => {
  it('creates a new user with an own workspace, records the login and returns to return_to', async () => {
    const { location } = await googleSignIn(
      { login_hint: 'nova.pessoa+fa@gmail.com', return_to: '/profile/alguem?aba=midias' },
      {
        headers: {
          'x-device-type': 'mobile',
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1',
        },
      },
    );
    const session = sessionFrom(location);
    expect(session.returnTo).toBe('/profile/alguem?aba=midias');
    expect(session.metadata).toMatchObject({ full_name: 'Nova Pessoa', label: 'Nova Pessoa' });
    expect(session.metadata.username).toBe('nova.pessoa_fa');

    const me = await t.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(session.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'nova.pessoa+fa@gmail.com',
      username: 'nova.pessoa_fa',
      is_owner: true,
      two_factor: false,
    });

    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, session.metadata.id));
    expect(user!.googleSub).toBe('google-nova');
    expect(user!.passwordHash).toBeNull();
    const owned = await t.ctx.db
      .select({ username: workspaces.username, label: workspaces.label })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, user!.id));
    expect(owned).toEqual([{ username: 'nova.pessoa_fa', label: 'Nova Pessoa' }]);

    const activities = await t.ctx.db
      .select()
      .from(loginActivities)
      .where(eq(loginActivities.userId, user!.id));
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({
      method: 'google',
      deviceType: 'mobile',
      deviceName: 'iPhone',
      browser: 'Chrome 130',
    });

    // the refresh token works like one from a password sign-in
    const refreshed = await t.inject({
      method: 'POST',
      url: '/api/v1/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);

    // signing in again finds the same user (by sub), no second account
    const again = sessionFrom((await googleSignIn({ login_hint: 'google-nova' })).location);
    expect(again.metadata.id).toBe(user!.id);
    expect(again.returnTo).toBeNull();
  });

  it("echoes the web client's one-time state back on the session redirect (and on errors)", async () => {
    const clientState = 'AbC_123-estado-unico-xyz';
    const ok = await googleSignIn({ login_hint: 'google-nova', client_state: clientState });
    expect(ok.location.searchParams.get('state')).toBe(clientState);
    expect(ok.location.searchParams.has('access_token')).toBe(true);
    const refused = await googleSignIn({
      login_hint: 'google-nao-verificado',
      client_state: clientState,
    });
    expect(refused.location.searchParams.get('state')).toBe(clientState);
    expect(refused.location.searchParams.get('error')).toBe('google_email_unverified');
    // without one, none comes back
    const none = await googleSignIn({ login_hint: 'google-nova' });
    expect(none.location.searchParams.has('state')).toBe(false);
    // a malformed one is a 400, not a redirect
    const bad = await t.inject({
      method: 'GET',
      url: '/api/v1/auth/google?client_state=curto%26x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses to link an account whose e-mail was never confirmed (pre-account takeover)', async () => {
    // someone registered the address first, with a password of their own
    const squatter = await createUser(t, { email: 'Nova.Conta+fa@gmail.com' });
    void squatter;
    const refused = await googleSignIn({ login_hint: 'google-nova-conta' });
    expect(refused.location.searchParams.get('error')).toBe('google_email_unconfirmed');
    expect(refused.location.searchParams.has('access_token')).toBe(false);
    const [row] = await t.ctx.db
      .select({ googleSub: users.googleSub })
      .from(users)
      .where(eq(users.email, 'nova.conta+fa@gmail.com'));
    expect(row!.googleSub).toBeNull();
  });

  it('links an existing password account with the same, confirmed e-mail; the password still works', async () => {
    const existing = await createUser(t, { email: 'Existente@Example.com' });
    await confirmByMail(existing.email);
    const session = sessionFrom((await googleSignIn({ login_hint: 'google-existente' })).location);
    expect(session.metadata.id).toBe(existing.id);
    expect(session.metadata.username).toBe(existing.username);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, existing.id));
    expect(user!.googleSub).toBe('google-existente');
    const password = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: existing.email, password: existing.password },
    });
    expect(password.statusCode).toBe(200);

    // another Google account with the same e-mail is not let in
    const other = await googleSignIn({ login_hint: 'google-outro' });
    expect(other.location.searchParams.get('error')).toBe('google_account_conflict');
    expect(other.location.searchParams.has('access_token')).toBe(false);
  });

  it('refuses an unverified e-mail and creates nothing', async () => {
    const { location } = await googleSignIn({ login_hint: 'google-nao-verificado' });
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('google_email_unverified');
    expect(location.searchParams.has('access_token')).toBe(false);
    const rows = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'naoverificado@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('sends 2FA accounts to the password + code sign-in', async () => {
    const u = await createUser(t, { email: 'comdoisfatores@example.com' });
    await confirmByMail(u.email);
    const status = await t.inject({
      method: 'GET',
      url: '/api/v1/2fa',
      headers: bearer(u.accessToken),
    });
    const code = totpCode(status.json().secret, t.clock.now());
    const on = await t.inject({
      method: 'PATCH',
      url: `/api/v1/2fa?code=${code}`,
      headers: bearer(u.accessToken),
    });
    expect(on.json().two_factor).toBe(true);
    const { location } = await googleSignIn({ login_hint: 'google-2fa' });
    expect(location.searchParams.get('error')).toBe('two_factor_required');
    expect(location.searchParams.has('access_token')).toBe(false);
  });

  it('makes a valid username and full name from odd e-mails and names', async () => {
    const session = sessionFrom((await googleSignIn({ login_hint: 'google-curto' })).location);
    expect(session.metadata.username).toMatch(/^[a-z0-9._]{3,30}$/);
    expect(session.metadata.username).toBe('fa_jo');
    expect(session.metadata.full_name).toBe('Jo O Neil Ávila');
  });

  it('refuses a callback without the browser cookie, with a forged state, or replayed', async () => {
    const first = await googleSignIn({ login_hint: 'google-nova' });
    expect(first.location.searchParams.has('access_token')).toBe(true);
    const path = first.callbackUrl.slice(APP_URL.length);

    // the same code and state again (replay), even with the cookie
    const replay = await t.inject({ method: 'GET', url: path, headers: { cookie: first.cookie } });
    expect(new URL(String(replay.headers.location)).searchParams.has('access_token')).toBe(false);

    // a fresh flow whose callback arrives in another browser (no cookie): login CSRF
    const start = await t.inject({ method: 'GET', url: '/api/v1/auth/google' });
    const noCookie = await t.inject({
      method: 'GET',
      url: `/api/v1/auth/google/callback?code=abc&state=${new URL(String(start.headers.location)).searchParams.get('state')}`,
    });
    expect(new URL(String(noCookie.headers.location)).searchParams.get('error')).toBe(
      'google_state',
    );

    // the right cookie with another state
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const forged = await t.inject({
      method: 'GET',
      url: '/api/v1/auth/google/callback?code=abc&state=outro-estado',
      headers: { cookie },
    });
    expect(new URL(String(forged.headers.location)).searchParams.get('error')).toBe('google_state');

    // an expired flow (10 minutes)
    t.clock.advance(11 * 60_000);
    try {
      const late = await t.inject({
        method: 'GET',
        url: `/api/v1/auth/google/callback?code=abc&state=${new URL(String(start.headers.location)).searchParams.get('state')}`,
        headers: { cookie },
      });
      expect(new URL(String(late.headers.location)).searchParams.get('error')).toBe('google_state');
    } finally {
      t.clock.advance(-11 * 60_000);
    }
  });

  it('maps a cancel on the provider to google_denied', async () => {
    const { location } = await googleSignIn({ login_hint: 'ninguem@example.com' });
    expect(location.searchParams.get('error')).toBe('google_denied');
  });

  it('sends PKCE S256, a nonce and a state, and keeps them out of the URL it gives the browser', async () => {
    const start = await t.inject({ method: 'GET', url: '/api/v1/auth/google?return_to=/x' });
    const url = new URL(String(start.headers.location));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.has('return_to')).toBe(false);
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/v1\/auth\/google/);
    // the cookie is encrypted: the verifier and nonce are not readable in it
    expect(setCookie).not.toContain(url.searchParams.get('nonce')!);
  });

  it('accepts only relative return_to paths', async () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      '\\\\evil.example',
    ]) {
      const { location } = await googleSignIn({ login_hint: 'google-nova', return_to: bad });
      expect(location.origin).toBe(APP_URL);
      expect(location.searchParams.get('return_to')).toBeNull();
    }
  });

  it('never writes the code, state or tokens to the log', async () => {
    logLines.length = 0;
    const { location, callbackUrl } = await googleSignIn({ login_hint: 'google-nova' });
    const code = new URL(callbackUrl).searchParams.get('code')!;
    const state = new URL(callbackUrl).searchParams.get('state')!;
    const log = logLines.join('\n');
    expect(log).toContain('/api/v1/auth/google/callback');
    expect(log).toContain('code=%5BREDACTED%5D&state=%5BREDACTED%5D');
    for (const secret of [
      code,
      state,
      location.searchParams.get('access_token')!,
      location.searchParams.get('refresh_token')!,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
