import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DIGEST_DELAY_MINUTES, CHAT_TEXT_MAX } from '@fa-clube/contract';
import { chatMessages, chats, subscriptions } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { drainMail } from '../mail/mail.service';
import { sendChatDigests } from './chat.digest';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let fan: TestUser;
let otherFan: TestUser;
let chatId: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { full_name: 'Ana Criadora' });
  member = await createUser(t, { full_name: 'Bruno Membro' });
  stranger = await createUser(t, { full_name: 'Carla Estranha' });
  fan = await createUser(t, { full_name: 'Davi Fa' });
  otherFan = await createUser(t, { full_name: 'Elisa Fa' });
  await addTeamMember(t, owner, member);
  await makeActiveSubscriber(t, fan, owner);
  await makeActiveSubscriber(t, otherFan, owner);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const as = (who?: TestUser) => (who ? bearer(who.accessToken) : {});
const open = (who: TestUser | undefined, username: string) =>
  t.inject({ method: 'POST', url: `/api/v1/chats?username=${username}`, headers: as(who) });
const thread = (ws: string, id: string) => `/api/v1/chats/${ws}/${id}`;
const post = (who: TestUser | undefined, text: unknown, id = chatId, ws = owner.workspaceId) =>
  t.inject({
    method: 'POST',
    url: `${thread(ws, id)}/messages`,
    headers: as(who),
    payload: { text },
  });
const read = (who: TestUser | undefined, query = '', id = chatId, ws = owner.workspaceId) =>
  t.inject({ method: 'GET', url: `${thread(ws, id)}/messages${query}`, headers: as(who) });
const messageCount = async (id = chatId) =>
  (await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, id))).length;
const fanList = (who: TestUser) =>
  t.inject({ method: 'GET', url: '/api/v1/chats', headers: as(who) });
const teamList = (who: TestUser | undefined, query = '') =>
  t.inject({ method: 'GET', url: `/api/v1/chats/${owner.workspaceId}${query}`, headers: as(who) });
const unreadBadge = async (who: TestUser) =>
  (await t.inject({ method: 'GET', url: '/api/v1/chats/unread', headers: as(who) })).json().unread;

describe('opening a conversation', () => {
  it('is for a signed-in fan with an active subscription: 201 new, then 200 the same one', async () => {
    expect((await open(undefined, owner.username)).statusCode).toBe(401);
    for (const who of [stranger, owner, member]) {
      const refused = await open(who, owner.username);
      expect(refused.statusCode, who.fullName).toBe(403);
      expect(refused.json().code).toBe('SUBSCRIPTION_REQUIRED');
    }
    expect((await open(fan, 'ninguem_aqui')).json().code).toBe('PROFILE_NOT_FOUND');
    expect((await open(fan, 'a')).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(chats)).toHaveLength(0);

    const created = await open(fan, owner.username.toUpperCase());
    expect(created.statusCode).toBe(201);
    const chat = created.json();
    chatId = chat.id;
    expect(chat).toMatchObject({
      workspace: { id: owner.workspaceId, username: owner.username, avatar_url: null },
      fan: { id: fan.id, username: fan.username, full_name: 'Davi Fa', avatar_url: null },
      last_message: null,
      unread: 0,
      blocked: false,
      subscribed: true,
    });
    expect(Date.parse(chat.created_at)).not.toBeNaN();
    const again = await open(fan, owner.username);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(chatId);
    expect(await t.ctx.db.select().from(chats)).toHaveLength(1);
  });
});

