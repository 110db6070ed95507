import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleLinkRequests, users } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, confirmEmail, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { followProvider, startTestOidcProvider } from '../../../test/support/oidc';
import type { TestOidcProvider } from '../../../test/support/oidc';

const APP_URL = 'http://app.test';
const CALLBACK = `${APP_URL}/api/v1/auth/google/callback`;
const SECURITY = `${APP_URL}/settings/security`;
const MINUTE = 60_000;

let t: TestContext;
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    clientId: 'fa-clube-test',
    clientSecret: 'segredo-do-cliente-de-teste',
    redirectUris: [CALLBACK],
    accounts: {
      'google-a': { email: 'pessoa.a@gmail.com', email_verified: true, name: 'Pessoa A' },
      'google-b': { email: 'pessoa.b@gmail.com', email_verified: true, name: 'Pessoa B' },
      'google-c': { email: 'pessoa.c@gmail.com', email_verified: true, name: 'Pessoa C' },
      'google-d': { email: 'pessoa.d@gmail.com', email_verified: true, name: 'Pessoa D' },
      'google-e': { email: 'pessoa.e@gmail.com', email_verified: true, name: 'Pessoa E' },
      'google-f': { email: 'pessoa.f@gmail.com', email_verified: true, name: 'Pessoa F' },
      'google-g': { email: 'pessoa.g@gmail.com', email_verified: true, name: 'Pessoa G' },
      'google-h': { email: 'pessoa.h@gmail.com', email_verified: true, name: 'Pessoa H' },
    },
  });
  t = await createTestContext({
    env: {
      GOOGLE_CLIENT_ID: 'fa-clube-test',
      GOOGLE_CLIENT_SECRET: 'segredo-do-cliente-de-teste',
      GOOGLE_ISSUER: provider.issuer,
    },
  });
  // a loaded machine: the provider and the app take a while to start
}, 180_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const startLink = (u: TestUser, body?: object, token = u.accessToken) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/me/google',
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });

/** Follows the provider's redirects (signing in as `sub`) up to the callback URL. */
const throughProvider = (authorizationUrl: string, sub: string) =>
  followProvider(authorizationUrl, APP_URL, sub);

const callback = (callbackUrl: string, cookie: string | undefined) =>
  t.inject({
    method: 'GET',
    url: callbackUrl.slice(APP_URL.length),
    headers: cookie ? { cookie } : {},
  });

/** Starts linking as `u`, signs in at the provider as `sub`; the callback URL and flow cookie. */
async function linkFlow(u: TestUser, sub: string, body: object = { password: u.password }) {
  const start = await startLink(u, body);
  expect(start.statusCode).toBe(200);
  expect(start.headers['cache-control']).toBe('no-store');
  const setCookie = String(start.headers['set-cookie'] ?? '');
  expect(setCookie).toMatch(/HttpOnly/);
  const cookie = setCookie.split(';')[0]!;
  const callbackUrl = await throughProvider(start.json().authorization_url, sub);
  return { cookie, callbackUrl };
}

async function googleSubOf(id: string) {
  const [row] = await t.ctx.db.select({ sub: users.googleSub }).from(users).where(eq(users.id, id));
  return row!.sub;
}

function endsAt(res: Awaited<ReturnType<typeof callback>>, query: string) {
  expect(res.statusCode).toBe(302);
  expect(String(res.headers.location)).toBe(`${SECURITY}?${query}`);
  // the flow cookie is spent whatever the outcome
  expect(String(res.headers['set-cookie'])).toMatch(/fa_google_oidc=;.*Max-Age=0/);
}

/** Signs in with Google as `sub` (the ordinary sign-in flow); the session's user id or the error. */
async function googleSignIn(sub: string) {
  const start = await t.inject({ method: 'GET', url: '/api/v1/auth/google' });
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const back = await callback(await throughProvider(String(start.headers.location), sub), cookie);
  const location = new URL(String(back.headers.location));
  const metadata = location.searchParams.get('metadata');
  return metadata
    ? (JSON.parse(Buffer.from(metadata, 'base64').toString('utf8')).id as string)
    : location.searchParams.get('error');
}

