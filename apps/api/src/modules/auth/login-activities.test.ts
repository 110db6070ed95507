import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { writeTestGeoIpDatabase } from '../../../test/support/mmdb';

const PROXY = '10.0.0.1';
const CHROME_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1';
const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:131.0) Gecko/20100101 Firefox/131.0';

let t: TestContext;
let geoDir: string;
beforeAll(async () => {
  geoDir = mkdtempSync(path.join(tmpdir(), 'fa-geoip-'));
  t = await createTestContext({
    env: { TRUST_PROXY: PROXY, GEOIP_DATABASE: writeTestGeoIpDatabase(geoDir) },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(geoDir, { recursive: true, force: true });
});

function signInFrom(
  u: TestUser,
  opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return t.inject({
    method: 'POST',
    url: '/api/v1/token',
    remoteAddress: opts.remoteAddress,
    headers: opts.headers,
    payload: { email: u.email, password: u.password },
  });
}

async function activities(u: TestUser, query = '') {
  const res = await t.inject({
    method: 'GET',
    url: `/api/v1/loginactivities${query}`,
    headers: bearer(u.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('login activities', () => {
  it('records device type, device and browser from the headers, and the location of the IP', async () => {
    const u = await createUser(t);
    const res = await signInFrom(u, {
      remoteAddress: PROXY,
      headers: {
        'x-forwarded-for': '200.160.2.3',
        'x-device-type': 'mobile',
        'user-agent': CHROME_IPHONE,
      },
    });
    expect(res.statusCode).toBe(200);
    const list = await activities(u);
    // createUser signed in once too (no headers)
    expect(list.total).toBe(2);
    expect(list.loginactivities[0]).toMatchObject({
      ip: '200.160.2.3',
      device_type: 'mobile',
      device_name: 'iPhone',
      browser: 'Chrome 130',
      country: 'Brasil',
      state: 'São Paulo',
      city: 'São Paulo',
    });
    expect(Object.keys(list.loginactivities[0]).sort()).toEqual(
      [
        'browser',
        'city',
        'country',
        'created_at',
        'device_name',
        'device_type',
        'id',
        'ip',
        'state',
      ].sort(),
    );
    expect(new Date(list.loginactivities[0].created_at).toISOString()).toBe(
      list.loginactivities[0].created_at,
    );
    // the first one: inject's defaults, no device headers
    expect(list.loginactivities[1]).toMatchObject({
      ip: '127.0.0.1',
      device_type: 'other',
      country: null,
      state: null,
      city: null,
    });
  });

  it('trusts X-Forwarded-For only from a TRUST_PROXY address', async () => {
    const u = await createUser(t);
    await signInFrom(u, {
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '200.160.2.3', 'user-agent': FIREFOX_MAC },
    });
    const [latest] = (await activities(u)).loginactivities;
    expect(latest).toMatchObject({
      ip: '198.51.100.7',
      country: null,
      device_type: 'other',
      device_name: 'Mac OS 14',
      browser: 'Firefox 131',
    });

    // through the trusted proxy, the client address is the last untrusted hop
    await signInFrom(u, {
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '1.2.3.4, 81.2.69.160', 'x-device-type': 'desktop' },
    });
    const [viaProxy] = (await activities(u)).loginactivities;
    expect(viaProxy).toMatchObject({
      ip: '81.2.69.160',
      device_type: 'desktop',
      country: 'Reino Unido',
      state: 'Inglaterra',
      city: 'Londres',
    });
  });

  it('answers no location for an address the database does not know', async () => {
    const u = await createUser(t);
    await signInFrom(u, { remoteAddress: '203.0.113.5' });
    const [latest] = (await activities(u)).loginactivities;
    expect(latest).toMatchObject({ ip: '203.0.113.5', country: null, state: null, city: null });
  });

  it('ignores an unknown X-Device-Type', async () => {
    const u = await createUser(t);
    await signInFrom(u, { headers: { 'x-device-type': 'geladeira' } });
    expect((await activities(u)).loginactivities[0].device_type).toBe('other');
  });

  it('lists only the caller’s own, newest first, paged', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(60_000);
      await signInFrom(u, { remoteAddress: `203.0.113.${10 + i}` });
    }
    await signInFrom(other, { remoteAddress: '203.0.113.99' });

    const all = await activities(u);
    expect(all).toMatchObject({ page: 1, size: 20, total: 5 });
    expect(all.loginactivities.map((a: { ip: string }) => a.ip)).toEqual([
      '203.0.113.13',
      '203.0.113.12',
      '203.0.113.11',
      '203.0.113.10',
      '127.0.0.1',
    ]);
    expect(all.loginactivities.some((a: { ip: string }) => a.ip === '203.0.113.99')).toBe(false);

    const page2 = await activities(u, '?page=2&size=2');
    expect(page2).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(page2.loginactivities.map((a: { ip: string }) => a.ip)).toEqual([
      '203.0.113.11',
      '203.0.113.10',
    ]);

    const bad = await t.inject({
      method: 'GET',
      url: '/api/v1/loginactivities?size=500',
      headers: bearer(u.accessToken),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session, and a failed sign-in records nothing', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v1/loginactivities' })).statusCode).toBe(
      401,
    );
    const u = await createUser(t);
    await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: u.email, password: 'senha-errada-99' },
    });
    expect((await activities(u)).total).toBe(1);
  });
});