describe('reading and posting', () => {
  it('only the fan and the workspace team may read; everyone else gets 404', async () => {
    for (const who of [fan, owner, member]) expect((await read(who)).statusCode).toBe(200);
    for (const who of [stranger, otherFan]) {
      const res = await read(who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CHAT_NOT_FOUND');
    }
    expect((await read(undefined)).statusCode).toBe(401);
    // the conversation under another workspace's id does not exist
    expect((await read(fan, '', chatId, fan.workspaceId)).json().code).toBe('CHAT_NOT_FOUND');
    expect((await read(owner, '', chatId, stranger.workspaceId)).statusCode).toBe(404);
    const one = await t.inject({
      method: 'GET',
      url: thread(owner.workspaceId, chatId),
      headers: as(stranger),
    });
    expect(one.statusCode).toBe(404);
  });

  it('the fan and the team post; strangers, other fans and signed-out callers cannot', async () => {
    const mine = await post(fan, '  Oi, <b>tudo bem</b>? & "aspas"  ');
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      chat_id: chatId,
      sender: { id: fan.id, username: fan.username, full_name: 'Davi Fa', side: 'fan' },
      // plain text, trimmed, stored and served as written
      text: 'Oi, <b>tudo bem</b>? & "aspas"',
    });
    const answer = await post(member, 'Tudo ótimo!');
    expect(answer.statusCode).toBe(201);
    // a member answering for the workspace appears as themselves, on the creator's side
    expect(answer.json().sender).toEqual({
      id: member.id,
      username: member.username,
      full_name: 'Bruno Membro',
      side: 'creator',
    });
    for (const who of [stranger, otherFan]) expect((await post(who, 'x')).statusCode).toBe(404);
    expect((await post(undefined, 'x')).statusCode).toBe(401);
    expect(await messageCount()).toBe(2);
    const [row] = await t.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, mine.json().id)));
    expect(row!.text).toBe('Oi, <b>tudo bem</b>? & "aspas"');
  });

  it('refuses empty, blank, too long or NUL text with 400 and writes nothing', async () => {
    const before = await messageCount();
    for (const text of ['', '   \n\t ', 'x'.repeat(CHAT_TEXT_MAX + 1), 'a\u0000b', 42, null]) {
      const res = await post(fan, text);
      expect(res.statusCode, JSON.stringify(text).slice(0, 20)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await messageCount()).toBe(before);
    const longest = await post(fan, ` ${'é'.repeat(CHAT_TEXT_MAX)} `);
    expect(longest.statusCode).toBe(201);
    expect(longest.json().text).toHaveLength(CHAT_TEXT_MAX);
  });
});

