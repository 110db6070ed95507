import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { harnessUrl } from './env';
import type { ReceivedMail } from '../../../api/test/support/smtp';

/** API-side setup for the journeys: real HTTP calls to the app under test. */

export interface UserData {
  full_name: string;
  email: string;
  username: string;
  password: string;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  metadata: { id: string; username: string; label: string; full_name: string };
}

/** Unique, valid sign-up data. */
export function newUser(overrides: Partial<UserData> = {}): UserData {
  const n = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    full_name: 'Maria da Silva',
    email: `maria.${n}@example.com`,
    username: `maria_${n}`.slice(0, 30),
    password: 'senha-segura-123',
    ...overrides,
  };
}

/** POST /api/v1/user. */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<UserData> = {},
): Promise<UserData> {
  const user = newUser(overrides);
  const res = await request.post('/api/v1/user', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/**
 * 'Quero ser criador' through the API (POST /workspaces/{id}/creator): the creator's home and
 * menu, for journeys about a creator's screens (a sign-up alone is a fan's, issue 34).
 */
export async function becomeCreator(request: APIRequestContext, tokens: Tokens) {
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const list = await request.get('/api/v1/workspaces', { headers });
  expect(list.status(), await list.text()).toBe(200);
  const { workspaces } = (await list.json()) as { workspaces: { id: string; is_owner: boolean }[] };
  const own = workspaces.find((w) => w.is_owner);
  if (!own) throw new Error('no own workspace');
  const res = await request.post(`/api/v1/workspaces/${own.id}/creator`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** POST /api/v1/token (with a 2FA code when given). */
export async function signInApi(
  request: APIRequestContext,
  user: Pick<UserData, 'email' | 'password'>,
  twoFactorCode?: string,
): Promise<Tokens> {
  const res = await request.post('/api/v1/token', {
    data: { email: user.email, password: user.password, two_factor_code: twoFactorCode },
    headers: { 'X-Device-Type': 'desktop' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Tokens;
}

/**
 * Puts a session in the browser's storage, as the login screen would, for journeys that do not
 * test the login itself. The next navigation starts signed in.
 */
export async function storeSession(page: Page, tokens: Tokens) {
  if (!page.url().startsWith('http')) await page.goto('/login');
  await page.evaluate((t) => {
    localStorage.clear();
    localStorage.setItem('token', t.access_token);
    localStorage.setItem('refresh_token', t.refresh_token);
    localStorage.setItem('metadata', JSON.stringify(t.metadata));
  }, tokens);
}

/** An e-mail the harness's SMTP server received (the API's test SMTP server). */
export type CaughtMail = ReceivedMail;

/** Every e-mail the SMTP catcher received for `to`, oldest first. */
export async function emailsTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(`${harnessUrl}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits (up to `timeout` ms) for an e-mail to `to` matching `predicate`, and returns the latest. */
export async function latestEmail(
  to: string,
  predicate: (mail: CaughtMail) => boolean = () => true,
  timeout = 15_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await emailsTo(to)).filter(predicate).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first http(s) link in the e-mail whose path starts with `pathPrefix` (e.g. '/reset-password'). */
export function extractLink(mail: CaughtMail, pathPrefix: string): string {
  const candidates = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  for (const raw of candidates) {
    const href = raw.replace(/&amp;/g, '&').replace(/[.,;)]+$/, '');
    try {
      if (new URL(href).pathname.startsWith(pathPrefix)) return href;
    } catch {
      // not a URL
    }
  }
  throw new Error(`no link to ${pathPrefix} in the e-mail "${mail.subject}"`);
}

/**
 * Follows the link of the account's 'Confirme seu e-mail' message, as its owner would (the
 * SMTP catcher's `?to=` leaves confirmations out: they are read from the whole list).
 */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${harnessUrl}/messages`)).json()) as CaughtMail[];
    const mail = all.find(
      (m) => m.subject === 'Confirme seu e-mail' && m.to.includes(email.toLowerCase()),
    );
    if (mail) {
      const token = new URL(extractLink(mail, '/confirm-email')).searchParams.get('token');
      const res = await request.put('/api/v1/confirm-email', { data: { token } });
      expect(res.status(), await res.text()).toBe(200);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation e-mail to ${email} within 15 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
