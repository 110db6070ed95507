import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeAccounts, financeCategories, financeTransactions } from '../../db/schema/finance';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import {
  createAccount,
  createCategory,
  createTransactions,
  financeCall,
} from '../../../test/support/finance';
import { createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';

// Who may call every finance route: the owner writes, members read, and a
// subscriber of the workspace or any other signed-in user gets 404 (the
// workspace's finances do not exist for them); signed out, 401.

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let subscriber: TestUser;
let ids: { account: string; category: string; transaction: string };

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form, as the OpenAPI document lists it. */
  path: string;
  url: () => string;
  body?: () => unknown;
  ownerOnly: boolean;
}

const ws = () => owner.workspaceId;
const routes: Route[] = [
  {
    method: 'POST',
    path: '/account/{ws}',
    url: () => `/account/${ws()}`,
    body: () => ({ label: 'Nova' }),
    ownerOnly: true,
  },
  { method: 'GET', path: '/accounts/{ws}', url: () => `/accounts/${ws()}`, ownerOnly: false },
  {
    method: 'PUT',
    path: '/account/{ws}/{id}',
    url: () => `/account/${ws()}/${ids.account}`,
    body: () => ({ label: 'Renomeada' }),
    ownerOnly: true,
  },
  {
    method: 'DELETE',
    path: '/account/{ws}/{id}',
    url: () => `/account/${ws()}/${ids.account}`,
    ownerOnly: true,
  },
  {
    method: 'GET',
    path: '/accounts/{ws}/balances',
    url: () => `/accounts/${ws()}/balances`,
    ownerOnly: false,
  },
  {
    method: 'POST',
    path: '/transaction/{ws}',
    url: () => `/transaction/${ws()}`,
    body: () => ({ transactions: [{ account_id: ids.account, amount: -1, label: 'x' }] }),
    ownerOnly: true,
  },
  {
    method: 'GET',
    path: '/transactions/{ws}',
    url: () => `/transactions/${ws()}`,
    ownerOnly: false,
  },
  {
    method: 'GET',
    path: '/transaction/{ws}/{id}',
    url: () => `/transaction/${ws()}/${ids.transaction}`,
    ownerOnly: false,
  },
  {
    method: 'PUT',
    path: '/transaction/{ws}/{id}',
    url: () => `/transaction/${ws()}/${ids.transaction}`,
    body: () => ({ amount: -999 }),
    ownerOnly: true,
  },
  {
    method: 'DELETE',
    path: '/transactions/{ws}',
    url: () => `/transactions/${ws()}`,
    body: () => ({ transactions: [ids.transaction] }),
    ownerOnly: true,
  },
  {
    method: 'DELETE',
    path: '/transactions/{ws}/{id}/attachment',
    url: () => `/transactions/${ws()}/${ids.transaction}/attachment?file_path=uploads/a.jpg`,
    ownerOnly: true,
  },
  {
    method: 'POST',
    path: '/transactions/{ws}/mapping',
    url: () => `/transactions/${ws()}/mapping`,
    body: () => ({ from_columns: ['Data', 'Valor'] }),
    ownerOnly: true,
  },
  {
    method: 'POST',
    path: '/transactions/{ws}/format',
    url: () => `/transactions/${ws()}/format`,
    body: () => ({ data: 'Data;Valor;Histórico\n01/10/2024;-1,00;Café\n' }),
    ownerOnly: true,
  },
  {
    method: 'POST',
    path: '/transactions/{ws}/categorize',
    url: () => `/transactions/${ws()}/categorize`,
    body: () => ({
      transactions: [{ account_id: null, date: '2024-10-01', amount: -1, label: 'Café' }],
    }),
    ownerOnly: true,
  },
  { method: 'GET', path: '/categories/{ws}', url: () => `/categories/${ws()}`, ownerOnly: false },
  {
    method: 'POST',
    path: '/categories/{ws}',
    url: () => `/categories/${ws()}`,
    body: () => ({ label: 'Nova categoria' }),
    ownerOnly: true,
  },
  {
    method: 'PUT',
    path: '/categories/{ws}/{id}',
    url: () => `/categories/${ws()}/${ids.category}`,
    body: () => ({ label: 'Outra' }),
    ownerOnly: true,
  },
  {
    method: 'DELETE',
    path: '/categories/{ws}/{id}',
    url: () => `/categories/${ws()}/${ids.category}`,
    ownerOnly: true,
  },
  {
    method: 'GET',
    path: '/categories/{ws}/expenses',
    url: () => `/categories/${ws()}/expenses`,
    ownerOnly: false,
  },
  {
    method: 'GET',
    path: '/balances/cashflow/{ws}',
    url: () => `/balances/cashflow/${ws()}`,
    ownerOnly: false,
  },
  {
    method: 'GET',
    path: '/balances/charges/{ws}',
    url: () => `/balances/charges/${ws()}`,
    ownerOnly: false,
  },
];

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t));
  subscriber = await createUser(t);
  await makeActiveSubscriber(t, subscriber, owner);
  const account = await createAccount(t, owner);
  const category = await createCategory(t, owner, { label: 'Mercado' });
  const [row] = await createTransactions(t, owner, [
    { account_id: account.id, amount: -10, label: 'Pão', category: category.id },
  ]);
  ids = { account: account.id, category: category.id, transaction: row!.id };
});
afterAll(async () => {
  await t.close();
});

/** Rows of every finance table, to prove a refused call wrote nothing. */
async function snapshot() {
  const n = async (
    table: typeof financeAccounts | typeof financeCategories | typeof financeTransactions,
  ) => (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
  return {
    accounts: await n(financeAccounts),
    categories: await n(financeCategories),
    transactions: await n(financeTransactions),
  };
}

const send = (route: Route, who: TestUser | undefined) =>
  financeCall(t, who)(route.method, route.url(), route.body?.());

describe('finance access', () => {
  it('covers every finance operation of the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const finance = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.includes('finance'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace('/api/v1', '')}`),
    );
    expect(finance.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('signed out: 401 everywhere', async () => {
    const before = await snapshot();
    for (const route of routes) {
      const res = await send(route, undefined);
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a subscriber of the workspace and a stranger: 404, nothing written', async () => {
    const before = await snapshot();
    for (const who of [subscriber, stranger])
      for (const route of routes) {
        const res = await send(route, who);
        expect(res.statusCode, `${route.method} ${route.path}`).toBe(404);
        expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
      }
    expect(await snapshot()).toEqual(before);
  });

  it('a member reads and is refused every write (403), nothing written', async () => {
    const before = await snapshot();
    for (const route of routes) {
      const res = await send(route, member);
      const what = `${route.method} ${route.path}`;
      if (route.ownerOnly) {
        expect(res.statusCode, what).toBe(403);
        expect(res.json().code).toBe('OWNER_REQUIRED');
      } else expect(res.statusCode, what).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the owner reaches every route', async () => {
    for (const route of routes) {
      const res = await send(route, owner);
      const what = `${route.method} ${route.path}: ${res.body.slice(0, 200)}`;
      // the writes may be refused for what they ask (the attachment is not there,
      // the account has a transaction), but never for who asks
      expect([200, 201, 404, 409], what).toContain(res.statusCode);
      if (res.statusCode >= 400)
        expect(
          [
            'ATTACHMENT_NOT_FOUND',
            'ACCOUNT_HAS_TRANSACTIONS',
            'TRANSACTION_NOT_FOUND',
            'CATEGORY_NOT_FOUND',
          ],
          what,
        ).toContain(res.json().code);
    }
  });
});
