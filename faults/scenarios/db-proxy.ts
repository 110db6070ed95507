import { randomUUID } from 'node:crypto';
import { sleep, startApi, stopApi, waitReady } from '../lib/api';
import { countOps } from '../lib/check';
import { call, HttpError, requestLog, runLoad, setUpWorld, signUp } from '../lib/load';
import type { Op, World } from '../lib/load';
import { startTcpProxy } from '../lib/tcp-proxy';
import { AFTER_MS, BASELINE_MS, check, result, setup } from '../scenarios';
import type { Env, Result } from '../scenarios';

const FAULT_MS = 20_000;
/** Per chunk: while the faults are on, about one chunk in 150 resets its connection. */
const RESET_RATE = 1 / 150;

const isRetriable = (err: unknown) =>
  !(err instanceof HttpError) || err.status === 502 || err.status === 503;

/**
 * An idempotent client: a finance transaction with an import_key, sent until
 * it is answered 2xx (the same body each time). A retry of a write that had
 * committed (answer lost to a reset) is answered 201 with no row: the row is
 * already there, and the check counts one row per key.
 */
async function idempotentTransaction(base: string, world: World, deadline: number): Promise<Op> {
  const key = `faults-retry-${randomUUID()}`;
  const op: Op = { kind: 'transaction', key, start: performance.now(), end: 0, outcome: 'ack' };
  const body = {
    transactions: [
      { account_id: world.accountId, amount: -5.55, label: `Repetida ${key}`, import_key: key },
    ],
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await call(base, 'POST', `/transaction/${world.creator.workspaceId}`, {
        token: world.creator.token,
        json: body,
      });
      op.status = res.status;
      const rows = res.body.transactions as { id: string }[];
      if (!rows[0]?.id && attempt === 0) throw new Error('201 sem linha na primeira tentativa');
      // a final duplicate send: must add nothing
      const again = await call(base, 'POST', `/transaction/${world.creator.workspaceId}`, {
        token: world.creator.token,
        json: body,
      });
      if ((again.body.transactions as unknown[]).length !== 0)
        throw new Error('a repeated import_key added a row');
      break;
    } catch (err) {
      if (!isRetriable(err) || performance.now() > deadline) {
        op.outcome = 'failed';
        op.error =
          err instanceof HttpError ? `${err.status} ${String(err.body.code)}` : String(err);
        break;
      }
      op.retries = attempt + 1;
      await sleep(300);
    }
  }
  op.end = performance.now();
  return op;
}

/**
 * A Pix charge opened and confirmed by hand, each step retried until answered:
 * a confirmation retried after a lost answer is 409 CHARGE_ALREADY_PAID (the
 * first one committed), which the client takes as done; the check then finds
 * the charge paid once, with one ledger row and one subscription period.
 */
async function retriedCharge(
  base: string,
  world: World,
  fan: World['fans'][number],
  deadline: number,
): Promise<Op> {
  const op: Op = { kind: 'charge', start: performance.now(), end: 0, outcome: 'ack' };
  const ws = world.creator.workspaceId;
  const retry = async <T>(fn: () => Promise<T>, done?: (err: HttpError) => boolean) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (err instanceof HttpError && done?.(err) && attempt > 0) return null;
        if (!isRetriable(err) || performance.now() > deadline) throw err;
        op.retries = attempt + 1;
        await sleep(300);
      }
    }
  };
  try {
    const opened = await retry(() =>
      call(base, 'POST', `/subscribe/plan?username=${world.creator.username}&plan_type=monthly`, {
        token: fan.token,
      }),
    );
    op.key = (opened!.body.charge as { id: string }).id;
    await retry(
      () => call(base, 'POST', `/charges/${ws}/${op.key}/confirm`, { token: world.creator.token }),
      (err) => err.body.code === 'CHARGE_ALREADY_PAID',
    );
  } catch (err) {
    op.outcome = 'failed';
    op.error = err instanceof HttpError ? `${err.status} ${String(err.body.code)}` : String(err);
  }
  op.end = performance.now();
  return op;
}

/**
 * 6. Slow and dropping database connections: the API reaches PostgreSQL
 * through the suite's TCP proxy, which, for 20 s under the write load, holds
 * every chunk 50–200 ms and resets connections at random.
 */
