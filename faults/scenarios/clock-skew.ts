import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { totpCode } from '../../apps/api/src/lib/totp';
import { startApi, stopApi, waitReady } from '../lib/api';
import { countOps } from '../lib/check';
import { call, HttpError, requestLog, setUpWorld, signUp } from '../lib/load';
import { result, setup, skipped } from '../scenarios';
import type { Db, Env, Result } from '../scenarios';

const LIBS = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];
const findLib = () => LIBS.find((l) => existsSync(l));

/** libfaketime, installed with apt-get (Debian package `faketime`) if missing; null when it cannot be. */
function libfaketime(): { lib: string } | { why: string } {
  let lib = findLib();
  if (lib) return { lib };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'faketime'], {
      stdio: 'pipe',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 300_000,
    });
  } catch (err) {
    return { why: `apt-get install faketime failed: ${(err as Error).message.split('\n')[0]}` };
  }
  lib = findLib();
  return lib ? { lib } : { why: 'libfaketime.so.1 not found after apt-get install faketime' };
}

const PASSWORD = 'senha-segura-123';
/** The code a correct-clock authenticator shows `offsetS` seconds from now. */
const codeAt = (secret: string, offsetS = 0) =>
  totpCode(secret, new Date(Date.now() + offsetS * 1000));

/** The server's clock, read from its Date header (1 s resolution), minus ours, in ms. */
async function serverSkewMs(base: string): Promise<number> {
  const before = Date.now();
  const res = await fetch(`${base}/api/v1/health`);
  const after = Date.now();
  const date = Date.parse(res.headers.get('date') ?? '');
  // the header truncates to the second: compare with the middle of the call + 0.5 s
  return date + 500 - (before + after) / 2;
}

const jwtClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    iat?: number;
    exp: number;
  };

/**
 * 12. The API's clock 60 s ahead or behind (libfaketime: LD_PRELOAD + FAKETIME),
 * its database on a correct clock (PostgreSQL) or inside it (PGlite). The user
 * and the suite keep the correct time.
 */
