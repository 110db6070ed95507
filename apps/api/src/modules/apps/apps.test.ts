import { eq } from 'drizzle-orm';
import { APP_CATALOGUE } from '@fa-clube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceApps } from '../../db/schema/apps';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { apiCall } from '../../../test/support/apps';
import { createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';
import { isAppInstalled, requireAppInstalled } from './apps.service';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let subscriber: TestUser;
let ws: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t));
  subscriber = await createUser(t);
  await makeActiveSubscriber(t, subscriber, owner);
  ws = owner.workspaceId;
});
afterAll(async () => {
  await t.close();
});

const rows = () => t.ctx.db.select().from(workspaceApps).where(eq(workspaceApps.workspaceId, ws));

describe('apps catalogue', () => {
  it('lists both apps, not installed, to the owner and members', async () => {
    for (const who of [owner, member]) {
      const res = await apiCall(t, who)('GET', `/apps/${ws}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        apps: [
          { label: 'trueid', ...APP_CATALOGUE.trueid, installed: false, installed_at: null },
          {
            label: 'email-marketing',
            ...APP_CATALOGUE['email-marketing'],
            installed: false,
            installed_at: null,
          },
        ],
      });
    }
    const one = await apiCall(t, member)('GET', `/app/${ws}?label=trueid`);
    expect(one.json()).toMatchObject({ label: 'trueid', installed: false });
  });

  it('refuses subscribers, strangers and signed-out callers on every path', async () => {
    const paths: Array<['GET' | 'PUT', string, unknown?]> = [
      ['GET', `/apps/${ws}`],
      ['GET', `/app/${ws}?label=trueid`],
      ['PUT', `/apps/${ws}?label=trueid`, { installed: true }],
      ['GET', `/apps/${ws}/trueid/settings`],
      ['PUT', `/apps/${ws}/trueid/settings`, { settings: { retention_days: 10 } }],
    ];
    for (const [method, path, body] of paths) {
      for (const who of [subscriber, stranger]) {
        const res = await apiCall(t, who)(method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
      }
      expect((await apiCall(t, undefined)(method, path, body)).statusCode).toBe(401);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('lets only the owner install, uninstall and save settings', async () => {
    const toggle = await apiCall(t, member)('PUT', `/apps/${ws}?label=trueid`);
    expect(toggle.statusCode, toggle.body).toBe(403);
    expect(toggle.json().code).toBe('OWNER_REQUIRED');
    const settings = await apiCall(t, member)('PUT', `/apps/${ws}/trueid/settings`, {
      settings: { retention_days: 10 },
    });
    expect(settings.statusCode).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it('toggles with one call and is idempotent when the state is given', async () => {
    const call = apiCall(t, owner);
    const on = await call('PUT', `/apps/${ws}?label=trueid`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ label: 'trueid', installed: true });
    const installedAt = on.json().installed_at;
    expect(Date.parse(installedAt)).not.toBeNaN();

    const again = await call('PUT', `/apps/${ws}?label=trueid`, { installed: true });
    expect(again.json()).toMatchObject({ installed: true, installed_at: installedAt });
    expect(await isAppInstalled(t.ctx.db, ws, 'trueid')).toBe(true);
    expect(await isAppInstalled(t.ctx.db, ws, 'email-marketing')).toBe(false);

    const off = await call('PUT', `/apps/${ws}?label=trueid`);
    expect(off.json()).toMatchObject({ installed: false, installed_at: null });
    const offAgain = await call('PUT', `/apps/${ws}?label=trueid`, { installed: false });
    expect(offAgain.json()).toMatchObject({ installed: false });
    expect(await rows()).toHaveLength(1);

    const list = await apiCall(t, member)('GET', `/apps/${ws}`);
    expect(list.json().apps.map((a: { installed: boolean }) => a.installed)).toEqual([
      false,
      false,
    ]);
  });

  it('validates settings per app, keeps defaults and keeps them across uninstall', async () => {
    const call = apiCall(t, owner);
    const defaults = await call('GET', `/apps/${ws}/email-marketing/settings`);
    expect(defaults.json()).toEqual({
      settings: { sender_name: null, reply_to: null, rate_per_minute: 60 },
    });

    for (const settings of [
      { retention_days: 0 },
      { retention_days: 2.5 },
      { retention_days: '30' },
      { require_age_verification: 'sim' },
    ]) {
      const res = await call('PUT', `/apps/${ws}/trueid/settings`, { settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors[0].field).toMatch(/^settings\./);
    }
    const badMail = await call('PUT', `/apps/${ws}/email-marketing/settings`, {
      settings: { sender_name: 'Ana\r\nBcc: x@y.z' },
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().message).toBe('O nome do remetente não pode ter quebras de linha.');
    for (const body of [{}, { settings: 'x' }, null]) {
      expect((await call('PUT', `/apps/${ws}/trueid/settings`, body)).statusCode).toBe(400);
    }
    expect((await call('GET', `/apps/${ws}/unknown/settings`)).statusCode).toBe(400);
    expect((await call('GET', `/app/${ws}?label=nada`)).statusCode).toBe(400);
    expect((await call('PUT', `/apps/${ws}?label=nada`)).statusCode).toBe(400);

    const saved = await call('PUT', `/apps/${ws}/trueid/settings`, {
      settings: { require_age_verification: true, retention_days: 30, extra: 'ignored' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      settings: { require_age_verification: true, retention_days: 30 },
    });
    await call('PUT', `/apps/${ws}?label=trueid`, { installed: true });
    await call('PUT', `/apps/${ws}?label=trueid`, { installed: false });
    const read = await apiCall(t, member)('GET', `/apps/${ws}/trueid/settings`);
    expect(read.json()).toEqual({
      settings: { require_age_verification: true, retention_days: 30 },
    });
  });

  it('requireAppInstalled answers 409 APP_NOT_INSTALLED while the app is off', async () => {
    const { owner: other } = await createTeam(t);
    await expect(
      requireAppInstalled(t.ctx.db, other.workspaceId, 'email-marketing'),
    ).rejects.toMatchObject({ code: 'APP_NOT_INSTALLED', status: 409 });
    await apiCall(t, other)('PUT', `/apps/${other.workspaceId}?label=email-marketing`);
    await expect(
      requireAppInstalled(t.ctx.db, other.workspaceId, 'email-marketing'),
    ).resolves.toBeUndefined();
  });
});