describe('linking Google from Segurança', () => {
  it('links the Google account to the CURRENT account (not by e-mail); then Google signs in to it', async () => {
    // a password account (linking needs its address confirmed)
    const u = await createUser(t, {}, { confirmed: true });
    // another account has the Google account's e-mail: it must not get the link
    const sameEmail = await createUser(t, { email: 'pessoa.a@gmail.com' });
    const me0 = await t.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(u.accessToken),
    });
    expect(me0.json().google_linked).toBe(false);

    const { cookie, callbackUrl } = await linkFlow(u, 'google-a');
    endsAt(await callback(callbackUrl, cookie), 'google=linked');
    expect(await googleSubOf(u.id)).toBe('google-a');
    expect(await googleSubOf(sameEmail.id)).toBeNull();
    const me1 = await t.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(u.accessToken),
    });
    expect(me1.json().google_linked).toBe(true);
    // the request row is spent
    expect(
      await t.ctx.db.select().from(googleLinkRequests).where(eq(googleLinkRequests.userId, u.id)),
    ).toHaveLength(0);

    expect(await googleSignIn('google-a')).toBe(u.id);

    // starting again while linked: 409
    const again = await startLink(u, { password: u.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('GOOGLE_ALREADY_LINKED');
  });

  it('a replayed callback links nothing (the request is one-time)', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { cookie, callbackUrl } = await linkFlow(u, 'google-b');
    endsAt(await callback(callbackUrl, cookie), 'google=linked');
    // unlink, then replay the very same return: refused, nothing linked
    const off = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me/google',
      headers: bearer(u.accessToken),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: 'Conta Google desvinculada.' });
    endsAt(await callback(callbackUrl, cookie), 'google_error=google_state');
    expect(await googleSubOf(u.id)).toBeNull();
  });

  it('a forged return (no flow cookie, another flow, a wrong state) links nothing', async () => {
    const victim = await createUser(t, {}, { confirmed: true });
    const attacker = await createUser(t, {}, { confirmed: true });
    // the attacker's own return, replayed in the victim's browser (which has its own flow)
    const attackerFlow = await linkFlow(attacker, 'google-c');
    const victimFlow = await linkFlow(victim, 'google-d');
    endsAt(
      await callback(attackerFlow.callbackUrl, victimFlow.cookie),
      'google_error=google_state',
    );
    // no cookie at all: an ordinary sign-in error on /login, no link either
    const bare = await callback(attackerFlow.callbackUrl, undefined);
    expect(String(bare.headers.location)).toMatch(/\/login\?error=google_state/);
    // a tampered cookie
    const tampered = await callback(
      victimFlow.callbackUrl,
      `${victimFlow.cookie.slice(0, -4)}AAAA`,
    );
    expect(String(tampered.headers.location)).toMatch(/error=google_state/);
    expect(await googleSubOf(victim.id)).toBeNull();
    expect(await googleSubOf(attacker.id)).toBeNull();
  });

  it('refuses a Google account already linked to another account', async () => {
    const first = await createUser(t, {}, { confirmed: true });
    const second = await createUser(t, {}, { confirmed: true });
    const a = await linkFlow(first, 'google-e');
    endsAt(await callback(a.callbackUrl, a.cookie), 'google=linked');
    const b = await linkFlow(second, 'google-e');
    endsAt(await callback(b.callbackUrl, b.cookie), 'google_error=google_already_linked');
    expect(await googleSubOf(second.id)).toBeNull();
    expect(await googleSubOf(first.id)).toBe('google-e');
  });

  it('refuses when the session that started it ended before the return', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const flow = await linkFlow(u, 'google-f');
    await t.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(u.accessToken),
      payload: { refresh_token: u.refreshToken },
    });
    endsAt(await callback(flow.callbackUrl, flow.cookie), 'google_error=google_state');
    expect(await googleSubOf(u.id)).toBeNull();
  });

  it('refuses an expired request', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const flow = await linkFlow(u, 'google-f');
    t.clock.advance(11 * MINUTE);
    try {
      const res = await callback(flow.callbackUrl, flow.cookie);
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toMatch(/google_state/);
    } finally {
      t.clock.advance(-11 * MINUTE);
    }
    expect(await googleSubOf(u.id)).toBeNull();
  });

  it('needs the password or a recent sign-in; a wrong password is a 400 and counts toward the lock', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    // fresh sign-in: no password needed
    expect((await startLink(u)).statusCode).toBe(200);
    t.clock.advance(11 * MINUTE);
    try {
      const bare = await startLink(u);
      expect(bare.statusCode).toBe(403);
      expect(bare.json()).toMatchObject({
        code: 'REAUTHENTICATION_REQUIRED',
        message: 'Confirme sua senha para vincular uma conta Google.',
      });
      const wrong = await startLink(u, { password: 'errada!!' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ field: 'password', message: 'Senha incorreta.' }]);
      expect((await startLink(u, { password: u.password })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-11 * MINUTE);
    }
  });

  it('refuses while the address is not confirmed (403 EMAIL_NOT_CONFIRMED), and at the return too', async () => {
    const u = await createUser(t);
    const refused = await startLink(u);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_CONFIRMED');
    expect(
      await t.ctx.db.select().from(googleLinkRequests).where(eq(googleLinkRequests.userId, u.id)),
    ).toHaveLength(0);
    // confirmed when the flow started, no longer at its return (the address changed meanwhile)
    await confirmEmail(t, u);
    const { cookie, callbackUrl } = await linkFlow(u, 'google-h');
    await t.ctx.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, u.id));
    endsAt(await callback(callbackUrl, cookie), 'google_error=google_email_unconfirmed');
    expect(await googleSubOf(u.id)).toBeNull();
  });

  it('refuses the signed-out', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/v1/me/google' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: '/api/v1/me/google' })).statusCode).toBe(401);
  });
});

