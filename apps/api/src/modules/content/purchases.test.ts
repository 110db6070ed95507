/**
 * Pay-per-view posts (issue 32, decision 070): the locked card, the purchase charge through the
 * creator's PSP, the webhook unlocking exactly that post for exactly that fan (live), 'Minhas
 * compras' after the subscription ends, refunds, a post deleted before its payment, the ledger,
 * and who may do what.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import {
  charges,
  contentPurchases,
  contents,
  financeCategories,
  financeTransactions,
  pixNotifications,
} from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost, uploadJpeg } from '../../../test/support/content';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { openSse } from '../../../test/support/sse';
import { makeActiveSubscriber, readCharge } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';

const DAY = 24 * 3600 * 1000;
let t: TestContext;
let psp: TestPsp;
let creator: TestUser;
let member: TestUser;
let port: number;

beforeAll(async () => {
  port = await freePort();
  t = await createTestContext({
    env: {
      APP_URL: `http://127.0.0.1:${port}`,
      PIX_CA_FILE: testCertificates().files.ca,
      RATE_LIMIT_SALE_CHARGES: '6/600',
    },
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

const call = (
  method: 'GET' | 'POST' | 'DELETE',
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

/** A priced post with one image; answers the post and its file's path (the re-encoded image). */
async function pricedPost(price = 15, text = 'Ensaio completo na praia') {
  const upload = await uploadJpeg(t, creator);
  const post = await createPost(t, creator, {
    text,
    attachments: [{ file_path: upload, label: 'Legenda secreta' }],
    price,
  });
  return { post, filePath: (post.attachments[0] as ContentAttachment).file_path };
}

const postAs = async (who: TestUser, postId: string): Promise<ContentItem> => {
  const res = await call(
    'GET',
    `/contents/${who.workspaceId}/profile?username=${creator.username}`,
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().contents as ContentItem[]).find((c) => c.id === postId);
  expect(found, 'post in the profile').toBeDefined();
  return found!;
};
const buy = (who: TestUser, postId: string) =>
  call('POST', `/content/${who.workspaceId}/${postId}/purchase`, who);
const fileUrl = (who: TestUser | null, filePath: string) =>
  call(
    'GET',
    `/contents/objects?username=${creator.username}&file_path=${encodeURIComponent(filePath)}`,
    who,
  );
async function subscriber() {
  const fan = await createUser(t);
  await makeActiveSubscriber(t, fan, creator, 'monthly');
  return fan;
}
const purchasesOf = (fanId: string) =>
  t.ctx.db.select().from(contentPurchases).where(eq(contentPurchases.buyerId, fanId));

describe('the locked card', () => {
  it('shows a subscriber the description, the price and only the kind of each file', async () => {
    const { post, filePath } = await pricedPost(15, 'Bastidores do ensaio');
    expect(post).toMatchObject({ price: 15, locked: false, purchased: false });
    const fan = await subscriber();
    const res = await call(
      'GET',
      `/contents/${fan.workspaceId}/profile?username=${creator.username}`,
      fan,
    );
    const item = (res.json().contents as ContentItem[]).find((c) => c.id === post.id)!;
    expect(item).toMatchObject({
      description: 'Bastidores do ensaio',
      price: 15,
      locked: true,
      purchased: false,
      attachments: [{ kind: 'image', locked: true }],
    });
    // no path, URL, label or poster of the real file anywhere in the page
    for (const secret of [filePath, 'Legenda secreta', '/storage/object'])
      expect(res.body).not.toContain(secret);
    // the feed too
    const feed = await call('GET', `/contents/${fan.workspaceId}/feed`, fan);
    expect(feed.body).not.toContain(filePath);
    // and the file itself is refused
    const file = await fileUrl(fan, filePath);
    expect(file.statusCode).toBe(403);
    expect(file.json().code).toBe('CONTENT_LOCKED');
    expect(file.body).not.toContain('/storage/object');
    // the team sees it unlocked
    for (const who of [creator, member]) {
      const seen = await postAs(who, post.id);
      expect(seen.locked).toBe(false);
      expect(JSON.stringify(seen.attachments)).toContain(filePath);
      expect((await fileUrl(who, filePath)).statusCode).toBe(200);
    }
  });

  it('refuses a stranger and a signed-out visitor the file with 404, as any post file', async () => {
    const { filePath } = await pricedPost();
    const stranger = await createUser(t);
    expect((await fileUrl(stranger, filePath)).statusCode).toBe(404);
    expect((await fileUrl(null, filePath)).statusCode).toBe(404);
  });
});

