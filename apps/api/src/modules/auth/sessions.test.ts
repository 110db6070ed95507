import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';

let t: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestContext({
    env: { LOG_LEVEL: 'info' },
    build: { logger: true, logStream: { write: (l) => void logLines.push(l) } },
  });
});
afterAll(async () => {
  await t.close();
});

const me = (token: string) =>
  t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
const logout = (opts: { token?: string; body?: unknown }) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/logout',
    headers: opts.token ? bearer(opts.token) : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
const refresh = (token: string) =>
  t.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { token } });

describe('POST /api/v1/logout', () => {
  it('without a body ends the session of the access token: its tokens are refused at once', async () => {
    const u = await createUser(t);
    const other = await signIn(t, u.email, u.password);
    expect((await me(u.accessToken)).statusCode).toBe(200);

    const res = await logout({ token: u.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sessão encerrada.' });

    // the same (unexpired, correctly signed) access token: refused now, not in 15 minutes
    const after = await me(u.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
    expect((await refresh(u.refreshToken)).statusCode).toBe(401);
    // the account's other session goes on
    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('with { refresh_token } ends that session, even without an access token', async () => {
    const u = await createUser(t);
    const res = await logout({ body: { refresh_token: u.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect((await me(u.accessToken)).statusCode).toBe(401);
    expect((await refresh(u.refreshToken)).statusCode).toBe(401);
    // ending it again is not an error
    expect((await logout({ body: { refresh_token: u.refreshToken } })).statusCode).toBe(200);
  });

  it('ends the session of a rotated pair too (the new access token is refused)', async () => {
    const u = await createUser(t);
    const rotated = (await refresh(u.refreshToken)).json();
    expect((await me(rotated.access_token)).statusCode).toBe(200);
    expect((await logout({ token: rotated.access_token })).statusCode).toBe(200);
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await me(u.accessToken)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });

  it('refuses signed-out callers, unknown tokens and bad input, changing nothing', async () => {
    const u = await createUser(t);
    const none = await logout({});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const empty = await logout({ body: {} });
    expect(empty.statusCode).toBe(401);
    const unknown = await logout({ body: { refresh_token: 'nao-existe-123456' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_REFRESH_TOKEN');
    const forged = await logout({ token: `${u.accessToken.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(401);
    const wrongType = await logout({ token: u.accessToken, body: { refresh_token: 42 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe('VALIDATION_ERROR');
    // nothing of the above ended the session
    expect((await me(u.accessToken)).statusCode).toBe(200);
  });
});

describe('revocation of every session of the account', () => {
  it('a refresh token used twice ends every session of the account, at once', async () => {
    const u = await createUser(t);
    const other = await signIn(t, u.email, u.password);
    expect((await refresh(u.refreshToken)).statusCode).toBe(200);
    const reuse = await refresh(u.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED');
    expect((await me(u.accessToken)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
  });

  it('a password reset refuses the access tokens of every session at once', async () => {
    const u = await createUser(t);
    const other = await signIn(t, u.email, u.password);
    const seen = t.mail.to(u.email).length;
    await t.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { email: u.email },
    });
    await t.mail.waitFor(u.email, () => t.mail.to(u.email).length > seen);
    const mail = t.mail.to(u.email)[seen]!;
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)![1]!);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v1/reset-password',
      payload: { token, password: 'outra-senha-456' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(u.accessToken)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/refresh-token', () => {
  it('takes the token in the JSON body or the query, and never logs it', async () => {
    const u = await createUser(t);
    const inBody = await refresh(u.refreshToken);
    expect(inBody.statusCode).toBe(200);
    const next = inBody.json().refresh_token as string;
    const inQuery = await t.inject({
      method: 'POST',
      url: `/api/v1/refresh-token?token=${encodeURIComponent(next)}`,
    });
    expect(inQuery.statusCode).toBe(200);
    const log = logLines.join('\n');
    expect(log).toContain('/api/v1/refresh-token');
    expect(log).not.toContain(u.refreshToken);
    expect(log).not.toContain(next);
    expect(log).not.toContain(encodeURIComponent(next));
  });
});
