import { randomUUID } from 'node:crypto';
import { sleep } from './api';

/**
 * The checker's load client: 50 workers sending uniquely keyed writes of the
 * real API, each recorded as acknowledged (2xx with its id), failed (an error
 * status or a refused/reset connection) or timed out.
 */

/** A 16×16 JPEG (made with sharp), the image every post uploads. */
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCXAVkq/9k=',
  'base64',
);
const PASSWORD = 'senha-segura-123';
export const REQUEST_TIMEOUT_MS = 15_000;

export type OpKind = 'signup' | 'post' | 'like' | 'charge' | 'transaction';

export interface Op {
  kind: OpKind;
  /** The write's unique key: e-mail, post id, `content:user`, charge id, import_key. */
  key?: string;
  start: number;
  end: number;
  outcome: 'ack' | 'failed' | 'timeout';
  status?: number;
  /** pt-BR message and code of an error answer, or the network error. */
  error?: string;
  /** Transactions: further attempts with the same import_key. */
  retries?: number;
}

export interface User {
  id: string;
  email: string;
  username: string;
  token: string;
  workspaceId: string;
}

export interface World {
  creator: User;
  fans: User[];
  accountId: string;
  /** Posts made during setup, which the fans like. */
  posts: string[];
  /** (post, fan index) pairs not liked yet. */
  likePairs: [string, number][];
}

/** Every HTTP request of the load, one by one (the SIGTERM scenario looks at each). */
export interface Req {
  start: number;
  end: number;
  status?: number;
  /** The network error's code when there was no answer. */
  error?: string;
  /** Method and path, ids blanked. */
  what: string;
}
export const requestLog: Req[] = [];

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(`${status} ${String(body.code ?? '')} ${String(body.message ?? '')}`.trim());
  }
}

/** One call; throws HttpError on an error status, TimeoutError/TypeError on the network. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; body?: Buffer; contentType?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.contentType) headers['content-type'] = opts.contentType;
  // pre-signed URLs of the local store come as absolute paths (/api/v1/storage/...)
  const url = path.startsWith('http')
    ? path
    : path.startsWith('/api/')
      ? `${base}${path}`
      : `${base}/api/v1${path}`;
  const req: Req = {
    start: performance.now(),
    end: 0,
    what: `${method} ${
      path
        .replace(/^https?:\/\/[^/]+/, '')
        .replace(/[0-9a-f-]{36}/g, ':id')
        .split('?')[0]
    }`,
  };
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await res.text();
    req.status = res.status;
  } catch (err) {
    req.error = errorText(err).error;
    throw err;
  } finally {
    req.end = performance.now();
    requestLog.push(req);
  }
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  if (res.status >= 400) throw new HttpError(res.status, body);
  return { status: res.status, body };
}

export async function signUp(base: string, tag: string): Promise<User> {
  const n = `${tag}_${randomUUID().slice(0, 8)}`;
  const email = `${n}@faults.test`;
  await call(base, 'POST', '/user', {
    json: { full_name: 'Fã de Teste', email, username: n.slice(0, 30), password: PASSWORD },
  });
  const tokens = await call(base, 'POST', '/token', { json: { email, password: PASSWORD } });
  const token = tokens.body.access_token as string;
  const me = await call(base, 'GET', '/workspaces', { token });
  const ws = (me.body.workspaces as { id: string }[])[0]!;
  return {
    id: (tokens.body.metadata as { id: string }).id,
    email,
    username: n.slice(0, 30),
    token,
    workspaceId: ws.id,
  };
}

async function uploadImage(base: string, user: User): Promise<string> {
  const url = await call(base, 'POST', `/workspaces/objects/${user.workspaceId}`, {
    token: user.token,
    json: { extension_type: 'jpg' },
  });
  await call(base, 'PUT', url.body.presigned_url as string, {
    body: JPEG,
    contentType: 'image/jpeg',
  });
  return url.body.file_path as string;
}

/** A creator with Pix data, a monthly plan and a finance account; fans; posts to like. */
export async function setUpWorld(base: string, fans = 20, posts = 30): Promise<World> {
  const creator = await signUp(base, 'criadora');
  const auth = { token: creator.token };
  await call(base, 'PUT', `/workspaces/${creator.workspaceId}/pix`, {
    ...auth,
    json: {
      key: 'd3c1e5b8-3f6a-4b2c-9d1e-7a8b9c0d1e2f',
      key_type: 'random',
      name: 'Criadora de Teste',
      city: 'São Paulo',
    },
  });
  await call(base, 'POST', `/workspaces/${creator.workspaceId}/plan`, {
    ...auth,
    json: { plan_type: 'monthly', value: 29.9, discount: 0 },
  });
  const account = await call(base, 'POST', `/account/${creator.workspaceId}`, {
    ...auth,
    json: { label: 'Conta da suíte de falhas', account_type: 'checking' },
  });
  const fanList: User[] = [];
  for (let i = 0; i < fans; i++) fanList.push(await signUp(base, `fa${i}`));
  const postIds: string[] = [];
  for (let i = 0; i < posts; i++) {
    const res = await call(base, 'POST', `/content/${creator.workspaceId}`, {
      ...auth,
      json: { text: `Post de preparação ${i}` },
    });
    postIds.push(res.body.id as string);
  }
  // the fans subscribe once, so that they may like the posts
  for (const fan of fanList) await chargeAndConfirm(base, creator, fan);
  const likePairs: [string, number][] = [];
  for (const p of postIds) for (let f = 0; f < fanList.length; f++) likePairs.push([p, f]);
  likePairs.sort(() => Math.random() - 0.5);
  return {
    creator,
    fans: fanList,
    accountId: account.body.id as string,
    posts: postIds,
    likePairs,
  };
}

