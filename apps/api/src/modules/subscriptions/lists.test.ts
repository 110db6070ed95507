import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber, setUpCreator } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { exportSubscribersCsv } from './subscriptions.service';

let t: TestContext;
let queries: string[] = [];
let creator: TestUser;
let member: TestUser;
let stranger: TestUser;
const fans: TestUser[] = [];

beforeAll(async () => {
  t = await createTestContext({ onQuery: (sql) => void queries.push(sql) });
  creator = await createUser(t);
  member = await createUser(t);
  stranger = await createUser(t);
  await addTeamMember(t, creator, member);
  await setUpCreator(t, creator, { plan_type: 'monthly', value: 9.9, discount: 0 });
  for (let i = 0; i < 5; i++) {
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, creator);
    fans.push(fan);
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who?: TestUser) =>
  t.inject({ method: 'GET', url, headers: who ? bearer(who.accessToken) : {} });

describe('GET /subscriptions is paged', () => {
  it('answers one page of the caller’s subscriptions with page, size and total', async () => {
    const fan = fans[0]!;
    // the fan subscribes to three more creators
    for (let i = 0; i < 3; i++) {
      const other = await createUser(t);
      await makeActiveSubscriber(t, fan, other);
    }
    const first = await get('/api/v1/subscriptions?size=2', fan);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 0, size: 2, total: 4 });
    expect(first.json().subscriptions).toHaveLength(2);
    const last = await get('/api/v1/subscriptions?page=1&size=2', fan);
    expect(last.json().subscriptions).toHaveLength(2);
    const ids = [...first.json().subscriptions, ...last.json().subscriptions].map(
      (s: { id: string }) => s.id,
    );
    expect(new Set(ids).size).toBe(4);
    expect(Array.isArray(first.json().pending_charges)).toBe(true);
    const byDefault = await get('/api/v1/subscriptions', fan);
    expect(byDefault.json()).toMatchObject({ page: 0, size: 20, total: 4 });

    expect((await get('/api/v1/subscriptions?size=101', fan)).statusCode).toBe(400);
    expect((await get('/api/v1/subscriptions?page=-1', fan)).statusCode).toBe(400);
    expect((await get('/api/v1/subscriptions')).statusCode).toBe(401);
  });
});

describe('GET /teams/{id}/members is paged', () => {
  it('pages members and invitations with their totals; strangers 404, signed out 401', async () => {
    for (const email of ['a@exemplo.com', 'b@exemplo.com', 'c@exemplo.com']) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/v1/workspaces/${creator.workspaceId}/invite`,
        headers: bearer(creator.accessToken),
        payload: { email },
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    const url = `/api/v1/teams/${creator.workspaceId}/members`;
    const all = (await get(url, member)).json();
    expect(all).toMatchObject({ page: 0, size: 100, total: 2, invitations_total: 3 });
    expect(all.members).toHaveLength(2);
    const paged = (await get(`${url}?size=1&page=1`, creator)).json();
    expect(paged).toMatchObject({ page: 1, size: 1, total: 2, invitations_total: 3 });
    expect(paged.members).toHaveLength(1);
    expect(paged.members[0].id).toBe(all.members[1].id);
    expect(paged.invitations).toHaveLength(1);
    expect(paged.invitations[0].id).toBe(all.invitations[1].id);
    expect((await get(`${url}?size=0`, creator)).statusCode).toBe(400);
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
  });
});

describe('the subscribers CSV is streamed with keyset paging', () => {
  it('reads every subscriber once, in batches, without OFFSET', async () => {
    queries = [];
    const stream = await exportSubscribersCsv(
      t.ctx,
      { userId: creator.id, sessionId: 'export-test' },
      creator.workspaceId,
      { batchSize: 2 },
    );
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nome,Usuário,Plano,Assinatura válida até,Descrição');
    expect(lines).toHaveLength(1 + fans.length);
    for (const fan of fans)
      expect(lines.filter((l) => l.includes(`,${fan.username},`))).toHaveLength(1);
    const batches = queries.filter((q) => /from "subscriptions"/i.test(q) && /limit/i.test(q));
    expect(batches.length).toBe(3); // 2 + 2 + 1
    expect(batches.every((q) => !/offset/i.test(q))).toBe(true);
  });

  it('answers the CSV as a stream over HTTP, and refuses strangers before streaming', async () => {
    const res = await get(`/api/v1/subscribers/${creator.workspaceId}/export.csv`, member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1 + fans.length);
    const denied = await get(`/api/v1/subscribers/${creator.workspaceId}/export.csv`, stranger);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe('WORKSPACE_NOT_FOUND');
  });
});
