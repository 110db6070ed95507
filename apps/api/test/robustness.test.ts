import { ERRORS } from '@fa-clube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';
import { bearer, createUser } from './support/fixtures';
import type { TestUser } from './support/fixtures';

/**
 * "No input produces a 500": every operation of the published OpenAPI document
 * is called with hostile path parameters, query strings and bodies, signed in
 * and signed out. Each answer must be a 4xx (or 2xx/3xx), never a 5xx, and every
 * error body must carry a code of the contract's catalogue with its listed status.
 */
let t: TestContext;
let user: TestUser;
let operations: { method: string; path: string; stream: boolean }[];

beforeAll(async () => {
  t = await createTestContext();
  user = await createUser(t);
  const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({
        method: method.toUpperCase(),
        path,
        // an event stream answers a signed-in caller with a response that never ends: only its
        // refusals are attacked here (its own tests cover the rest)
        stream: JSON.stringify(ops[method]).includes('text/event-stream'),
      })),
  );
});
afterAll(async () => {
  await t.close();
});

const PARAMS = [
  'x',
  '00000000-0000-0000-0000-000000000000',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a'.repeat(300),
  "1' or '1'='1",
];
const QUERIES = [
  '',
  '?page=-1&size=100000',
  '?page=abc&size=1.5',
  '?username=%00&file_path=..%2F..%2Fx&prefix=%2Fetc&status=%27&plan_type=x&code=1&token=x',
  '?username=' + 'u'.repeat(500) + '&file_path=' + 'a/'.repeat(400),
];
const BODIES: unknown[] = [
  undefined,
  {},
  [],
  'text',
  42,
  null,
  { email: {}, password: [], value: 'NaN', discount: 1e308, plan: 'x', text: 'y'.repeat(100_000) },
  { attachments: [{ file_path: '../../etc/passwd' }, { file_path: 7 }], key_type: 'cpf', key: 'x' },
  { pix: [{ endToEndId: 'E1', txid: 'x', valor: 'abc', horario: 'ontem' }] },
];

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

describe('hostile input never produces a 5xx', () => {
  it('covers every operation of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it(
    'answers every operation with hostile params, queries and bodies',
    { timeout: 600_000 },
    async () => {
      const failures: string[] = [];
      let count = 0;
      const statuses: Record<number, number> = {};
      const codes = new Set<string>();
      // sign-out last: it ends the session whose token the other operations use
      const signOutLast = [
        ...operations.filter((op) => !op.path.endsWith('/logout')),
        ...operations.filter((op) => op.path.endsWith('/logout')),
      ];
      for (const op of signOutLast) {
        if (op.path.includes('openapi') || op.path.startsWith('/api/docs')) continue;
        const callers = [undefined, bearer(user.accessToken), bearer('not.a.token')];
        for (const auth of op.stream ? [callers[0], callers[2]] : callers) {
          for (const param of [...PARAMS, user.workspaceId, user.id]) {
            for (const [i, query] of QUERIES.entries()) {
              // bodies only where they matter, to keep the run short
              const bodies =
                op.method === 'GET' || op.method === 'DELETE'
                  ? [undefined]
                  : i === 0
                    ? BODIES
                    : [BODIES[1]];
              for (const body of bodies) {
                const res = await t.inject({
                  method: op.method as 'GET',
                  url: fill(op.path, param) + query,
                  headers: {
                    ...auth,
                    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
                });
                count++;
                statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
                if (res.statusCode >= 500) {
                  failures.push(
                    `${op.method} ${fill(op.path, param)}${query} body=${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
                  );
                } else if (res.statusCode >= 400) {
                  if (!/json/.test(String(res.headers['content-type']))) {
                    failures.push(`${op.method} ${op.path}: ${res.statusCode} without a JSON body`);
                    continue;
                  }
                  const { code } = res.json() as { code: keyof typeof ERRORS };
                  codes.add(code);
                  if (ERRORS[code]?.status !== res.statusCode)
                    failures.push(
                      `${op.method} ${op.path}: ${res.statusCode} ${code} is not a listed code with that status`,
                    );
                }
              }
            }
          }
        }
      }
      expect(failures).toEqual([]);
      // the run reached the services, not only the validators
      expect(count).toBeGreaterThan(5000);
      expect(statuses[200]).toBeGreaterThan(100);
      expect(statuses[404]).toBeGreaterThan(100);
      // the errors answered were of many kinds, not one catch-all
      expect(codes.size).toBeGreaterThan(10);
    },
  );
});