async function chargeAndConfirm(base: string, creator: User, fan: User): Promise<string> {
  const opened = await call(
    base,
    'POST',
    `/subscribe/plan?username=${creator.username}&plan_type=monthly`,
    { token: fan.token },
  );
  const chargeId = (opened.body.charge as { id: string }).id;
  await call(base, 'POST', `/charges/${creator.workspaceId}/${chargeId}/confirm`, {
    token: creator.token,
  });
  return chargeId;
}

export interface LoadRun {
  ops: Op[];
  /** Resolves when every worker has stopped. */
  done: Promise<void>;
  stop(): void;
  /** Ops started so far (for live progress). */
  startedCount(): number;
}

const errorText = (err: unknown): { status?: number; error: string; timeout: boolean } => {
  if (err instanceof HttpError)
    return {
      status: err.status,
      error: `${err.status} ${String(err.body.code ?? '')}`,
      timeout: false,
    };
  const e = err as Error & { cause?: { code?: string } };
  const timeout = e.name === 'TimeoutError' || e.name === 'AbortError';
  return { error: timeout ? 'timeout' : (e.cause?.code ?? e.message), timeout };
};

/**
 * 50 workers (by default), each picking a write at random until stop():
 * sign-up 5 %, post with an image 20 %, like 30 %, Pix charge + manual
 * confirmation 20 %, finance transaction 25 %. A failed write is not retried,
 * except transactions, which are retried (up to twice) with their import_key:
 * the idempotent retry must not add a second row.
 */