describe('lists and unread counts', () => {
  it('each side counts its own unread; a read by any team member clears the team side', async () => {
    await t.inject({
      method: 'POST',
      url: `${thread(owner.workspaceId, chatId)}/read`,
      headers: as(fan),
    });
    await t.inject({
      method: 'POST',
      url: `${thread(owner.workspaceId, chatId)}/read`,
      headers: as(owner),
    });
    expect(await unreadBadge(owner)).toBe(0);
    await post(fan, 'um');
    await post(fan, 'dois');
    for (const who of [owner, member]) {
      const list = (await teamList(who)).json();
      expect(list).toMatchObject({ page: 1, size: 20, total: 1 });
      expect(list.chats[0]).toMatchObject({
        id: chatId,
        unread: 2,
        last_message: { text: 'dois' },
      });
      expect(await unreadBadge(who)).toBe(1);
    }
    expect((await fanList(fan)).json().chats[0].unread).toBe(0);
    expect(await unreadBadge(fan)).toBe(0);

    const marked = await t.inject({
      method: 'POST',
      url: `${thread(owner.workspaceId, chatId)}/read`,
      headers: as(member),
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().unread).toBe(0);
    expect((await teamList(owner)).json().chats[0].unread).toBe(0);

    await post(owner, 'resposta');
    expect((await fanList(fan)).json().chats[0]).toMatchObject({ unread: 1 });
    expect(await unreadBadge(fan)).toBe(1);
    // the side that posts has read the conversation
    expect((await teamList(owner)).json().chats[0].unread).toBe(0);
    await t.inject({
      method: 'POST',
      url: `${thread(owner.workspaceId, chatId)}/read`,
      headers: as(fan),
    });
    expect(await unreadBadge(fan)).toBe(0);
    const refused = await t.inject({
      method: 'POST',
      url: `${thread(owner.workspaceId, chatId)}/read`,
      headers: as(stranger),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('lists are for their side: a stranger gets 404 on the team list, most recent activity first', async () => {
    expect((await teamList(stranger)).json().code).toBe('WORKSPACE_NOT_FOUND');
    expect((await teamList(fan)).statusCode).toBe(404);
    expect((await teamList(undefined)).statusCode).toBe(401);
    expect((await fanList(stranger)).json()).toEqual({ chats: [], page: 1, size: 20, total: 0 });
    // a second conversation, newer: first in the team's list until the first one moves again
    const second = (await open(otherFan, owner.username)).json().id as string;
    expect((await teamList(owner)).json().chats.map((c: { id: string }) => c.id)).toEqual([
      second,
      chatId,
    ]);
    await post(fan, 'de novo');
    expect((await teamList(owner)).json().chats.map((c: { id: string }) => c.id)).toEqual([
      chatId,
      second,
    ]);
    const paged = (await teamList(owner, '?page=2&size=1')).json();
    expect(paged).toMatchObject({ page: 2, size: 1, total: 2 });
    expect(paged.chats.map((c: { id: string }) => c.id)).toEqual([second]);
    expect((await teamList(owner, '?size=101')).statusCode).toBe(400);
  });
});

describe('paging a thread', () => {
  it('walks every message once, newest first, with before= (no gaps, no duplicates)', async () => {
    const second = (await open(otherFan, owner.username)).json().id as string;
    const sent: string[] = [];
    for (let i = 0; i < 65; i++) {
      const who = i % 3 === 0 ? owner : otherFan;
      const res = await post(who, `mensagem ${i}`, second);
      expect(res.statusCode).toBe(201);
      sent.push(res.json().id);
    }
    const seen: string[] = [];
    let before = '';
    const sizes: number[] = [];
    for (;;) {
      const res = await read(otherFan, before ? `?before=${before}` : '', second);
      expect(res.statusCode).toBe(200);
      const page = res.json().messages as { id: string; text: string }[];
      sizes.push(page.length);
      seen.push(...page.map((m) => m.id));
      if (page.length < 30) break;
      before = page[page.length - 1]!.id;
    }
    expect(sizes).toEqual([30, 30, 5]);
    expect(seen).toEqual([...sent].reverse());
    expect(new Set(seen).size).toBe(65);
    const small = (await read(owner, '?size=5', second)).json().messages;
    expect(small.map((m: { text: string }) => m.text)).toEqual(
      [64, 63, 62, 61, 60].map((i) => `mensagem ${i}`),
    );
    for (const bad of ['?size=0', '?size=101', '?before=x', '?size=abc'])
      expect((await read(owner, bad, second)).statusCode, bad).toBe(400);
  });
});

describe('when the subscription ends, and muting', () => {
  it('the fan still reads but cannot post (403 SUBSCRIPTION_REQUIRED); the team can always answer', async () => {
    const past = new Date(t.clock.now().getTime() - 1000);
    await t.ctx.db
      .update(subscriptions)
      .set({ currentPeriodEnd: past })
      .where(eq(subscriptions.subscriberId, fan.id));
    try {
      expect((await read(fan)).statusCode).toBe(200);
      const refused = await post(fan, 'ainda aqui?');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('SUBSCRIPTION_REQUIRED');
      expect((await open(fan, owner.username)).statusCode).toBe(403);
      expect((await fanList(fan)).json().chats[0]).toMatchObject({ id: chatId, subscribed: false });
      expect((await post(owner, 'Volte logo!')).statusCode).toBe(201);
    } finally {
      await t.ctx.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(t.clock.now().getTime() + 30 * 86_400_000) })
        .where(eq(subscriptions.subscriberId, fan.id));
    }
    expect((await post(fan, 'Voltei')).statusCode).toBe(201);
  });

  it('only the owner mutes a fan; a muted fan gets 403 CHAT_BLOCKED, the team still answers', async () => {
    const block = (who: TestUser | undefined, method: 'POST' | 'DELETE' = 'POST') =>
      t.inject({ method, url: `${thread(owner.workspaceId, chatId)}/block`, headers: as(who) });
    for (const who of [member, fan]) {
      const res = await block(who);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('OWNER_REQUIRED');
    }
    expect((await block(stranger)).statusCode).toBe(404);
    expect((await block(undefined)).statusCode).toBe(401);
    const muted = await block(owner);
    expect(muted.statusCode).toBe(200);
    expect(muted.json().blocked).toBe(true);
    const before = await messageCount();
    const refused = await post(fan, 'oi?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CHAT_BLOCKED');
    expect(await messageCount()).toBe(before);
    expect((await post(member, 'Aviso da equipe')).statusCode).toBe(201);
    expect((await block(member, 'DELETE')).statusCode).toBe(403);
    expect((await block(owner, 'DELETE')).json().blocked).toBe(false);
    expect((await post(fan, 'obrigado')).statusCode).toBe(201);
  });
});

describe('rate limit', () => {
  it('counts per sender: past the limit 429 with Retry-After; the other side still posts', async () => {
    const original = t.ctx.config.limits.chatMessages;
    t.ctx.config.limits.chatMessages = { max: 3, windowSeconds: 60 };
    // the earlier posts' window is over
    t.clock.advance(61_000);
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(fan, `rajada ${i}`)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const limited = await post(fan, 'mais uma');
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(owner, 'calma')).statusCode).toBe(201);
      t.clock.advance(61_000);
      expect((await post(fan, 'de volta')).statusCode).toBe(201);
    } finally {
      t.ctx.config.limits.chatMessages = original;
    }
  });
});

