import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../../db/schema';
import { totpCode } from '../../lib/totp';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, confirmEmail, newUserData } from '../../../test/support/fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      RATE_LIMIT_SIGNIN_IP: '6/60',
      RATE_LIMIT_SIGNUP_IP: '3/3600',
      RATE_LIMIT_RESET_IP: '4/3600',
      RATE_LIMIT_RESET_EMAIL: '2/3600',
      RATE_LIMIT_TWO_FACTOR: '3/300',
      LOGIN_LOCKOUT_THRESHOLD: '3',
      LOGIN_LOCKOUT_SECONDS: '60',
      LOGIN_LOCKOUT_MAX_SECONDS: '300',
    },
  });
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 0;
/** A fresh client address, so per-IP counters of one test do not leak into another. */
const freshIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function expectRateLimited(res: LightMyRequestResponse, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(res.json().message).toMatch(/tente/i);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

async function newUser() {
  const data = newUserData();
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/user',
    payload: data,
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(201);
  return data;
}

const signIn = (email: string, password: string, extra: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/token',
    remoteAddress: freshIp(),
    payload: { email, password, ...extra },
  });

describe('sign-up per IP', () => {
  it('allows RATE_LIMIT_SIGNUP_IP accounts per address, then 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const ok = await t.inject({
        method: 'POST',
        url: '/api/v1/user',
        payload: newUserData(),
        remoteAddress: ip,
      });
      expect(ok.statusCode).toBe(201);
    }
    const data = newUserData();
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: data,
      remoteAddress: ip,
    });
    expectRateLimited(blocked, 3600);
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, data.email));
    expect(rows).toHaveLength(0);
    // another address is not affected
    const other = await t.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: newUserData(),
      remoteAddress: freshIp(),
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('sign-in per IP', () => {
  it('allows RATE_LIMIT_SIGNIN_IP attempts per address, right or wrong', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/token',
        remoteAddress: ip,
        payload: { email: `tentativa${i}@example.com`, password: 'senha-errada-1' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress: ip,
      payload: { email: 'outra@example.com', password: 'senha-errada-1' },
    });
    expectRateLimited(blocked, 60);
  });
});

const signInFrom = (
  ip: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/token',
    remoteAddress: ip,
    headers,
    payload: { email, password },
  });

describe('sign-in lockout per account and source', () => {
  it('locks one source after LOGIN_LOCKOUT_THRESHOLD wrong passwords, doubling up to the cap; success resets', async () => {
    const u = await newUser();
    // the source here is a device that signed in before, seen from ever new addresses (the
    // per-IP limit counts in real time, the lock on the business clock the test moves)
    const device = { 'x-device-id': `aparelho-${freshIp()}` };
    expect((await signInFrom(freshIp(), u.email, u.password, device)).statusCode).toBe(200);
    const wrong = () => signInFrom(freshIp(), u.email, 'senha-errada-1', device);
    const right = () => signInFrom(freshIp(), u.email, u.password, device);
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(401);

    // locked for this source: even the right password gets 429
    expect(expectRateLimited(await right(), 60)).toBeGreaterThan(55);

    // each further failure doubles the lock: 120 s, 240 s, then the 300 s cap
    for (const expected of [120, 240, 300, 300]) {
      t.clock.advance(301_000);
      expect((await wrong()).statusCode).toBe(401);
      const retry = expectRateLimited(await right(), expected);
      expect(retry).toBeGreaterThan(expected - 5);
    }

    // after the lock, the right password signs in and clears the run
    t.clock.advance(301_000);
    expect((await right()).statusCode).toBe(200);
    expect((await wrong()).statusCode).toBe(401);
    expect((await right()).statusCode).toBe(200);
  });

  it('wrong passwords from one address do not lock the account for other addresses', async () => {
    const u = await newUser();
    const attacker = freshIp();
    for (let i = 0; i < 5; i++)
      await signInFrom(attacker, u.email, 'senha-errada-1').then((r) =>
        expect([401, 429]).toContain(r.statusCode),
      );
    expectRateLimited(await signInFrom(attacker, u.email, u.password), 300);
    // the creator, elsewhere, signs in
    expect((await signInFrom(freshIp(), u.email, u.password)).statusCode).toBe(200);
  });

  it('an IPv6 client is one source per /64', async () => {
    const u = await newUser();
    for (let i = 1; i <= 3; i++)
      expect((await signInFrom(`2001:db8:77:1::${i}`, u.email, 'senha-errada-1')).statusCode).toBe(
        401,
      );
    // another address of the same /64 is the same client
    expectRateLimited(await signInFrom('2001:db8:77:1::ffff', u.email, u.password), 60);
    // the next /64 is someone else
    expect((await signInFrom('2001:db8:77:2::1', u.email, u.password)).statusCode).toBe(200);
  });

  it('a device that signed in before keeps signing in from a locked address', async () => {
    const u = await newUser();
    const ip = freshIp();
    const device = { 'x-device-id': `aparelho-conhecido-${ip}` };
    expect((await signInFrom(ip, u.email, u.password, device)).statusCode).toBe(200);
    // someone on the same address (a shared network) fails on purpose
    for (let i = 0; i < 3; i++)
      expect((await signInFrom(ip, u.email, 'senha-errada-1')).statusCode).toBe(401);
    expectRateLimited(await signInFrom(ip, u.email, u.password), 60);
    // the known device is its own source
    expect((await signInFrom(ip, u.email, u.password, device)).statusCode).toBe(200);
  });

  it('made-up device ids buy no fresh attempts', async () => {
    const u = await newUser();
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect(
        (await signInFrom(ip, u.email, 'senha-errada-1', { 'x-device-id': `inventado-${i}` }))
          .statusCode,
      ).toBe(401);
    expectRateLimited(
      await signInFrom(ip, u.email, u.password, { 'x-device-id': 'inventado-novo' }),
      60,
    );
  });

  it('treats an e-mail without an account the same way (no enumeration)', async () => {
    const u = await newUser();
    const ghost = 'fantasma-sem-conta@example.com';
    const ipKnown = freshIp();
    const ipGhost = freshIp();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await signInFrom(ipKnown, u.email, 'senha-errada-1');
      const b = await signInFrom(ipGhost, ghost, 'senha-errada-1');
      known.push([a.statusCode, a.json(), a.headers['retry-after'] !== undefined]);
      unknown.push([b.statusCode, b.json(), b.headers['retry-after'] !== undefined]);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([
      429,
      {
        message: 'Muitas tentativas de login com senha errada. Aguarde um pouco e tente de novo.',
        code: 'RATE_LIMITED',
      },
      true,
    ]);
  });
});