describe('unlinking Google', () => {
  it('refuses an account without a password (409, coded) and one with nothing linked', async () => {
    // an account made through Google has no password
    const start = await t.inject({ method: 'GET', url: '/api/v1/auth/google' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = await callback(
      await throughProvider(String(start.headers.location), 'google-g'),
      cookie,
    );
    const token = new URL(String(back.headers.location)).searchParams.get('access_token')!;
    const refused = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me/google',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'GOOGLE_UNLINK_NEEDS_PASSWORD',
      message:
        'Sua conta não tem senha: sem o Google, você não conseguiria mais entrar. Crie uma senha em "Esqueci minha senha" e depois desvincule.',
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.googleSub, 'google-g'));
    expect(row).toBeDefined();

    const plain = await createUser(t, {}, { confirmed: true });
    const none = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me/google',
      headers: bearer(plain.accessToken),
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('GOOGLE_NOT_LINKED');
  });

  it("unlinks only the caller's own Google account", async () => {
    const owner = await createUser(t, {}, { confirmed: true });
    const stranger = await createUser(t, {}, { confirmed: true });
    const flow = await linkFlow(owner, 'google-b');
    const res = await callback(flow.callbackUrl, flow.cookie);
    expect(String(res.headers.location)).toBe(`${SECURITY}?google=linked`);
    const byStranger = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me/google',
      headers: bearer(stranger.accessToken),
    });
    expect(byStranger.statusCode).toBe(409);
    expect(await googleSubOf(owner.id)).toBe('google-b');
  });
});

describe('without Google configured', () => {
  it('refuses to start linking with a coded 409, never a 5xx', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const google = t.ctx.config.google;
    (t.ctx.config as { google?: typeof google }).google = undefined;
    try {
      const res = await startLink(u, { password: u.password });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'GOOGLE_UNAVAILABLE',
        message: 'O login com o Google não está disponível neste servidor.',
      });
    } finally {
      (t.ctx.config as { google?: typeof google }).google = google;
    }
  });
});