export function runLoad(base: string, world: World, concurrency = 50): LoadRun {
  const ops: Op[] = [];
  let stopped = false;
  let started = 0;
  const busyFans = new Set<number>();
  const record = async (kind: OpKind, fn: (op: Op) => Promise<void>) => {
    const op: Op = { kind, start: performance.now(), end: 0, outcome: 'ack' };
    started++;
    try {
      await fn(op);
    } catch (err) {
      const e = errorText(err);
      op.outcome = e.timeout ? 'timeout' : 'failed';
      op.status = e.status;
      op.error = e.error;
    }
    op.end = performance.now();
    ops.push(op);
    return op;
  };
  const creator = world.creator;
  const ws = creator.workspaceId;
  const writes: Record<OpKind, () => Promise<Op | null>> = {
    signup: () =>
      record('signup', async (op) => {
        const n = `carga_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
        op.key = `${n}@faults.test`;
        const res = await call(base, 'POST', '/user', {
          json: { full_name: 'Fã da Carga', email: op.key, username: n, password: PASSWORD },
        });
        op.status = res.status;
      }),
    post: () =>
      record('post', async (op) => {
        const filePath = await uploadImage(base, creator);
        const res = await call(base, 'POST', `/content/${ws}`, {
          token: creator.token,
          json: { text: `Post ${randomUUID()}`, attachments: [{ file_path: filePath }] },
        });
        op.status = res.status;
        op.key = res.body.id as string;
        if (!op.key) throw new Error('201 sem id');
      }),
    like: async () => {
      const pair = world.likePairs.pop();
      if (!pair) return null;
      const [postId, f] = pair;
      const fan = world.fans[f]!;
      return record('like', async (op) => {
        op.key = `${postId}:${fan.id}`;
        // {ws} is the caller's own workspace (the fan's), the post is the creator's
        const res = await call(base, 'POST', `/content/${fan.workspaceId}/${postId}/like`, {
          token: fan.token,
        });
        op.status = res.status;
        if (res.body.liked !== true) throw new Error(`like answered ${JSON.stringify(res.body)}`);
      });
    },
    charge: async () => {
      const free = world.fans.map((_, i) => i).filter((i) => !busyFans.has(i));
      if (free.length === 0) return null;
      const f = free[Math.floor(Math.random() * free.length)]!;
      busyFans.add(f);
      try {
        return await record('charge', async (op) => {
          const fan = world.fans[f]!;
          const opened = await call(
            base,
            'POST',
            `/subscribe/plan?username=${creator.username}&plan_type=monthly`,
            { token: fan.token },
          );
          op.key = (opened.body.charge as { id: string }).id;
          const res = await call(base, 'POST', `/charges/${ws}/${op.key}/confirm`, {
            token: creator.token,
          });
          op.status = res.status;
        });
      } finally {
        busyFans.delete(f);
      }
    },
    transaction: () =>
      record('transaction', async (op) => {
        op.key = `faults-${randomUUID()}`;
        const body = {
          transactions: [
            {
              account_id: world.accountId,
              amount: -12.34,
              label: `Despesa ${op.key}`,
              import_key: op.key,
            },
          ],
        };
        for (let attempt = 0; ; attempt++) {
          try {
            const res = await call(base, 'POST', `/transaction/${ws}`, {
              token: creator.token,
              json: body,
            });
            op.status = res.status;
            const rows = res.body.transactions as { id: string }[] | undefined;
            if (!rows?.[0]?.id) throw new Error('201 sem id');
            return;
          } catch (err) {
            const retriable =
              !(err instanceof HttpError) || err.status === 503 || err.status === 502;
            if (!retriable || attempt >= 2 || stopped) throw err;
            op.retries = attempt + 1;
            await sleep(300);
          }
        }
      }),
  };
  const table: OpKind[] = [
    'signup',
    ...Array<OpKind>(4).fill('post'),
    ...Array<OpKind>(6).fill('like'),
    ...Array<OpKind>(4).fill('charge'),
    ...Array<OpKind>(5).fill('transaction'),
  ];
  const worker = async () => {
    while (!stopped) {
      const kind = table[Math.floor(Math.random() * table.length)]!;
      const op = (await writes[kind]()) ?? (await writes.transaction());
      // a refused connection answers at once: do not spin on a dead server
      if (op && op.outcome !== 'ack') await sleep(100);
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker)).then(() => undefined);
  return {
    ops,
    done,
    stop: () => {
      stopped = true;
    },
    startedCount: () => started,
  };
}