describe('setting a price', () => {
  it('accepts 1.00 to 5000.00 in exact cents, with an attachment, from the owner only', async () => {
    const filePath = await uploadJpeg(t, creator);
    for (const price of [0.99, 5000.01, 1.005, -5, 0]) {
      const res = await call('POST', `/content/${creator.workspaceId}`, creator, {
        text: 'caro',
        attachments: [{ file_path: filePath }],
        price,
      });
      expect(res.statusCode, `${price}`).toBe(400);
      expect(res.json().errors[0].field).toBe('price');
    }
    const noFile = await call('POST', `/content/${creator.workspaceId}`, creator, {
      text: 'só texto com preço',
      price: 10,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('PRICE_NEEDS_ATTACHMENT');
    // a member (read-only) and a fan can never price a post in the creator's workspace
    const fan = await subscriber();
    for (const who of [member, fan]) {
      const res = await call('POST', `/content/${creator.workspaceId}`, who, {
        text: 'preço de fã',
        attachments: [{ file_path: filePath }],
        price: 10,
      });
      expect([403, 404]).toContain(res.statusCode);
    }
    expect(
      await t.ctx.db.select().from(contents).where(eq(contents.description, 'preço de fã')),
    ).toEqual([]);
    const ok = await call('POST', `/content/${creator.workspaceId}`, creator, {
      text: 'no limite',
      attachments: [{ file_path: filePath }],
      price: 5000,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().price).toBe(5000);
    const [row] = await t.ctx.db.select().from(contents).where(eq(contents.id, ok.json().id));
    expect(row!.priceCents).toBe(500000);
  });
});

describe('POST /content/{ws}/{id}/purchase', () => {
  it('opens the charge (201), answers the same pending charge again (200)', async () => {
    const { post } = await pricedPost(15);
    const fan = await subscriber();
    const first = await buy(fan, post.id);
    expect(first.statusCode, first.body).toBe(201);
    const charge = first.json();
    expect(charge).toMatchObject({
      kind: 'post',
      item_id: post.id,
      value: 15,
      status: 'pending',
      plan_type: null,
      confirmation: 'automatic',
    });
    expect(charge.payment_specs).toBe(psp.cobs.get(charge.txid)!.pixCopiaECola);
    expect(psp.cobs.get(charge.txid)!.valor.original).toBe('15.00');
    const again = await buy(fan, post.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(charge.id);
    const rows = await t.ctx.db
      .select()
      .from(charges)
      .where(and(eq(charges.payerId, fan.id), eq(charges.kind, 'post')));
    expect(rows).toHaveLength(1);
    // the owner lists it with ?kind=post
    const listed = await call('GET', `/charges/${creator.workspaceId}?kind=post`, creator);
    expect(listed.json().charges.map((c: { id: string }) => c.id)).toContain(charge.id);
  });

  it('refuses the team, free posts, non-subscribers and signed-out callers', async () => {
    const { post } = await pricedPost();
    const free = await createPost(t, creator, { text: 'grátis para assinantes' });
    const fan = await subscriber();
    const stranger = await createUser(t);
    expect((await buy(member, post.id)).json().code).toBe('NOT_FOR_SALE');
    expect((await buy(fan, free.id)).json().code).toBe('NOT_FOR_SALE');
    const refused = await buy(stranger, post.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect(
      (await call('POST', `/content/${fan.workspaceId}/${post.id}/purchase`, null)).statusCode,
    ).toBe(401);
    // {ws} must be the caller's own
    expect(
      (await call('POST', `/content/${creator.workspaceId}/${post.id}/purchase`, fan)).statusCode,
    ).toBe(404);
    const unknown = await buy(fan, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('is rate limited per payer (429 with Retry-After)', async () => {
    const fan = await subscriber();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 7; i++) {
      const { post } = await pricedPost(2 + i);
      const res = await buy(fan, post.id);
      statuses.push(res.statusCode);
      retryAfter ??= res.headers['retry-after'] as string | undefined;
    }
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(201));
    expect(statuses[6]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('paid by the PSP webhook', () => {
  it('unlocks exactly that post for exactly that fan, live, booked once as Conteúdo avulso', async () => {
    const { post, filePath } = await pricedPost(15);
    const other = await pricedPost(20);
    const fan = await subscriber();
    const neighbour = await subscriber();
    const charge = (await buy(fan, post.id)).json();
    // the neighbour has an open charge for the same post: it stays unpaid and locked
    expect((await buy(neighbour, post.id)).statusCode).toBe(201);

    const sse = await openSse(`http://127.0.0.1:${port}/api/v1/events`, { token: fan.accessToken });
    try {
      const endToEndId = newEndToEndId();
      const res = await psp.pay(charge.txid, { endToEndId });
      expect(await res.json()).toEqual({ received: 1, applied: 1 });
      const [event] = await sse.waitFor(1);
      expect(event!.event).toBe('charge.paid');
      expect(JSON.parse(event!.data)).toEqual({
        charge_id: charge.id,
        kind: 'post',
        item_id: post.id,
      });
    } finally {
      sse.close();
    }
    const mine = await postAs(fan, post.id);
    expect(mine).toMatchObject({ locked: false, purchased: true, price: 15 });
    expect(JSON.stringify(mine.attachments)).toContain(filePath);
    expect((await fileUrl(fan, filePath)).statusCode).toBe(200);
    expect((await postAs(fan, other.post.id)).locked).toBe(true);
    expect((await postAs(neighbour, post.id)).locked).toBe(true);
    expect((await fileUrl(neighbour, filePath)).statusCode).toBe(403);
    expect(await purchasesOf(fan.id)).toHaveLength(1);

    // buying again: 409
    const again = await buy(fan, post.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PURCHASED');

    // the same notification answered twice changes nothing more
    const row = await readCharge(t, charge.id);
    const repeat = await psp.notify({
      pix: [
        {
          endToEndId: row.endToEndId!,
          txid: charge.txid,
          valor: '15.00',
          horario: new Date().toISOString(),
        },
      ],
    });
    expect(await repeat.json()).toEqual({ received: 1, applied: 0 });
    const [category] = await t.ctx.db
      .select()
      .from(financeCategories)
      .where(
        and(
          eq(financeCategories.workspaceId, creator.workspaceId),
          eq(financeCategories.label, 'Conteúdo avulso'),
        ),
      );
    expect(category).toMatchObject({ categoryType: 'income' });
    const booked = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.chargeId, charge.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      categoryId: category!.id,
      amountCents: 1500,
      label: `Conteúdo avulso — @${fan.username}`,
    });
  });

  it('keeps the post for the buyer after the subscription ends (GET /purchases)', async () => {
    const { post, filePath } = await pricedPost(12.5);
    const fan = await subscriber();
    const charge = (await buy(fan, post.id)).json();
    expect((await psp.pay(charge.txid)).status).toBe(200);
    t.clock.advance(40 * DAY);
    // the access tokens expired with the days: sign in again
    for (const who of [creator, member, fan])
      who.accessToken = (await signIn(t, who.email, who.password)).access_token;
    const profile = await call(
      'GET',
      `/contents/${fan.workspaceId}/profile?username=${creator.username}`,
      fan,
    );
    expect(profile.statusCode).toBe(403);
    const res = await call('GET', '/purchases', fan);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 0, size: 20, total: 1 });
    expect(res.json().purchases[0]).toMatchObject({
      kind: 'post',
      item_id: post.id,
      value: 12.5,
      content: { id: post.id, locked: false, purchased: true },
    });
    expect(JSON.stringify(res.json().purchases[0].content.attachments)).toContain(filePath);
    expect((await fileUrl(fan, filePath)).statusCode).toBe(200);
    // someone else's purchases are not theirs to see; paging is bounded
    const stranger = await createUser(t);
    expect((await call('GET', '/purchases', stranger)).json().total).toBe(0);
    expect((await call('GET', '/purchases?size=101', fan)).statusCode).toBe(400);
    expect((await call('GET', '/purchases', null)).statusCode).toBe(401);
  });

  it('a refund of the purchase takes the post back', async () => {
    const { post, filePath } = await pricedPost(15);
    const fan = await subscriber();
    const charge = (await buy(fan, post.id)).json();
    const endToEndId = newEndToEndId();
    expect((await psp.pay(charge.txid, { endToEndId })).status).toBe(200);
    expect((await postAs(fan, post.id)).locked).toBe(false);
    // a member may not refund
    expect(
      (await call('POST', `/charges/${creator.workspaceId}/${endToEndId}/refund`, member))
        .statusCode,
    ).toBe(403);
    const res = await call('POST', `/charges/${creator.workspaceId}/${endToEndId}/refund`, creator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 15, end_to_end_id: endToEndId });
    expect(await purchasesOf(fan.id)).toEqual([]);
    expect((await postAs(fan, post.id)).locked).toBe(true);
    expect((await fileUrl(fan, filePath)).statusCode).toBe(403);
    // once
    const twice = await call(
      'POST',
      `/charges/${creator.workspaceId}/${endToEndId}/refund`,
      creator,
    );
    expect(twice.statusCode).toBe(409);
  });
});

describe('a post deleted before its payment', () => {
  it('cancels its open charges; a Pix that still arrives goes to payments to review', async () => {
    const { post } = await pricedPost(15);
    const fan = await subscriber();
    const charge = (await buy(fan, post.id)).json();
    const del = await call('DELETE', `/content/${creator.workspaceId}/${post.id}`, creator);
    expect(del.statusCode).toBe(200);
    expect((await readCharge(t, charge.id)).status).toBe('cancelled');
    const endToEndId = newEndToEndId();
    expect(await (await psp.pay(charge.txid, { endToEndId })).json()).toEqual({
      received: 1,
      applied: 0,
    });
    const reviews = await call('GET', `/charges/${creator.workspaceId}/reviews`, creator);
    expect(reviews.json().reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: endToEndId, kind: 'post', refundable: true }),
      ]),
    );
    expect(await purchasesOf(fan.id)).toEqual([]);
  });

  it('a payment racing the deletion grants nothing: item_unavailable, to review; the owner cannot confirm it', async () => {
    const { post } = await pricedPost(15);
    const fan = await subscriber();
    const charge = (await buy(fan, post.id)).json();
    // the post goes between the charge's last check and its payment (the charge still pending)
    await t.ctx.db.delete(contents).where(eq(contents.id, post.id));
    const confirm = await call(
      'POST',
      `/charges/${creator.workspaceId}/${charge.id}/confirm`,
      creator,
    );
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('ITEM_UNAVAILABLE');
    const endToEndId = newEndToEndId();
    const res = await psp.pay(charge.txid, { endToEndId });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, applied: 0 });
    const [n] = await t.ctx.db
      .select()
      .from(pixNotifications)
      .where(eq(pixNotifications.endToEndId, endToEndId));
    expect(n).toMatchObject({
      outcome: 'ignored',
      reason: 'item_unavailable',
      chargeId: charge.id,
    });
    expect((await readCharge(t, charge.id)).status).toBe('pending');
    expect(
      await t.ctx.db
        .select()
        .from(financeTransactions)
        .where(eq(financeTransactions.chargeId, charge.id)),
    ).toEqual([]);
    const reviews = await call('GET', `/charges/${creator.workspaceId}/reviews`, creator);
    expect(reviews.json().reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: endToEndId, reason: 'item_unavailable' }),
      ]),
    );
  });
});
