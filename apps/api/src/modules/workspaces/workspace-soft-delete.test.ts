import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  charges,
  contents,
  emailSuppressions,
  financeTransactions,
  subscriptionPayments,
  subscriptions,
  trueidCustomers,
  workspaceApps,
  workspaces,
} from '../../db/schema';
import { setAppInstalled } from '../../../test/support/apps';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber, setUpCreator } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.inject({ method, url, headers: user ? bearer(user.accessToken) : {}, payload });

describe('deleting a workspace keeps its money records', () => {
  it('profile, posts and team go at once; charges, payments and ledger rows stay, closed', async () => {
    const creator = await createUser(t);
    const fan = await createUser(t);
    const member = await createUser(t);
    const ws = creator.workspaceId;
    await setUpCreator(t, creator, { plan_type: 'monthly', value: 19.9, discount: 0 });
    const paid = await makeActiveSubscriber(t, fan, creator);
    await addTeamMember(t, creator, member);
    const post = await call('POST', `/api/v1/content/${ws}`, creator, { text: 'Olá, fãs' });
    expect(post.statusCode).toBe(201);
    // a second fan leaves a charge open
    const second = await createUser(t);
    const open = await call(
      'POST',
      `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly`,
      second,
    );
    expect(open.statusCode).toBe(200);
    const ledgerBefore = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.workspaceId, ws));
    expect(ledgerBefore).toHaveLength(1);

    // the apps hold personal data: a verified fan's identity, an unsubscribed address
    await setAppInstalled(t, creator, 'trueid');
    await t.ctx.db.insert(trueidCustomers).values({
      workspaceId: ws,
      id: crypto.randomUUID(),
      userId: fan.id,
      legalName: 'Fã Verificado',
      legalId: '52998224725',
      documentType: 'cnh',
    });
    await t.ctx.db.insert(emailSuppressions).values({ workspaceId: ws, email: 'fa@example.com' });

    // the creator needs another own workspace to delete this one
    const keep = await call('POST', '/api/v1/workspaces', creator, {
      label: 'Outro',
      username: `${creator.username.slice(0, 24)}.novo`,
    });
    expect(keep.statusCode).toBe(201);
    const del = await call('DELETE', `/api/v1/workspaces/${ws}`, creator);
    expect(del.statusCode).toBe(200);

    // gone at once for everyone
    expect(
      (await call('GET', `/api/v1/profile?username=${creator.username}`, fan)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/v1/workspaces/${ws}`, creator)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/workspaces/${ws}`, member)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/charges/${ws}`, creator)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/subscribers/${ws}`, creator)).statusCode).toBe(404);
    const subscribeAgain = await call(
      'POST',
      `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly`,
      fan,
    );
    expect(subscribeAgain.statusCode).toBe(404);
    const mine = (await call('GET', '/api/v1/subscriptions', fan)).json();
    expect(mine.subscriptions).toEqual([]);
    expect(await t.ctx.db.select().from(contents).where(eq(contents.workspaceId, ws))).toEqual([]);
    for (const table of [trueidCustomers, emailSuppressions, workspaceApps])
      expect(await t.ctx.db.select().from(table).where(eq(table.workspaceId, ws))).toEqual([]);
    const memberList = (await call('GET', '/api/v1/workspaces', member)).json().workspaces;
    expect(memberList.map((w: { id: string }) => w.id)).not.toContain(ws);

    // the money records stay, closed
    const [row] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, ws));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const chargeRows = await t.ctx.db.select().from(charges).where(eq(charges.workspaceId, ws));
    expect(chargeRows).toHaveLength(2);
    expect(chargeRows.find((c) => c.id === paid.chargeId)?.status).toBe('paid');
    expect(chargeRows.find((c) => c.id !== paid.chargeId)?.status).toBe('cancelled');
    const [sub] = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, ws));
    expect(sub?.status).toBe('cancelled');
    expect(
      await t.ctx.db
        .select()
        .from(subscriptionPayments)
        .where(eq(subscriptionPayments.chargeId, paid.chargeId)),
    ).toHaveLength(1);
    expect(
      await t.ctx.db
        .select()
        .from(financeTransactions)
        .where(eq(financeTransactions.workspaceId, ws)),
    ).toHaveLength(1);
  });

  it('frees the username at once: someone else can take it, and its profile is theirs', async () => {
    const creator = await createUser(t);
    const other = await createUser(t);
    const fan = await createUser(t);
    const handle = `${creator.username.slice(0, 24)}.excl`;
    const made = await call('POST', '/api/v1/workspaces', creator, {
      label: 'Antigo',
      username: handle,
    });
    expect(made.statusCode).toBe(201);
    const clash = await call('POST', '/api/v1/workspaces', other, {
      label: 'Novo dono',
      username: handle,
    });
    expect(clash.statusCode).toBe(409);
    expect((await call('DELETE', `/api/v1/workspaces/${made.json().id}`, creator)).statusCode).toBe(
      200,
    );
    const taken = await call('POST', '/api/v1/workspaces', other, {
      label: 'Novo dono',
      username: handle.toUpperCase(),
    });
    expect(taken.statusCode).toBe(201);
    const profile = await call('GET', `/api/v1/profile?username=${handle}`, fan);
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).toContain('Novo dono');
    expect(JSON.stringify(profile.json())).not.toContain('Antigo');
  });
});
