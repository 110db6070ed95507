import { randomBytes } from 'node:crypto';
import type { TokenResponse } from '@fa-clube/contract';
import type { TestContext } from './context';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  fullName: string;
  password: string;
  /** The user's own workspace (created at sign-up). */
  workspaceId: string;
  accessToken: string;
  refreshToken: string;
  tokens: TokenResponse;
}

let seq = 0;
/** Unique, valid sign-up data. */
export function newUserData(
  overrides: Partial<{ email: string; username: string; full_name: string; password: string }> = {},
) {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;
  return {
    full_name: 'Maria da Silva',
    email: `user_${n}@example.com`,
    username: `user_${n}`.slice(0, 30),
    password: 'senha-segura-123',
    ...overrides,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** What `callAs` takes after the test context: method, `/api/v1` path, caller (null: signed out), body. */
export type CallArgs = [
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: TestUser | null,
  payload?: object,
];

/** A call to `/api/v1<url>` as `who` (signed out when null). */
export const callAs = (t: TestContext, ...[method, url, who, payload]: CallArgs) =>
  t.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? bearer(who.accessToken) : {},
    payload,
  });

/**
 * Signs up through the API, signs in, and finds the user's own workspace. `confirmed`: the
 * address is confirmed through its e-mailed link (confirmEmail), as turning 2FA on and linking
 * Google require.
 */
export async function createUser(
  t: TestContext,
  overrides: Parameters<typeof newUserData>[0] = {},
  { confirmed = false }: { confirmed?: boolean } = {},
): Promise<TestUser> {
  const data = newUserData(overrides);
  const signUp = await t.inject({ method: 'POST', url: '/api/v1/user', payload: data });
  if (signUp.statusCode !== 201)
    throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const tokens = await signIn(t, data.email, data.password);
  const { workspaceMembers } = await import('../../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [member] = await t.ctx.db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, tokens.metadata.id));
  if (confirmed) await confirmEmail(t, data);
  return {
    id: tokens.metadata.id,
    email: data.email,
    username: data.username,
    fullName: data.full_name,
    password: data.password,
    workspaceId: member!.workspaceId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    tokens,
  };
}

export async function signIn(
  t: TestContext,
  email: string,
  password: string,
  twoFactorCode?: string,
): Promise<TokenResponse> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: { email, password, ...(twoFactorCode ? { two_factor_code: twoFactorCode } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json() as TokenResponse;
}

/** Follows the link of the user's 'Confirme seu e-mail' message, as the person would. */
export async function confirmEmail(t: TestContext, user: Pick<TestUser, 'email'>): Promise<void> {
  const mail = await t.mail.waitForConfirmation(user.email);
  const link = /\/confirm-email\?token=([\w.%-]+)/.exec(mail.text);
  if (!link) throw new Error(`no confirmation link for ${user.email}`);
  const res = await t.inject({
    method: 'PUT',
    url: '/api/v1/confirm-email',
    payload: { token: decodeURIComponent(link[1]!) },
  });
  if (res.statusCode !== 200) throw new Error(`confirmation failed: ${res.statusCode} ${res.body}`);
}
