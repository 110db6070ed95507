import type { Account, Category, Transaction, TransactionInput } from '@fa-clube/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './context';
import { bearer } from './fixtures';
import type { TestUser } from './fixtures';

/** Finance calls through the API, as the web client makes them; each throws unless it succeeds. */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `/api/v1` + path, as the owner (or `who`). */
export function financeCall(t: TestContext, who: TestUser | undefined) {
  return (method: Method, path: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.inject({
      method,
      url: `/api/v1${path}`,
      headers: who ? bearer(who.accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

function expectStatus(res: LightMyRequestResponse, status: number, what: string) {
  if (res.statusCode !== status)
    throw new Error(`${what}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 500)}`);
}

export async function createAccount(
  t: TestContext,
  owner: TestUser,
  body: Record<string, unknown> = {},
): Promise<Account> {
  const res = await financeCall(t, owner)('POST', `/account/${owner.workspaceId}`, {
    label: 'Conta corrente',
    ...body,
  });
  expectStatus(res, 201, 'POST account');
  return res.json() as Account;
}

export async function createCategory(
  t: TestContext,
  owner: TestUser,
  body: Record<string, unknown>,
): Promise<Category> {
  const res = await financeCall(t, owner)('POST', `/categories/${owner.workspaceId}`, body);
  expectStatus(res, 201, 'POST category');
  return res.json() as Category;
}

export async function createTransactions(
  t: TestContext,
  owner: TestUser,
  rows: (Partial<TransactionInput> & Record<string, unknown>)[],
  extra: Record<string, unknown> = {},
): Promise<Transaction[]> {
  const res = await financeCall(t, owner)('POST', `/transaction/${owner.workspaceId}`, {
    transactions: rows,
    ...extra,
  });
  expectStatus(res, 201, 'POST transaction');
  return (res.json() as { transactions: Transaction[] }).transactions;
}

/** GET and parse (typed like `res.json()`), throwing unless 200. */
export async function getJson(t: TestContext, who: TestUser, path: string) {
  const res = await financeCall(t, who)('GET', path);
  expectStatus(res, 200, `GET ${path}`);
  return res.json();
}