describe('per-IP limits for IPv6', () => {
  it('count a whole /64 as one address', async () => {
    for (let i = 1; i <= 6; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/token',
        remoteAddress: `2001:db8:99:1::${i}`,
        payload: { email: `v6-${i}@example.com`, password: 'senha-errada-1' },
      });
      expect(res.statusCode).toBe(401);
    }
    const sameLine = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress: '2001:db8:99:1:ffff:ffff:ffff:fffe',
      payload: { email: 'v6-x@example.com', password: 'senha-errada-1' },
    });
    expectRateLimited(sameLine, 60);
    const otherLine = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress: '2001:db8:99:2::1',
      payload: { email: 'v6-y@example.com', password: 'senha-errada-1' },
    });
    expect(otherLine.statusCode).toBe(401);
  });
});

describe('password reset requests', () => {
  it('per e-mail and source: RATE_LIMIT_RESET_EMAIL requests, the same for known and unknown e-mails', async () => {
    const u = await newUser();
    const ghost = 'fantasma-reset@example.com';
    const statuses = async (email: string, ip = freshIp()) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.inject({
          method: 'POST',
          url: '/api/v1/reset-password',
          remoteAddress: ip,
          payload: { email },
        });
        out.push(res.statusCode);
        if (res.statusCode === 429) expectRateLimited(res, 3600);
      }
      return out;
    };
    expect(await statuses(u.email)).toEqual([200, 200, 429]);
    expect(await statuses(ghost)).toEqual([200, 200, 429]);
    // someone else using up the limit from elsewhere does not block the owner's own requests
    expect(await statuses(u.email)).toEqual([200, 200, 429]);
    // many sources together stop at five sources' worth (2 × 5 = 10 for the address)
    for (let i = 0; i < 3; i++) expect(await statuses(u.email)).toEqual([200, 200, 429]);
    expect(await statuses(u.email)).toEqual([429, 429, 429]);
    // only the allowed requests sent e-mails (the three newest links stay usable)
    await t.mail.waitFor(u.email, () => t.mail.to(u.email).length === 10);
  });

  it('per IP: RATE_LIMIT_RESET_IP requests per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        remoteAddress: ip,
        payload: { email: `reset-ip-${i}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      remoteAddress: ip,
      payload: { email: 'reset-ip-x@example.com' },
    });
    expectRateLimited(blocked, 3600);
  });
});

describe('2FA code attempts per account', () => {
  it('pauses after RATE_LIMIT_TWO_FACTOR wrong codes, across PATCH /2fa and sign-in', async () => {
    const u = await newUser();
    const session = (await signIn(u.email, u.password)).json();
    await confirmEmail(t, u);
    const first = bearer(session.access_token);
    const { secret } = (
      await t.inject({ method: 'GET', url: '/api/v1/2fa', headers: first })
    ).json();
    const on = await t.inject({
      method: 'PATCH',
      url: `/api/v1/2fa?code=${totpCode(secret, t.clock.now())}`,
      headers: first,
    });
    expect(on.statusCode).toBe(200);
    // turning 2FA on ends every session; the answer carries this device's new one
    const auth = bearer(on.json().session.access_token);
    t.clock.advance(30_000);

    const right = () => totpCode(secret, t.clock.now());
    const wrong = () => (right() === '000000' ? '999999' : '000000');
    // two wrong codes at sign-in, one on PATCH: the same counter
    expect((await signIn(u.email, u.password, { two_factor_code: wrong() })).statusCode).toBe(401);
    expect((await signIn(u.email, u.password, { two_factor_code: wrong() })).statusCode).toBe(401);
    const patchWrong = await t.inject({
      method: 'PATCH',
      url: `/api/v1/2fa?code=${wrong()}`,
      headers: auth,
    });
    expect(patchWrong.statusCode).toBe(400);

    // now even the right code is refused for a while, in both places
    expectRateLimited(await signIn(u.email, u.password, { two_factor_code: right() }), 300);
    expectRateLimited(
      await t.inject({ method: 'PATCH', url: `/api/v1/2fa?code=${right()}`, headers: auth }),
      300,
    );
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, u.email));
    expect(row!.twoFactorEnabled).toBe(true);

    t.clock.advance(301_000);
    expect((await signIn(u.email, u.password, { two_factor_code: right() })).statusCode).toBe(200);
  });
});