export async function clockSkew(env: Env, db: Db, skewS: number): Promise<Result> {
  const name = `clock ${skewS > 0 ? '+' : ''}${skewS} s (${db === 'pg' ? 'PostgreSQL' : 'PGlite'})`;
  const proves =
    `With the server's clock ${skewS > 0 ? 'ahead' : 'behind'} by ${Math.abs(skewS)} s: TOTP accepts exactly the codes ` +
    'within ±1 step (±30 s) of the server clock (decision 009) — a correct authenticator is refused cleanly (never 500) — ' +
    'access tokens live 15 min and Pix charges expire by the server clock (decision 004), ' +
    'refresh and every call answer, nothing 500s.';
  const found = libfaketime();
  if ('why' in found) return skipped(name, proves, found.why);
  const s = await setup(env, db, `clock-${db}-${skewS > 0 ? 'ahead' : 'behind'}`);
  s.opts.env = {
    ...s.opts.env,
    LD_PRELOAD: found.lib,
    FAKETIME: `${skewS > 0 ? '+' : ''}${skewS}s`,
    // timers keep the real pace: only the wall clock is off
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    FAKETIME_NO_CACHE: '1',
  };
  const failures: string[] = [];
  requestLog.length = 0;
  const api = startApi(s.opts);
  const notes: string[] = [];
  try {
    await waitReady(api);
    // the skew must really be there, or the scenario proves nothing
    const skew = await serverSkewMs(api.url);
    notes.push(`server clock measured ${(skew / 1000).toFixed(1)} s off`);
    if (Math.abs(skew - skewS * 1000) > 2_500)
      throw new Error(
        `libfaketime did not skew the server: Date header ${(skew / 1000).toFixed(1)} s off, expected ${skewS} s`,
      );
    const world = await setUpWorld(api.url, 1, 1);
    const { creator } = world;

    // --- TOTP: a correct authenticator against a server 60 s off
    const user = await signUp(api.url, 'relogio');
    const setupRes = await call(api.url, 'GET', '/2fa', { token: user.token });
    const secret = setupRes.body.secret as string;
    const tryEnable = async (offsetS: number) => {
      try {
        await call(api.url, 'PATCH', `/2fa?code=${codeAt(secret, offsetS)}`, { token: user.token });
        return 'ok';
      } catch (err) {
        return err instanceof HttpError ? `${err.status} ${String(err.body.code)}` : String(err);
      }
    };
    // the authenticator's current code: outside the window (2 steps away)
    const current = await tryEnable(0);
    if (current !== '400 VALIDATION_ERROR')
      failures.push(`correct-clock code with a ${skewS} s server: ${current} (expected 400)`);
    // a code two steps away from the server is refused; one step away is accepted
    const twoAway = await tryEnable(skewS + Math.sign(skewS) * 60);
    if (twoAway !== '400 VALIDATION_ERROR')
      failures.push(`code 60 s from the server clock: ${twoAway} (expected 400)`);
    // one step behind the server, so that the sign-in below (one step ahead) is a later step
    const oneAway = await tryEnable(skewS - 30);
    if (oneAway !== 'ok') failures.push(`code 30 s from the server clock refused: ${oneAway}`);
    notes.push(
      `TOTP: current code ${current}; 60 s from the server ${twoAway}; 30 s from it ${oneAway}`,
    );
    // sign-in: a correct authenticator is refused (401), the server's step accepted
    const signIn = async (code: string) => {
      try {
        return await call(api.url, 'POST', '/token', {
          json: { email: user.email, password: PASSWORD, two_factor_code: code },
        });
      } catch (err) {
        return err instanceof HttpError ? `${err.status} ${String(err.body.code)}` : String(err);
      }
    };
    const signInNow = await signIn(codeAt(secret, 0));
    if (signInNow !== '401 INVALID_TWO_FACTOR_CODE')
      failures.push(
        `sign-in with the correct-clock code: ${JSON.stringify(signInNow).slice(0, 100)}`,
      );
    const signInServer = await signIn(codeAt(secret, skewS + 30));
    if (typeof signInServer === 'string')
      failures.push(`sign-in with the server-clock code: ${signInServer}`);

    // --- tokens: 15 min of the server clock; the server takes its own tokens
    const tokens = await call(api.url, 'POST', '/token', {
      json: { email: creator.email, password: PASSWORD },
    });
    const access = tokens.body.access_token as string;
    const claims = jwtClaims(access);
    const issuedAt = claims.iat ?? claims.exp - 900;
    const offIat = issuedAt * 1000 - Date.now();
    if (claims.exp - issuedAt !== 900)
      failures.push(`access token lives ${claims.exp - issuedAt} s`);
    if (Math.abs(offIat - skewS * 1000) > 3_000)
      failures.push(
        `access token iat ${(offIat / 1000).toFixed(1)} s from now, expected ${skewS} s`,
      );
    notes.push(
      `access token exp ${((claims.exp * 1000 - Date.now()) / 1000).toFixed(0)} s from the real now (15 min of the server clock)`,
    );
    const me = await call(api.url, 'GET', '/me', { token: access }).catch((e: Error) => e);
    if (me instanceof Error) failures.push(`the server refused its own fresh token: ${me.message}`);
    const refreshed = await call(api.url, 'POST', '/refresh-token', {
      json: { refresh_token: tokens.body.refresh_token },
    }).catch((e: Error) => e);
    if (refreshed instanceof Error) failures.push(`refresh: ${refreshed.message}`);

    // --- Pix charge expiry: PIX_CHARGE_TTL_MINUTES (1440) of the server clock
    const fan = world.fans[0]!;
    const opened = await call(
      api.url,
      'POST',
      `/subscribe/plan?username=${creator.username}&plan_type=monthly`,
      { token: fan.token },
    );
    const charge = opened.body.charge as { id: string; expires_at: string };
    const ttlFromReal = Date.parse(charge.expires_at) - Date.now();
    const expected = 1440 * 60_000 + skewS * 1000;
    if (Math.abs(ttlFromReal - expected) > 5_000)
      failures.push(
        `charge expires ${(ttlFromReal / 1000).toFixed(0)} s from the real now, expected ${expected / 1000}`,
      );
    notes.push(`charge expires_at = real now + ${(ttlFromReal / 1000).toFixed(0)} s`);
    await call(api.url, 'POST', `/charges/${creator.workspaceId}/${charge.id}/confirm`, {
      token: creator.token,
    }).catch((e: Error) => failures.push(`confirm: ${e.message}`));
    const plans = await call(api.url, 'GET', `/plans?username=${creator.username}`, {
      token: fan.token,
    });
    if (plans.body.is_subscribed !== true) failures.push('paid subscription not active');

    // a few ordinary writes
    await call(api.url, 'POST', `/content/${creator.workspaceId}`, {
      token: creator.token,
      json: { text: 'Escrito com o relógio adiantado/atrasado' },
    }).catch((e: Error) => failures.push(`post: ${e.message}`));
    await call(api.url, 'POST', `/transaction/${creator.workspaceId}`, {
      token: creator.token,
      json: { transactions: [{ account_id: world.accountId, amount: 1, label: 'Relógio' }] },
    }).catch((e: Error) => failures.push(`transaction: ${e.message}`));

    const five00 = requestLog.filter((r) => (r.status ?? 0) >= 500);
    if (five00.length)
      failures.push(
        `${five00.length} × 5xx: ${five00.map((r) => `${r.status} ${r.what}`).join(', ')}`,
      );
    const exit = await stopApi(api);
    if (exit.code !== 0)
      failures.push(`exit ${exit.code ?? exit.signal}: ${api.output().slice(-600)}`);
    const f = countOps([]);
    f.requests = requestLog.length;
    f.acknowledged = requestLog.filter(
      (r) => (r.status ?? 0) >= 200 && (r.status ?? 0) < 300,
    ).length;
    f.failed = f.requests - f.acknowledged;
    f.notes.push(...notes);
    return result(name, proves, f, failures);
  } finally {
    await stopApi(api);
    s.cleanup();
  }
}