export async function dbProxy(env: Env): Promise<Result> {
  const cluster = await env.cluster();
  const s = await setup(env, 'pg', 'db-proxy');
  const proxy = await startTcpProxy(cluster.port);
  const proxied = s.opts.databaseUrl!.replace(`:${cluster.port}/`, `:${proxy.port}/`);
  const failures: string[] = [];
  const api = startApi({ ...s.opts, databaseUrl: proxied });
  try {
    await waitReady(api);
    const world = await setUpWorld(api.url);
    // the retried charges' payers: not among the load's fans (one pending charge per fan)
    const payers = [];
    for (let i = 0; i < 10; i++) payers.push(await signUp(api.url, `repete${i}`));
    requestLog.length = 0;
    const load = runLoad(api.url, world, 40);
    await sleep(BASELINE_MS);
    const faultAt = performance.now();
    proxy.set({ latency: [50, 200], resetRate: RESET_RATE });
    // the idempotent clients run through the faults and may keep retrying after them
    const deadline = faultAt + FAULT_MS + 30_000;
    const probes = Promise.all([
      ...Array.from({ length: 20 }, () => idempotentTransaction(api.url, world, deadline)),
      ...payers.map((fan) => retriedCharge(api.url, world, fan, deadline)),
    ]);
    await sleep(FAULT_MS);
    proxy.set({ latency: [0, 0], resetRate: 0 });
    const clearAt = performance.now();
    await sleep(AFTER_MS);
    load.stop();
    await load.done;
    const probeOps = await probes;
    if (api.child.exitCode !== null || api.child.signalCode !== null)
      failures.push(`the API died: ${api.output().slice(-500)}`);
    const during = requestLog.filter((r) => r.start >= faultAt && r.start < clearAt);
    const five00 = requestLog.filter((r) => r.status === 500);
    if (five00.length)
      failures.push(
        `${five00.length} × 500 (expected 503 on a dropped connection): ${[...new Set(five00.map((r) => r.what))].slice(0, 4).join(', ')}`,
      );
    const probeFailed = probeOps.filter((o) => o.outcome !== 'ack');
    if (probeFailed.length)
      failures.push(
        `${probeFailed.length} of ${probeOps.length} retried writes never succeeded: ${probeFailed[0]?.error}`,
      );
    const health = await call(api.url, 'GET', '/health').catch((e: Error) => e);
    if (health instanceof Error) failures.push(`not healthy after the faults: ${health.message}`);
    const exit = await stopApi(api);
    if (exit.code !== 0)
      failures.push(`exit ${exit.code ?? exit.signal}: ${api.output().slice(-1500)}`);
    const ops = [...load.ops, ...probeOps];
    const f = await check(s, world, ops, countOps(load.ops, faultAt, clearAt));
    f.requests = ops.length;
    f.acknowledged = ops.filter((o) => o.outcome === 'ack').length;
    f.failed = ops.filter((o) => o.outcome === 'failed').length;
    f.timedOut = ops.filter((o) => o.outcome === 'timeout').length;
    const st = proxy.stats();
    const refusedBy = new Map<string, number>();
    for (const r of requestLog)
      if (r.status === 404 || r.status === 429) {
        const k = `${r.status} ${r.what}`;
        refusedBy.set(k, (refusedBy.get(k) ?? 0) + 1);
      }
    if (refusedBy.size)
      f.notes.push(
        `404/429 by endpoint: ${[...refusedBy].map(([k, n]) => `${n} × ${k}`).join(', ')}`,
      );
    const retried = probeOps.filter((o) => (o.retries ?? 0) > 0);
    f.notes.push(
      `proxy: ${st.connections} connections, ${st.resets} reset, ${st.chunks} chunks; ` +
        `during the faults ${during.length} requests: ${during.filter((r) => r.status && r.status < 300).length} × 2xx, ` +
        `${during.filter((r) => r.status === 503).length} × 503, ${during.filter((r) => r.status === 500).length} × 500; ` +
        `idempotent clients: ${probeOps.length - probeFailed.length}/${probeOps.length} done, ${retried.length} needed a retry ` +
        `(${retried.reduce((a, o) => a + (o.retries ?? 0), 0)} retries); recovery counted from the end of the faults`,
    );
    return result(
      'slow and dropping DB connections (proxy)',
      'Through a TCP proxy that delays every chunk 50–200 ms and resets connections at random for 20 s, ' +
        'the API answers 503 (never 500) when its connection drops, a transaction cut in the middle leaves nothing ' +
        '(no paid charge without its ledger row and period, no like without its count), ' +
        'finance transactions retried with their import_key and confirmations retried after a lost answer end with ' +
        'exactly one row, and nothing acknowledged is missing.',
      f,
      failures,
    );
  } finally {
    await stopApi(api);
    await proxy.close();
    s.cleanup();
  }
}
