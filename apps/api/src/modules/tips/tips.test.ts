/**
 * Tips (issue 32): a Pix charge of kind `tip`, paid by the creator's PSP webhook: listed in
 * 'Gorjetas', shown live in the tipper's conversation, e-mailed to the owner, booked once in the
 * ledger as 'Gorjetas'; bounds, who may tip and who may read the list.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@fa-clube/contract';
import { charges, financeCategories, financeTransactions, tips } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost } from '../../../test/support/content';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { openSse } from '../../../test/support/sse';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';

let t: TestContext;
let psp: TestPsp;
let creator: TestUser;
let member: TestUser;
let port: number;

beforeAll(async () => {
  port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: testCertificates().files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  ({ creator, psp } = await creatorWithPsp(t, { value: 29.9 }));
  expect((await connect(t, creator, psp)).statusCode).toBe(200);
  member = await createUser(t);
  await addTeamMember(t, creator, member);
});
afterAll(async () => {
  await t.close();
  await psp.close();
});

const call = (method: 'GET' | 'POST', url: string, who: TestUser | null, payload?: object) =>
  t.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? bearer(who.accessToken) : {},
    payload,
  });
const tip = (who: TestUser | null, body: object, username = creator.username) =>
  call('POST', `/tips?username=${username}`, who, body);
const tipsOf = (who: TestUser, query = '') =>
  call('GET', `/tips/${creator.workspaceId}${query}`, who);

describe('POST /tips', () => {
  it('opens a tip charge; paid, it is listed, shown live in the chat, e-mailed and booked once', async () => {
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, creator);
    const chat = await call('POST', `/chats?username=${creator.username}`, fan);
    expect([200, 201]).toContain(chat.statusCode);
    const post = await createPost(t, creator, { text: 'Obrigada pelo apoio!' });

    const res = await tip(fan, { value: 10, message: '  Amei o ensaio!  ', post_id: post.id });
    expect(res.statusCode, res.body).toBe(201);
    const charge = res.json();
    expect(charge).toMatchObject({ kind: 'tip', item_id: null, value: 10, status: 'pending' });
    expect(psp.cobs.get(charge.txid)!.valor.original).toBe('10.00');
    // not listed before it is paid
    expect((await tipsOf(creator)).json().total).toBe(0);

    const owner = await openSse(`http://127.0.0.1:${port}/api/v1/events`, {
      token: creator.accessToken,
    });
    const payer = await openSse(`http://127.0.0.1:${port}/api/v1/events`, {
      token: fan.accessToken,
    });
    const endToEndId = newEndToEndId();
    try {
      expect(await (await psp.pay(charge.txid, { endToEndId })).json()).toEqual({
        received: 1,
        applied: 1,
      });
      const [message] = await owner.waitFor(1);
      expect(message!.event).toBe('chat.message');
      expect(JSON.parse(message!.data)).toMatchObject({
        chat_id: chat.json().id,
        text: '',
        tip: { value: 10, message: 'Amei o ensaio!' },
        sender: { id: fan.id, side: 'fan' },
      });
      const events = await payer.waitFor(2);
      expect(events.map((e) => e.event).sort()).toEqual(['charge.paid', 'chat.message']);
    } finally {
      owner.close();
      payer.close();
    }

    for (const who of [creator, member]) {
      const list = await tipsOf(who);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ page: 0, size: 20, total: 1 });
      expect(list.json().tips[0]).toMatchObject({
        username: fan.username,
        full_name: fan.fullName,
        value: 10,
        message: 'Amei o ensaio!',
        post_id: post.id,
      });
    }
    // in the conversation's history too
    const thread = await call(
      'GET',
      `/chats/${creator.workspaceId}/${chat.json().id}/messages`,
      creator,
    );
    expect(thread.json().messages[0]).toMatchObject({ tip: { value: 10 } });

    const mail = await t.mail.waitFor(creator.email, (m) => m.subject.includes('gorjeta'));
    expect(mail.subject).toBe(`Você recebeu uma gorjeta de ${formatCents(1000)}`);
    expect(mail.text).toContain('Amei o ensaio!');

    // the same notification again: nothing more
    const again = await psp.notify({
      pix: [{ endToEndId, txid: charge.txid, valor: '10.00', horario: new Date().toISOString() }],
    });
    expect(await again.json()).toEqual({ received: 1, applied: 0 });
    const [category] = await t.ctx.db
      .select()
      .from(financeCategories)
      .where(
        and(
          eq(financeCategories.workspaceId, creator.workspaceId),
          eq(financeCategories.label, 'Gorjetas'),
        ),
      );
    const booked = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.chargeId, charge.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ categoryId: category!.id, amountCents: 1000 });
    expect((await tipsOf(creator)).json().total).toBe(1);
  });

  it('takes a tip from someone without a conversation: listed, no chat message', async () => {
    const stranger = await createUser(t);
    const res = await tip(stranger, { value: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect((await psp.pay(res.json().txid)).status).toBe(200);
    const [row] = await t.ctx.db.select().from(tips).where(eq(tips.chargeId, res.json().id));
    expect(row).toMatchObject({ chatMessageId: null, message: null });
    expect(row!.paidAt).not.toBeNull();
  });

  it('refuses bad amounts and messages, the team, unknown creators and posts; changes nothing', async () => {
    const fan = await createUser(t);
    const other = await createUser(t);
    const otherPost = await createPost(t, other, { text: 'de outro perfil' });
    const cases: [TestUser | null, object, number, string?][] = [
      [fan, { value: 1.99 }, 400],
      [fan, { value: 5000.01 }, 400],
      [fan, { value: 2.005 }, 400],
      [fan, { value: '10' }, 400],
      [fan, { value: 10, message: 'x'.repeat(281) }, 400],
      [fan, { value: 10, post_id: otherPost.id }, 404],
      [creator, { value: 10 }, 400, 'CANNOT_TIP_OWN_WORKSPACE'],
      [member, { value: 10 }, 400, 'CANNOT_TIP_OWN_WORKSPACE'],
      [null, { value: 10 }, 401],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await tip(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (code) expect(res.json().code).toBe(code);
    }
    expect((await tip(fan, { value: 10 }, 'ninguem_aqui')).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(charges).where(eq(charges.payerId, fan.id))).toEqual([]);
    expect(await t.ctx.db.select().from(tips).where(eq(tips.tipperId, fan.id))).toEqual([]);
    // the upper bound itself is fine
    expect((await tip(fan, { value: 5000, message: 'x'.repeat(280) })).statusCode).toBe(201);
  });
});

describe('GET /tips/{ws}', () => {
  it('is for the owner and members only, paged', async () => {
    const stranger = await createUser(t);
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, creator);
    expect((await call('GET', `/tips/${creator.workspaceId}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/tips/${creator.workspaceId}`, fan)).statusCode).toBe(404);
    expect((await call('GET', `/tips/${creator.workspaceId}`, null)).statusCode).toBe(401);
    expect((await tipsOf(creator, '?size=101')).statusCode).toBe(400);
    const page = await tipsOf(creator, '?size=1&page=0');
    expect(page.json().tips.length).toBeLessThanOrEqual(1);
  });
});