describe('e-mail digest', () => {
  const mailsTo = (who: TestUser) =>
    t.mail.messages.filter(
      (m) => m.to.includes(who.email) && m.subject === 'Você tem mensagens não lidas no Fã Clube',
    );
  // the clock moves past the access tokens' 15 minutes: each step signs in again
  const fresh = async (who: TestUser) => {
    who.accessToken = (await signIn(t, who.email, who.password)).access_token;
    return who;
  };
  const readAll = async (who: TestUser, id: string, ws: string) => {
    const res = await t.inject({
      method: 'POST',
      url: `${thread(ws, id)}/read`,
      headers: as(await fresh(who)),
    });
    expect(res.statusCode).toBe(200);
  };
  const say = async (who: TestUser, text: string, id: string, ws: string) =>
    expect((await post(await fresh(who), text, id, ws)).statusCode).toBe(201);

  it('one e-mail per person and unread burst after 10 minutes, none when read, switched off or unconfirmed', async () => {
    const confirmed = { confirmed: true };
    const creator = await createUser(t, { full_name: 'Fabi Criadora' }, confirmed);
    const helper = await createUser(t, { full_name: 'Gui Ajudante' }, confirmed);
    const reader = await createUser(t, { full_name: 'Helena Leitora' }, confirmed);
    // a member whose address was never confirmed: no digest goes to an address nobody proved
    const unproven = await createUser(t, { full_name: 'Ivo Sem Confirmar' });
    await addTeamMember(t, creator, helper);
    await addTeamMember(t, creator, unproven);
    await makeActiveSubscriber(t, reader, creator);
    const id = (await open(reader, creator.username)).json().id as string;
    const ws = creator.workspaceId;
    // everything earlier in the file is out of the way
    t.clock.advance(CHAT_DIGEST_DELAY_MINUTES * 60_000 + 1000);
    await sendChatDigests(t.ctx);
    await drainMail(t.ctx);

    // the helper switches the e-mails off
    const off = await t.inject({
      method: 'PUT',
      url: '/api/v1/me/chat-settings',
      headers: as(helper),
      payload: { email_notifications: false },
    });
    expect(off.json()).toEqual({ email_notifications: false });
    await say(reader, 'Oi, Fabi!', id, ws);
    await say(reader, 'Tem novidade?', id, ws);
    t.clock.advance(CHAT_DIGEST_DELAY_MINUTES * 60_000 - 5000);
    expect(await sendChatDigests(t.ctx)).toBe(0);
    t.clock.advance(6000);
    expect(await sendChatDigests(t.ctx)).toBe(1);
    expect(await sendChatDigests(t.ctx)).toBe(0);
    await drainMail(t.ctx);
    await expect.poll(() => mailsTo(creator).length).toBe(1);
    expect(mailsTo(creator)[0]!.subject).toBe('Você tem mensagens não lidas no Fã Clube');
    expect(mailsTo(creator)[0]!.text).toContain('Helena Leitora: 2 mensagens não lidas');
    expect(mailsTo(creator)[0]!.text).toContain('http://app.test/messages');
    // the message text never goes by e-mail
    expect(mailsTo(creator)[0]!.text).not.toContain('Oi, Fabi');
    expect(mailsTo(helper)).toHaveLength(0);
    expect(mailsTo(unproven)).toHaveLength(0);
    expect(mailsTo(reader)).toHaveLength(0);

    // more messages in the same burst: no second e-mail
    await say(reader, 'Alô?', id, ws);
    t.clock.advance(CHAT_DIGEST_DELAY_MINUTES * 60_000 + 1000);
    expect(await sendChatDigests(t.ctx)).toBe(0);

    // read, then a new message: a new burst, a new digest
    await readAll(helper, id, ws);
    await say(reader, 'Outra pergunta', id, ws);
    await readAll(creator, id, ws);
    t.clock.advance(CHAT_DIGEST_DELAY_MINUTES * 60_000 + 1000);
    expect(await sendChatDigests(t.ctx)).toBe(0);
    await say(reader, 'Mais uma', id, ws);
    t.clock.advance(CHAT_DIGEST_DELAY_MINUTES * 60_000 + 1000);
    expect(await sendChatDigests(t.ctx)).toBe(1);

    // the fan's side: the team's answer unread for 10 minutes
    await say(helper, 'Respondendo!', id, ws);
    t.clock.advance(CHAT_DIGEST_DELAY_MINUTES * 60_000 + 1000);
    expect(await sendChatDigests(t.ctx)).toBe(1);
    await drainMail(t.ctx);
    await expect.poll(() => mailsTo(reader).length).toBe(1);
    expect(mailsTo(reader)[0]!.text).toContain(`${creator.fullName}`.split(' ')[0]!);
    expect(mailsTo(creator)).toHaveLength(2);
    expect(mailsTo(unproven)).toHaveLength(0);

    await fresh(reader);
    const settings = await t.inject({
      method: 'GET',
      url: '/api/v1/me/chat-settings',
      headers: as(reader),
    });
    expect(settings.json()).toEqual({ email_notifications: true });
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/v1/me/chat-settings',
      headers: as(reader),
      payload: { email_notifications: 'sim' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/v1/me/chat-settings' })).statusCode).toBe(
      401,
    );
  });
});

