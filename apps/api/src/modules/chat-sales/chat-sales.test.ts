/**
 * Paid messages, messages to many and the welcome message (issue 32, decision 084): a priced
 * workspace message locked for the fan (no path or URL) until its charge is paid by the PSP's
 * webhook, unlocked live, booked once as 'Mensagens pagas', taken back by a refund; a message
 * to many delivered through the job queue exactly once per fan across a stop mid-send, skipping
 * muted fans and fans who turned it off, with its counts and daily cap; the welcome message
 * sent once when a fan's first subscription starts; and who may do each.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@fa-clube/contract';
import {
  chatBroadcastRecipients,
  chatBroadcasts,
  chatMessages,
  financeCategories,
  financeTransactions,
  welcomeDeliveries,
  workspaces,
} from '../../db/schema';
import type { JobQueue } from '../../lib/queue';
import { startTestQueue } from '../../../test/support/queue';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { uploadJpeg } from '../../../test/support/content';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { openSse } from '../../../test/support/sse';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { broadcastQueue, deliverBroadcast } from './chat-sales.service';

let t: TestContext;
let psp: TestPsp;
let creator: TestUser;
let member: TestUser;
let port: number;
let queue: JobQueue;

beforeAll(async () => {
  port = await freePort();
  t = await createTestContext({
    env: {
      APP_URL: `http://127.0.0.1:${port}`,
      PIX_CA_FILE: testCertificates().files.ca,
      BROADCASTS_PER_DAY: '4',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  ({ creator, psp } = await creatorWithPsp(t, { value: 29.9 }));
  expect((await connect(t, creator, psp)).statusCode).toBe(200);
  member = await createUser(t);
  await addTeamMember(t, creator, member);
  queue = await startTestQueue(t, broadcastQueue(t.ctx));
});
afterAll(async () => {
  await queue?.stop({ timeoutMs: 3000 });
  await t.close();
  await psp.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestUser | null,
  payload?: object,
) =>
  t.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? bearer(who.accessToken) : {},
    payload,
  });

async function subscriber(planType: 'monthly' | 'yearly' = 'monthly') {
  const fan = await createUser(t);
  await makeActiveSubscriber(t, fan, creator, planType);
  return fan;
}
async function openChat(fan: TestUser): Promise<string> {
  const res = await call('POST', `/chats?username=${creator.username}`, fan);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().id;
}
const messagesUrl = (chatId: string) => `/chats/${creator.workspaceId}/${chatId}/messages`;
const thread = async (who: TestUser, chatId: string): Promise<ChatMessage[]> => {
  const res = await call('GET', messagesUrl(chatId), who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages;
};
async function paidMessage(chatId: string, price = 12.5, text = 'Foto exclusiva para você') {
  const file = await uploadJpeg(t, creator);
  const res = await call('POST', messagesUrl(chatId), creator, {
    text,
    attachment: { file_path: file },
    price,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage & { attachment: { url: string } };
}
const buy = (who: TestUser | null, chatId: string, id: string) =>
  call('POST', `/chats/${creator.workspaceId}/${chatId}/messages/${id}/purchase`, who);

describe('paid messages', () => {
  it('are locked for the fan (kind and price only) and open to the team', async () => {
    const fan = await subscriber();
    const chatId = await openChat(fan);
    const sent = await paidMessage(chatId);
    expect(sent).toMatchObject({ price: 12.5, purchased: false, attachment: { kind: 'image' } });
    const storedPath = (
      await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id))
    )[0]!.attachmentPath!;
    const [seen] = await thread(fan, chatId);
    expect(seen).toMatchObject({
      id: sent.id,
      text: 'Foto exclusiva para você',
      price: 12.5,
      purchased: false,
      attachment: { kind: 'image', locked: true },
    });
    const raw = JSON.stringify(await thread(fan, chatId));
    expect(raw).not.toContain(storedPath);
    expect(raw).not.toContain('/storage/object');
    // the conversation list's last message too
    expect(JSON.stringify((await call('GET', '/chats', fan)).json())).not.toContain(storedPath);
    for (const who of [creator, member]) {
      const [open] = await thread(who, chatId);
      expect(open!.attachment).toMatchObject({ kind: 'image', content_type: 'image/webp' });
      expect((open!.attachment as { url: string }).url).toBeTruthy();
    }
  });

  it('refuses prices and files from the fan, prices without a file, prices out of bounds', async () => {
    const fan = await subscriber();
    const chatId = await openChat(fan);
    const file = await uploadJpeg(t, creator);
    const fanTry = await call('POST', messagesUrl(chatId), fan, { text: 'oi', price: 5 });
    expect(fanTry.statusCode).toBe(403);
    expect(fanTry.json().code).toBe('FAN_CANNOT_SELL');
    const fanFile = await call('POST', messagesUrl(chatId), fan, {
      text: 'oi',
      attachment: { file_path: file },
    });
    expect(fanFile.json().code).toBe('FAN_CANNOT_SELL');
    const noFile = await call('POST', messagesUrl(chatId), creator, { text: 'pague', price: 5 });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('PRICE_NEEDS_ATTACHMENT');
    for (const price of [0.99, 5000.01, 1.005])
      expect(
        (
          await call('POST', messagesUrl(chatId), creator, {
            text: 'x',
            attachment: { file_path: file },
            price,
          })
        ).statusCode,
        `${price}`,
      ).toBe(400);
    expect(
      await t.ctx.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), isNotNull(chatMessages.priceCents))),
    ).toEqual([]);
  });

  it('a webhook unlocks exactly that message for that fan, live, booked once; a refund locks it again', async () => {
    const fan = await subscriber();
    const chatId = await openChat(fan);
    const other = await paidMessage(chatId, 3);
    const sent = await paidMessage(chatId, 12.5);
    const first = await buy(fan, chatId, sent.id);
    expect(first.statusCode, first.body).toBe(201);
    const charge = first.json();
    expect(charge).toMatchObject({ kind: 'message', item_id: sent.id, value: 12.5 });
    const again = await buy(fan, chatId, sent.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(charge.id);

    const stream = await openSse(`http://127.0.0.1:${port}/api/v1/events`, {
      token: fan.accessToken,
    });
    const endToEndId = newEndToEndId();
    try {
      expect(await (await psp.pay(charge.txid, { endToEndId })).json()).toEqual({
        received: 1,
        applied: 1,
      });
      const events = await stream.waitFor(2);
      expect(events.map((e) => e.event).sort()).toEqual(['charge.paid', 'chat.updated']);
    } finally {
      stream.close();
    }
    const seen = await thread(fan, chatId);
    const bought = seen.find((m) => m.id === sent.id)!;
    expect(bought).toMatchObject({ purchased: true, attachment: { kind: 'image' } });
    expect((bought.attachment as { url: string }).url).toBeTruthy();
    // the other paid message stays locked
    expect(seen.find((m) => m.id === other.id)!.attachment).toEqual({
      kind: 'image',
      locked: true,
    });
    const dup = await buy(fan, chatId, sent.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ALREADY_PURCHASED');

    // the same notification again books nothing more; one row under 'Mensagens pagas'
    await psp.notify({
      pix: [{ endToEndId, txid: charge.txid, valor: '12.50', horario: new Date().toISOString() }],
    });
    const [category] = await t.ctx.db
      .select()
      .from(financeCategories)
      .where(
        and(
          eq(financeCategories.workspaceId, creator.workspaceId),
          eq(financeCategories.label, 'Mensagens pagas'),
        ),
      );
    const booked = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.categoryId, category!.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]!.amountCents).toBe(1250);

    // the owner's list of paid messages names the Pix that paid it, refundable here
    const paidList = async () =>
      (await call('GET', `/charges/${creator.workspaceId}?kind=sale&status=paid`, creator)).json()
        .charges as {
        id: string;
        kind: string;
        payment?: Record<string, unknown> | null;
      }[];
    // every one-off sale (`kind=sale`), no subscription's period
    expect(new Set((await paidList()).map((c) => c.kind))).toEqual(new Set(['message']));
    expect((await paidList()).find((c) => c.id === charge.id)!.payment).toEqual({
      end_to_end_id: endToEndId,
      refundable: true,
      refund: null,
    });
    // 'Minhas compras' lists the bought message with its conversation (not the locked one)
    const mine = (await call('GET', '/purchases', fan)).json();
    expect(mine.total).toBe(1);
    expect(mine.purchases[0]).toMatchObject({
      kind: 'message',
      item_id: sent.id,
      value: 12.5,
      chat_id: chatId,
      workspace: { id: creator.workspaceId, username: creator.username },
      message: { id: sent.id, purchased: true, attachment: { kind: 'image' } },
    });
    expect(mine.purchases[0].message.attachment.url).toBeTruthy();
    // the message is the fan's alone: not on the team's or another fan's list
    for (const who of [creator, member, await subscriber()])
      expect((await call('GET', '/purchases', who)).json().total).toBe(0);

    // a member may not refund; the owner does, and the message is locked again, live
    expect(
      (await call('POST', `/charges/${creator.workspaceId}/${endToEndId}/refund`, member))
        .statusCode,
    ).toBe(403);
    const refundStream = await openSse(`http://127.0.0.1:${port}/api/v1/events`, {
      token: fan.accessToken,
    });
    let refund;
    try {
      refund = await call('POST', `/charges/${creator.workspaceId}/${endToEndId}/refund`, creator);
      const [live] = await refundStream.waitFor(1);
      expect(live).toMatchObject({ event: 'chat.updated' });
      expect(JSON.parse(live!.data)).toEqual({ chat_id: chatId });
    } finally {
      refundStream.close();
    }
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await call('GET', '/purchases', fan)).json()).toMatchObject({
      total: 0,
      purchases: [],
    });
    expect((await thread(fan, chatId)).find((m) => m.id === sent.id)).toMatchObject({
      purchased: false,
      attachment: { kind: 'image', locked: true },
    });
    expect((await paidList()).find((c) => c.id === charge.id)!.payment).toMatchObject({
      end_to_end_id: endToEndId,
      refund: { end_to_end_id: endToEndId, amount: 12.5 },
    });
  });

  it('refuses the team, free messages, strangers and signed-out callers', async () => {
    const fan = await subscriber();
    const chatId = await openChat(fan);
    const sent = await paidMessage(chatId);
    const free = await call('POST', messagesUrl(chatId), creator, { text: 'de graça' });
    expect((await buy(member, chatId, sent.id)).json().code).toBe('NOT_FOR_SALE');
    expect((await buy(creator, chatId, sent.id)).json().code).toBe('NOT_FOR_SALE');
    expect((await buy(fan, chatId, free.json().id)).json().code).toBe('NOT_FOR_SALE');
    const stranger = await createUser(t);
    expect((await buy(stranger, chatId, sent.id)).statusCode).toBe(404);
    // another fan of the same creator cannot buy what was sent to this one
    const otherFan = await subscriber();
    expect((await buy(otherFan, chatId, sent.id)).statusCode).toBe(404);
    expect((await buy(null, chatId, sent.id)).statusCode).toBe(401);
  });
});

describe('messages to many', () => {
  const broadcastsUrl = () => `/chats/${creator.workspaceId}/broadcasts`;
  const fanMessagesOf = (broadcastId: string) =>
    t.ctx.db.select().from(chatMessages).where(eq(chatMessages.broadcastId, broadcastId));

  it('goes once into each fan conversation, skipping muted fans and fans who turned it off', async () => {
    const withChat = await subscriber();
    const withChatId = await openChat(withChat);
    const noChat = await subscriber('yearly');
    const muted = await subscriber();
    const mutedChat = await openChat(muted);
    expect(
      (await call('POST', `/chats/${creator.workspaceId}/${mutedChat}/block`, creator)).statusCode,
    ).toBe(200);
    const off = await subscriber();
    const offChat = await openChat(off);
    const pref = await call('PUT', `/chats/${creator.workspaceId}/${offChat}/preferences`, off, {
      broadcasts: false,
    });
    expect(pref.statusCode, pref.body).toBe(200);
    // the team cannot turn it off for the fan
    expect(
      (
        await call('PUT', `/chats/${creator.workspaceId}/${offChat}/preferences`, creator, {
          broadcasts: true,
        })
      ).statusCode,
    ).toBe(403);

    const live = await openSse(`http://127.0.0.1:${port}/api/v1/events`, {
      token: withChat.accessToken,
    });
    const file = await uploadJpeg(t, creator);
    const res = await call('POST', broadcastsUrl(), creator, {
      text: 'Novidade para todos!',
      attachment: { file_path: file },
      price: 9.9,
      audience: 'subscribers',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id, recipients } = res.json();
    expect(recipients).toBeGreaterThanOrEqual(4);
    try {
      const [event] = await live.waitFor(1, 10_000);
      expect(JSON.parse(event!.data)).toMatchObject({
        chat_id: withChatId,
        text: 'Novidade para todos!',
        price: 9.9,
        attachment: { kind: 'image', locked: true },
      });
    } finally {
      live.close();
    }
    // the queue finishes it
    await expect
      .poll(async () => (await call('GET', broadcastsUrl(), creator)).json().broadcasts[0], {
        timeout: 15_000,
      })
      .toMatchObject({ id, status: 'sent' });
    const copies = await fanMessagesOf(id);
    const rows = await t.ctx.db
      .select()
      .from(chatBroadcastRecipients)
      .where(eq(chatBroadcastRecipients.broadcastId, id));
    const byFan = new Map(rows.map((r) => [r.fanId, r]));
    expect(byFan.get(withChat.id)!.status).toBe('delivered');
    expect(byFan.get(noChat.id)!.status).toBe('delivered');
    expect(byFan.get(muted.id)!.status).toBe('skipped');
    expect(byFan.get(off.id)!.status).toBe('skipped');
    expect(copies).toHaveLength(rows.filter((r) => r.status === 'delivered').length);
    // a conversation was opened for the fan who had none
    const chats = (await call('GET', '/chats', noChat)).json().chats;
    expect(chats).toHaveLength(1);
    expect(chats[0].last_message).toMatchObject({ text: 'Novidade para todos!' });
    expect((await thread(muted, mutedChat)).map((m) => m.text)).not.toContain(
      'Novidade para todos!',
    );

    // the fan reads it and buys it: the counts follow
    expect(
      (await call('POST', `/chats/${creator.workspaceId}/${withChatId}/read`, withChat)).statusCode,
    ).toBe(200);
    const copy = copies.find((c) => c.chatId === withChatId)!;
    const charge = (await buy(withChat, withChatId, copy.id)).json();
    await psp.pay(charge.txid, { endToEndId: newEndToEndId() });
    for (const who of [creator, member]) {
      const listed = (await call('GET', broadcastsUrl(), who)).json();
      expect(listed.broadcasts[0]).toMatchObject({
        id,
        audience: 'subscribers',
        attachment_kind: 'image',
        price: 9.9,
        recipients,
        delivered: recipients - 2,
        skipped: 2,
        read: 1,
        purchased: 1,
        revenue: 9.9,
      });
    }
  });

  it('is delivered exactly once per fan across a stop of the worker mid-send', async () => {
    const fans = [await subscriber(), await subscriber(), await subscriber()];
    await queue.stop({ timeoutMs: 3000 }); // no worker: the test drives the delivery
    try {
      const res = await call('POST', broadcastsUrl(), creator, {
        text: 'Aviso importante',
        audience: 'subscribers',
      });
      expect(res.statusCode, res.body).toBe(202);
      const { id, recipients } = res.json();
      // the worker stops after its first batch of one
      let checks = 0;
      const stopAfterOne = {
        get aborted() {
          checks += 1;
          return checks > 1;
        },
      } as AbortSignal;
      await expect(deliverBroadcast(t.ctx, id, stopAfterOne, 1)).rejects.toThrow();
      // one recipient done (delivered, or skipped: a fan muted in the test above), the rest queued
      const done = (
        await t.ctx.db
          .select()
          .from(chatBroadcastRecipients)
          .where(eq(chatBroadcastRecipients.broadcastId, id))
      ).filter((r) => r.status !== 'queued');
      expect(done).toHaveLength(1);
      expect(await fanMessagesOf(id)).toHaveLength(done[0]!.status === 'delivered' ? 1 : 0);
      // restarted twice, at once: everyone left gets it, nobody twice
      const go = new AbortController().signal;
      await Promise.all([deliverBroadcast(t.ctx, id, go, 2), deliverBroadcast(t.ctx, id, go, 2)]);
      await deliverBroadcast(t.ctx, id, go);
      const copies = await fanMessagesOf(id);
      const states = await t.ctx.db
        .select()
        .from(chatBroadcastRecipients)
        .where(eq(chatBroadcastRecipients.broadcastId, id));
      expect(states).toHaveLength(recipients);
      expect(states.filter((r) => r.status === 'queued')).toEqual([]);
      const delivered = states.filter((r) => r.status === 'delivered');
      for (const fan of fans) expect(delivered.map((r) => r.fanId)).toContain(fan.id);
      expect(copies).toHaveLength(delivered.length);
      expect(new Set(copies.map((c) => c.chatId)).size).toBe(copies.length);
      for (const fan of fans) {
        const list = (await call('GET', '/chats', fan)).json().chats;
        expect(list[0].last_message.text).toBe('Aviso importante');
      }
    } finally {
      queue = await startTestQueue(t, broadcastQueue(t.ctx));
    }
  });

  it('delivers nothing more once its workspace is closed', async () => {
    const owner = await createUser(t);
    const fanOf = await createUser(t);
    await makeActiveSubscriber(t, fanOf, owner);
    await queue.stop({ timeoutMs: 3000 });
    try {
      const res = await call('POST', `/chats/${owner.workspaceId}/broadcasts`, owner, {
        text: 'Até logo',
        audience: 'subscribers',
      });
      expect(res.statusCode, res.body).toBe(202);
      await t.ctx.db
        .update(workspaces)
        .set({ deletedAt: new Date() })
        .where(eq(workspaces.id, owner.workspaceId));
      await deliverBroadcast(t.ctx, res.json().id, new AbortController().signal);
      expect(await fanMessagesOf(res.json().id)).toEqual([]);
      const states = await t.ctx.db
        .select()
        .from(chatBroadcastRecipients)
        .where(eq(chatBroadcastRecipients.broadcastId, res.json().id));
      expect(states.map((r) => r.status)).toEqual(['skipped']);
      const [row] = await t.ctx.db
        .select()
        .from(chatBroadcasts)
        .where(eq(chatBroadcasts.id, res.json().id));
      expect(row!.finishedAt).not.toBeNull();
    } finally {
      queue = await startTestQueue(t, broadcastQueue(t.ctx));
    }
  });

  it('chooses its audience: one plan, former subscribers', async () => {
    const yearly = await subscriber('yearly');
    const res = await call('POST', broadcastsUrl(), creator, {
      text: 'Só para o plano anual',
      audience: 'subscribers:yearly',
    });
    expect(res.statusCode, res.body).toBe(202);
    const rows = await t.ctx.db
      .select()
      .from(chatBroadcastRecipients)
      .where(eq(chatBroadcastRecipients.broadcastId, res.json().id));
    expect(rows.map((r) => r.fanId)).toContain(yearly.id);
    expect(rows.length).toBe(res.json().recipients);
    // nobody's subscription ended here: no former subscribers
    const none = await call('POST', broadcastsUrl(), creator, {
      text: 'Volte!',
      audience: 'former_subscribers',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_FANS_IN_AUDIENCE');
    const bad = await call('POST', broadcastsUrl(), creator, { text: 'x', audience: 'todos' });
    expect(bad.statusCode).toBe(400);
  });

  it("is the owner's alone, and capped per day (429 with Retry-After)", async () => {
    const fan = await subscriber();
    const stranger = await createUser(t);
    const body = { text: 'Oi', audience: 'subscribers' };
    expect((await call('POST', broadcastsUrl(), member, body)).json().code).toBe('OWNER_REQUIRED');
    expect((await call('POST', broadcastsUrl(), fan, body)).statusCode).toBe(404);
    expect((await call('POST', broadcastsUrl(), stranger, body)).statusCode).toBe(404);
    expect((await call('POST', broadcastsUrl(), null, body)).statusCode).toBe(401);
    expect((await call('GET', broadcastsUrl(), fan)).statusCode).toBe(404);
    expect((await call('GET', broadcastsUrl(), null)).statusCode).toBe(401);
    // BROADCASTS_PER_DAY is 4 here; the tests above sent 3
    const fourth = await call('POST', broadcastsUrl(), creator, body);
    expect(fourth.statusCode, fourth.body).toBe(202);
    const fifth = await call('POST', broadcastsUrl(), creator, body);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('BROADCAST_DAILY_LIMIT');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the welcome message', () => {
  const url = () => `/workspaces/${creator.workspaceId}/welcome-message`;

  it('is set by the owner, read by the team, hidden from everyone else', async () => {
    const fan = await subscriber();
    const stranger = await createUser(t);
    const body = { enabled: true, text: 'Bem-vindo ao meu clube!' };
    expect((await call('PUT', url(), member, body)).json().code).toBe('OWNER_REQUIRED');
    for (const who of [fan, stranger]) {
      expect((await call('PUT', url(), who, body)).statusCode).toBe(404);
      expect((await call('GET', url(), who)).statusCode).toBe(404);
    }
    expect((await call('PUT', url(), null, body)).statusCode).toBe(401);
    const empty = await call('PUT', url(), creator, { enabled: true, text: '  ' });
    expect(empty.statusCode).toBe(400);
    const noFile = await call('PUT', url(), creator, { ...body, price: 5 });
    expect(noFile.json().code).toBe('PRICE_NEEDS_ATTACHMENT');
    const ok = await call('PUT', url(), creator, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', url(), member)).json()).toMatchObject({
      enabled: true,
      text: 'Bem-vindo ao meu clube!',
      attachment: null,
      price: null,
    });
  });

  it("is sent once, when a fan's first subscription becomes active", async () => {
    const file = await uploadJpeg(t, creator);
    const put = await call('PUT', url(), creator, {
      enabled: true,
      text: 'Bem-vindo! Um presente:',
      attachment: { file_path: file },
      price: 4,
    });
    expect(put.statusCode, put.body).toBe(200);
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, creator);
    const chats = (await call('GET', '/chats', fan)).json().chats;
    expect(chats).toHaveLength(1);
    const messages = await thread(fan, chats[0].id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      text: 'Bem-vindo! Um presente:',
      sender: { side: 'creator' },
      price: 4,
      attachment: { kind: 'image', locked: true },
    });
    // the next period paid: no second welcome
    await makeActiveSubscriber(t, fan, creator);
    expect(await thread(fan, chats[0].id)).toHaveLength(1);
    const sent = await t.ctx.db
      .select()
      .from(welcomeDeliveries)
      .where(eq(welcomeDeliveries.fanId, fan.id));
    expect(sent).toHaveLength(1);

    // turned off: a new fan gets none
    await call('PUT', url(), creator, { enabled: false, text: '' });
    const later = await createUser(t);
    await makeActiveSubscriber(t, later, creator);
    expect((await call('GET', '/chats', later)).json().chats).toHaveLength(0);
  });
});

describe("a file in use, in 'Arquivos'", () => {
  const del = (who: TestUser, filePath: string) =>
    call(
      'DELETE',
      `/workspaces/objects/${creator.workspaceId}?file_path=${encodeURIComponent(filePath)}`,
      who,
    );
  const stored = (filePath: string) =>
    t.ctx.storage.head(`workspaces/${creator.workspaceId}/files/${filePath}`);

  it('cannot be deleted while a chat message or the welcome message carries it (409, pt-BR)', async () => {
    const fan = await subscriber();
    const chatId = await openChat(fan);
    const sent = await paidMessage(chatId, 7);
    const [row] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    const inMessage = row!.attachmentPath!;
    const refused = await del(creator, inMessage);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FILE_IN_USE',
      message:
        'Este arquivo foi enviado em uma mensagem do chat. Ele continua disponível para quem recebeu a mensagem e não pode ser removido.',
    });
    expect(await stored(inMessage)).not.toBeNull();
    // replacing it by a new upload at the same path is refused too
    const overwrite = await call('POST', `/workspaces/objects/${creator.workspaceId}`, creator, {
      extension_type: inMessage.split('.').pop(),
      file_path: inMessage,
    });
    expect(overwrite.statusCode).toBe(409);
    expect(overwrite.json().code).toBe('FILE_IN_USE');
    // the fan who buys it still gets the file
    const charge = (await buy(fan, chatId, sent.id)).json();
    expect((await psp.pay(charge.txid)).status).toBe(200);
    const bought = (await thread(fan, chatId)).find((m) => m.id === sent.id)!;
    expect((bought.attachment as { url: string }).url).toBeTruthy();

    const welcomeFile = await uploadJpeg(t, creator);
    const put = await call('PUT', `/workspaces/${creator.workspaceId}/welcome-message`, creator, {
      enabled: true,
      text: 'Oi!',
      attachment: { file_path: welcomeFile },
    });
    expect(put.statusCode, put.body).toBe(200);
    const inWelcome = put.json().attachment.file_path as string;
    const welcomeRefused = await del(creator, inWelcome);
    expect(welcomeRefused.statusCode).toBe(409);
    expect(welcomeRefused.json().message).toBe(
      'Este arquivo está na mensagem de boas-vindas. Troque ou remova o anexo da mensagem de boas-vindas para removê-lo.',
    );
    // once the welcome message drops it, the file may go
    expect(
      (
        await call('PUT', `/workspaces/${creator.workspaceId}/welcome-message`, creator, {
          enabled: false,
          text: 'Oi!',
        })
      ).statusCode,
    ).toBe(200);
    expect((await del(creator, inWelcome)).statusCode).toBe(200);
    expect(await stored(inWelcome)).toBeNull();
    // a file nothing uses is deleted as before
    const loose = await uploadJpeg(t, creator);
    expect((await del(creator, loose)).statusCode).toBe(200);
  });
});