describe("the person's data", () => {
  beforeAll(async () => {
    // the digest test moved the clock past the access tokens' 15 minutes
    for (const who of [fan, owner])
      who.accessToken = (await signIn(t, who.email, who.password)).access_token;
  });

  it("the export lists the caller's own messages and nobody else's", async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/me/export', headers: as(fan) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.json();
    expect(doc.profile.id).toBe(fan.id);
    const texts = doc.chat_messages.map((m: { text: string }) => m.text);
    expect(texts).toContain('Voltei');
    expect(texts).not.toContain('Tudo ótimo!');
    expect(doc.chat_messages[0]).toMatchObject({
      chat_id: chatId,
      creator_username: owner.username,
      side: 'fan',
    });
    const mine = await t.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.senderId, fan.id));
    expect(doc.chat_messages).toHaveLength(mine.length);
    // oldest first
    expect(doc.chat_messages.map((m: { id: string }) => m.id)).toEqual(
      mine.map((m) => m.id).sort(),
    );
  });

  it("deleting the account anonymises the person's messages and conversations", async () => {
    const count = await messageCount();
    const del = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: as(fan),
      payload: { password: fan.password },
    });
    expect(del.statusCode).toBe(200);
    expect(
      await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.senderId, fan.id)),
    ).toHaveLength(0);
    expect(await messageCount()).toBe(count);
    const list = (await teamList(owner)).json();
    const chat = list.chats.find((c: { id: string }) => c.id === chatId);
    expect(chat.fan).toEqual({
      id: null,
      username: null,
      full_name: 'Conta excluída',
      avatar_url: null,
    });
    const messages = (await read(owner, '?size=100')).json().messages as {
      sender: { id: string | null; full_name: string; side: string };
      text: string;
    }[];
    const theirs = messages.filter((m) => m.sender.side === 'fan');
    expect(theirs.length).toBeGreaterThan(0);
    for (const m of theirs)
      expect(m.sender).toEqual({
        id: null,
        username: null,
        full_name: 'Conta excluída',
        side: 'fan',
      });
    // the team's own messages keep their author
    expect(messages.some((m) => m.sender.id === member.id)).toBe(true);
  });
});
