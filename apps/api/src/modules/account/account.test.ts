import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPeriodEnd } from '@fa-clube/contract';
import {
  charges,
  contentLikes,
  contents,
  emailCampaigns,
  emailMessages,
  financeTransactions,
  loginActivities,
  mailOutbox,
  recoveryCodes,
  refreshTokens,
  subscriptionPayments,
  trueidCustomers,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber, readSubscription } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { drainMail } from '../mail/mail.service';
import { createPost } from '../../../test/support/content';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const as = (u: TestUser | string) => bearer(typeof u === 'string' ? u : u.accessToken);
const DAY = 86_400_000;

const tokenFromMail = (text: string) => {
  const m = /\/account\/email\?token=([\w%-]+)/.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return decodeURIComponent(m[1]!);
};

describe('GET /subscriptions and POST /subscriptions/charge (Minhas assinaturas)', () => {
  it('renews an active subscription from its end, not from today, and lists the payments', async () => {
    const creator = await createUser(t, { full_name: 'Carla Mendes' });
    const fan = await createUser(t);
    const first = await makeActiveSubscriber(t, fan, creator, 'monthly');
    const end1 = new Date(first.currentPeriodEnd);

    t.clock.advance(10 * DAY); // renewing 10 days in, with ~20 days left
    fan.accessToken = (await signIn(t, fan.email, fan.password)).access_token;
    creator.accessToken = (await signIn(t, creator.email, creator.password)).access_token;
    const plans = await t.inject({
      method: 'GET',
      url: `/api/v1/plans?username=${creator.username}`,
    });
    const plan = plans.json().plans.find((p: { plan_type: string }) => p.plan_type === 'monthly');
    const charge = await t.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/charge',
      headers: as(fan),
      payload: { plan: plan.id },
    });
    expect(charge.statusCode).toBe(200);
    expect(charge.json().payment_specs).toMatch(/^000201/);

    const pending = await t.inject({
      method: 'GET',
      url: '/api/v1/subscriptions',
      headers: as(fan),
    });
    expect(pending.json().pending_charges).toEqual([
      expect.objectContaining({ id: charge.json().charge.id, username: creator.username }),
    ]);

    const confirm = await t.inject({
      method: 'POST',
      url: `/api/v1/charges/${creator.workspaceId}/${charge.json().charge.id}/confirm`,
      headers: as(creator),
    });
    expect(confirm.statusCode).toBe(200);
    const expected = planPeriodEnd(end1, 'monthly');
    expect(confirm.json().subscription.current_period_end).toBe(expected.toISOString());
    expect((await readSubscription(t, fan, creator))!.currentPeriodEnd.getTime()).toBe(
      expected.getTime(),
    );
    // from today it would have ended a month after now, ~20 days earlier
    expect(expected.getTime()).toBeGreaterThan(planPeriodEnd(t.clock.now(), 'monthly').getTime());

    const mine = (
      await t.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: as(fan) })
    ).json();
    expect(mine.pending_charges).toEqual([]);
    expect(mine.subscriptions).toEqual([
      expect.objectContaining({
        username: creator.username,
        label: 'Carla Mendes',
        status: 'active',
        current_period_end: expected.toISOString(),
      }),
    ]);
    expect(mine.payments).toHaveLength(2);
    expect(mine.payments[0]).toMatchObject({
      id: charge.json().charge.id,
      username: creator.username,
      plan_type: 'monthly',
      value: 29.9,
      currency: 'BRL',
      period_start: end1.toISOString(),
      period_end: expected.toISOString(),
    });

    // nobody else's: the creator sees no payments of theirs as a payer
    const creatorsOwn = (
      await t.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: as(creator) })
    ).json();
    expect(creatorsOwn).toEqual({
      subscriptions: [],
      pending_charges: [],
      payments: [],
      page: 0,
      size: 20,
      total: 0,
    });
    expect((await t.inject({ method: 'GET', url: '/api/v1/subscriptions' })).statusCode).toBe(401);
  });
});

describe('Minha conta: name, password, e-mail, sessions', () => {
  it('refuses every account endpoint to the signed-out, changing nothing', async () => {
    const u = await createUser(t);
    const calls = [
      { method: 'PATCH', url: '/api/v1/me', payload: { full_name: 'Outro Nome' } },
      {
        method: 'POST',
        url: '/api/v1/me/password',
        payload: { current_password: u.password, password: 'nova-senha-456' },
      },
      {
        method: 'POST',
        url: '/api/v1/me/email',
        payload: { email: 'x@example.com', current_password: u.password },
      },
      { method: 'GET', url: '/api/v1/me/sessions' },
      { method: 'DELETE', url: '/api/v1/me/sessions/others' },
      { method: 'DELETE', url: `/api/v1/me/sessions/${u.tokens.metadata.id}` },
      { method: 'GET', url: '/api/v1/me/export' },
      { method: 'DELETE', url: '/api/v1/me', payload: { password: u.password } },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: { authorization: 'Bearer forged.token.x' } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      const anon = await t.inject(call);
      expect(anon.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(anon.json().code).toBe('UNAUTHORIZED');
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: u.email, fullName: u.fullName });
    await signIn(t, u.email, u.password);
  });

  it('changes the full name; refuses a bad one and the signed-out', async () => {
    const u = await createUser(t);
    const ok = await t.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: as(u),
      payload: { full_name: 'Joana Prado' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().full_name).toBe('Joana Prado');
    const bad = await t.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: as(u),
      payload: { full_name: '<script>' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('full_name');
    const anon = await t.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { full_name: 'X' },
    });
    expect(anon.statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.fullName).toBe('Joana Prado');
  });

  it('lists the sessions with their device, flags the current one, ends one and the others', async () => {
    const u = await createUser(t);
    const phone = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      headers: {
        'x-device-type': 'mobile',
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      },
      payload: { email: u.email, password: u.password },
    });
    const third = await signIn(t, u.email, u.password);
    const list = await t.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: as(u) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as {
      id: string;
      current: boolean;
      device_type: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.device_type === 'mobile')).toMatchObject({
      current: false,
      ip: expect.any(String),
    });

    // a stranger cannot end someone else's session
    const stranger = await createUser(t);
    const other = sessions.find((s) => s.device_type === 'mobile')!;
    const refused = await t.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${other.id}`,
      headers: as(stranger),
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('SESSION_NOT_FOUND');

    const ended = await t.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${other.id}`,
      headers: as(u),
    });
    expect(ended.statusCode).toBe(200);
    // the ended session can neither refresh nor use the account endpoints
    const refresh = await t.inject({
      method: 'POST',
      url: '/api/v1/refresh-token',
      payload: { refresh_token: phone.json().refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const stale = await t.inject({
      method: 'GET',
      url: '/api/v1/me/sessions',
      headers: as(phone.json().access_token),
    });
    expect(stale.statusCode).toBe(401);

    const others = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me/sessions/others',
      headers: as(u),
    });
    expect(others.json()).toEqual({ revoked: 1 });
    const left = await t.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: as(u) });
    expect(left.json().sessions).toEqual([expect.objectContaining({ current: true })]);
    const thirdRefresh = await t.inject({
      method: 'POST',
      url: '/api/v1/refresh-token',
      payload: { refresh_token: third.refresh_token },
    });
    expect(thirdRefresh.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v1/me/sessions' })).statusCode).toBe(401);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const u = await createUser(t);
    const other = await signIn(t, u.email, u.password);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: as(u),
      payload: { current_password: 'nao-e-essa', password: 'nova-senha-456' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      errors: [{ field: 'current_password' }],
    });
    const short = await t.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: as(u),
      payload: { current_password: u.password, password: 'curta' },
    });
    expect(short.statusCode).toBe(400);

    const ok = await t.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: as(u),
      payload: { current_password: u.password, password: 'nova-senha-456' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().revoked).toBe(1);
    const refresh = await t.inject({
      method: 'POST',
      url: '/api/v1/refresh-token',
      payload: { refresh_token: other.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    // this device stays signed in
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: as(u) })).statusCode,
    ).toBe(200);
    const oldPassword = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: u.email, password: u.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    await signIn(t, u.email, 'nova-senha-456');
  });

  it('changes the e-mail only through the link sent to the new address; the old one is told', async () => {
    const u = await createUser(t);
    const taken = await createUser(t);
    const next = `novo_${Date.now()}@example.com`;
    const dup = await t.inject({
      method: 'POST',
      url: '/api/v1/me/email',
      headers: as(u),
      payload: { email: taken.email, current_password: u.password },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMAIL_TAKEN');
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v1/me/email',
      headers: as(u),
      payload: { email: next, current_password: 'errada-123' },
    });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');

    const req = await t.inject({
      method: 'POST',
      url: '/api/v1/me/email',
      headers: as(u),
      payload: { email: next.toUpperCase(), current_password: u.password },
    });
    expect(req.statusCode).toBe(202);
    const link = await t.mail.waitFor(next);
    expect(link.subject).toBe('Confirme o seu novo e-mail no Fã Clube');
    const notice = await t.mail.waitFor(u.email);
    expect(notice.text).toContain(next);
    // nothing changed yet
    expect((await t.ctx.db.select().from(users).where(eq(users.id, u.id)))[0]!.email).toBe(u.email);

    const token = tokenFromMail(link.text);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/v1/me/email/confirm',
      payload: { token: 'x'.repeat(40) },
    });
    expect(bad.json().code).toBe('INVALID_EMAIL_CHANGE_TOKEN');
    const ok = await t.inject({
      method: 'POST',
      url: '/api/v1/me/email/confirm',
      payload: { token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(next);
    // the link proved the new address
    expect(
      (await t.ctx.db.select().from(users).where(eq(users.id, u.id)))[0]!.emailConfirmedAt,
    ).toBeInstanceOf(Date);
    const again = await t.inject({
      method: 'POST',
      url: '/api/v1/me/email/confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    await signIn(t, next, u.password);
  });
});

describe('LGPD: GET /me/export and DELETE /me', () => {
  it('exports every kind of data about the person and nobody else’s', async () => {
    const creator = await createUser(t, { full_name: 'Carla Mendes' });
    const fan = await createUser(t, { full_name: 'Bruno Lima' });
    const other = await createUser(t, { full_name: 'Outra Pessoa' });
    await makeActiveSubscriber(t, fan, creator);
    await makeActiveSubscriber(t, other, creator);
    await addTeamMember(t, creator, fan);
    const post = await createPost(t, fan, { text: 'Meu post de bastidores' });
    const creatorPost = await createPost(t, creator, { text: 'Post da Carla' });
    const like = await t.inject({
      method: 'POST',
      url: `/api/v1/content/${fan.workspaceId}/${creatorPost.id}/like`,
      headers: as(fan),
    });
    expect(like.statusCode).toBe(200);
    // the fan's identity verification with the creator, and another person's
    for (const [who, name, cpf] of [
      [fan, 'Bruno Lima', '52998224725'],
      [other, 'Outra Pessoa', '11144477735'],
    ] as const)
      await t.ctx.db.insert(trueidCustomers).values({
        workspaceId: creator.workspaceId,
        id: crypto.randomUUID(),
        userId: who.id,
        legalName: name,
        legalId: cpf,
        documentType: 'cnh',
      });

    const res = await t.inject({ method: 'GET', url: '/api/v1/me/export', headers: as(fan) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fa-clube-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const doc = res.json();
    expect(doc.profile).toMatchObject({ id: fan.id, email: fan.email, full_name: 'Bruno Lima' });
    expect(doc.workspaces.map((w: { role: string }) => w.role).sort()).toEqual(['member', 'owner']);
    expect(doc.subscriptions).toEqual([
      expect.objectContaining({ creator_username: creator.username, status: 'active' }),
    ]);
    expect(doc.payments).toEqual([
      expect.objectContaining({ creator_username: creator.username, status: 'paid', value: 29.9 }),
    ]);
    expect(doc.posts).toEqual([
      expect.objectContaining({ id: post.id, description: 'Meu post de bastidores' }),
    ]);
    expect(doc.likes).toEqual([expect.objectContaining({ content_id: creatorPost.id })]);
    expect(doc.login_activities.map((a: { method: string }) => a.method)).toEqual(
      expect.arrayContaining(['password', 'data_export']),
    );
    expect(doc.consents).toHaveLength(1);
    expect(doc.identity_verifications).toEqual([
      expect.objectContaining({
        creator_username: creator.username,
        legal_name: 'Bruno Lima',
        legal_id: '52998224725',
        status: 'pending',
      }),
    ]);
    const text = res.body;
    for (const foreign of [
      other.email,
      other.id,
      creator.email,
      'Post da Carla',
      'Outra Pessoa',
      '11144477735',
    ])
      expect(text).not.toContain(foreign);
    expect((await t.inject({ method: 'GET', url: '/api/v1/me/export' })).statusCode).toBe(401);
  });

  it('needs a sign-in of the last 10 minutes or the password, and tells the address', async () => {
    const u = await createUser(t, { full_name: 'Dora Lopes' });
    const get = () => t.inject({ method: 'GET', url: '/api/v1/me/export', headers: as(u) });
    const post = (password: unknown) =>
      t.inject({ method: 'POST', url: '/api/v1/me/export', headers: as(u), payload: { password } });
    const exportMails = async () =>
      (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, u.email))).filter(
        (m) => m.kind === 'data-export',
      );
    expect((await get()).statusCode).toBe(200);
    expect(await exportMails()).toHaveLength(1);
    t.clock.advance(11 * 60_000);
    try {
      const stale = await get();
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({
        code: 'REAUTHENTICATION_REQUIRED',
        message: 'Confirme sua senha para baixar os seus dados.',
      });
      const wrong = await post('senha-errada');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        { field: 'password', message: 'Senha atual incorreta.' },
      ]);
      expect((await post('')).statusCode).toBe(400);
      // nothing left for the refused ones: still the one export
      expect(await exportMails()).toHaveLength(1);
      const ok = await post(u.password);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().profile).toMatchObject({ id: u.id, full_name: 'Dora Lopes' });
      expect(await exportMails()).toHaveLength(2);
    } finally {
      t.clock.advance(-11 * 60_000);
    }
    await drainMail(t.ctx);
    expect(t.mail.to(u.email).map((m) => m.subject)).toContain(
      'Os seus dados do Fã Clube foram baixados',
    );
  });

  it('an account made through Google (no password) confirms by a sign-in of the last 10 minutes', async () => {
    const googleOnly = async () => {
      const u = await createUser(t);
      await t.ctx.db
        .update(users)
        .set({ passwordHash: null, googleSub: `google-${u.id}` })
        .where(eq(users.id, u.id));
      return u;
    };
    const del = (u: TestUser, payload: object) =>
      t.inject({ method: 'DELETE', url: '/api/v1/me', headers: as(u), payload });

    const fresh = await googleOnly();
    const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: as(fresh) });
    expect(me.json()).toMatchObject({ has_password: false });
    expect((await del(fresh, {})).statusCode).toBe(200);
    const [gone] = await t.ctx.db.select().from(users).where(eq(users.id, fresh.id));
    expect(gone!.fullName).toBe('Conta excluída');

    const stale = await googleOnly();
    t.clock.advance(11 * 60 * 1000);
    const late = await del(stale, {});
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('REAUTHENTICATION_REQUIRED');
    const [kept] = await t.ctx.db.select().from(users).where(eq(users.id, stale.id));
    expect(kept!.fullName).toBe(stale.fullName);

    // an account with a password must give it
    const withPassword = await createUser(t);
    const bare = await del(withPassword, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual([
      { field: 'password', message: 'Informe a sua senha atual.' },
    ]);
  });

  it('refuses a wrong password and an owner whose workspace still has people (409)', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    await addTeamMember(t, owner, member);
    const wrong = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: as(owner),
      payload: { password: 'senha-errada-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const busy = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: as(owner),
      payload: { password: owner.password },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('WORKSPACE_HAS_PEOPLE');
    expect(busy.json().message).toContain(`@${owner.username}`);

    // an active subscriber also keeps the creator from leaving
    const creator = await createUser(t);
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, creator);
    const withSubscriber = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: as(creator),
      payload: { password: creator.password },
    });
    expect(withSubscriber.json().code).toBe('WORKSPACE_HAS_PEOPLE');
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/v1/me', payload: { password: 'x' } }))
        .statusCode,
    ).toBe(401);
    // nothing changed
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).toBe(owner.email);
  });

  it('deletes: sessions end, personal data goes, the creator keeps the charge with the payer anonymised', async () => {
    const creator = await createUser(t, { full_name: 'Carla Mendes' });
    const fan = await createUser(t, { full_name: 'Bruno Lima' });
    const paid = await makeActiveSubscriber(t, fan, creator);
    const otherSession = await signIn(t, fan.email, fan.password);
    const creatorPost = await createPost(t, creator, { text: 'Post da Carla' });
    await t.inject({
      method: 'POST',
      url: `/api/v1/content/${fan.workspaceId}/${creatorPost.id}/like`,
      headers: as(fan),
    });
    const [ledgerBefore] = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.chargeId, paid.chargeId));
    expect(ledgerBefore!.label).toContain(`@${fan.username}`);
    // the fan verified their identity with the creator (trueid)
    await t.ctx.db.insert(trueidCustomers).values({
      workspaceId: creator.workspaceId,
      id: crypto.randomUUID(),
      userId: fan.id,
      legalName: 'Bruno Lima',
      legalId: '52998224725',
      documentType: 'cnh',
    });
    // recovery codes of an earlier 2FA set-up
    await t.ctx.db.insert(recoveryCodes).values({ userId: fan.id, codeHash: 'codigo-antigo' });
    expect(
      await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, fan.email)),
    ).not.toHaveLength(0);
    // a campaign of the creator named the fan
    const [campaign] = await t.ctx.db
      .insert(emailCampaigns)
      .values({
        workspaceId: creator.workspaceId,
        createdBy: creator.id,
        subject: 'Novidades',
        template: '<p>Oi</p>',
        contacts: [fan.email.toLowerCase(), 'subscribers'],
      })
      .returning();
    await t.ctx.db.insert(emailMessages).values({
      campaignId: campaign!.id,
      workspaceId: creator.workspaceId,
      email: fan.email.toLowerCase(),
    });

    const res = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: as(fan),
      payload: { password: fan.password },
    });
    expect(res.statusCode).toBe(200);

    // every session ended
    const live = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, fan.id));
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
    for (const token of [fan.refreshToken, otherSession.refresh_token]) {
      const r = await t.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        payload: { refresh_token: token },
      });
      expect(r.statusCode).toBe(401);
    }
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: as(fan) })).statusCode,
    ).toBe(401);
    const signInAgain = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: fan.email, password: fan.password },
    });
    expect(signInAgain.statusCode).toBe(401);

    // personal data erased or anonymised
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, fan.id));
    expect(row).toMatchObject({ fullName: 'Conta excluída', passwordHash: null, avatarPath: null });
    expect(row!.email).not.toContain(fan.email.split('@')[0]!);
    expect(row!.username).not.toBe(fan.username);
    // the own workspace is closed like DELETE /workspaces/{id} does (soft delete)
    const [ownWorkspace] = await t.ctx.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, fan.workspaceId));
    expect(ownWorkspace!.deletedAt).toBeInstanceOf(Date);
    expect(
      await t.ctx.db.select().from(trueidCustomers).where(eq(trueidCustomers.userId, fan.id)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, fan.id)),
    ).toHaveLength(0);
    // nor the campaigns: their messages and their record of the named addresses
    expect(
      await t.ctx.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.email, fan.email.toLowerCase())),
    ).toHaveLength(0);
    const [kept] = await t.ctx.db
      .select()
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, campaign!.id));
    expect(kept!.contacts).toEqual(['subscribers']);
    // the outbox keeps no message to the address (sign-up's confirmation was one)
    expect(
      await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, fan.email)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, fan.id)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(contentLikes).where(eq(contentLikes.userId, fan.id)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(contents).where(eq(contents.id, creatorPost.id)),
    ).toHaveLength(1);

    // the creator's records keep the amounts, with the payer anonymised
    const [charge] = await t.ctx.db.select().from(charges).where(eq(charges.id, paid.chargeId));
    expect(charge).toMatchObject({ status: 'paid', valueCents: 2990, payerId: fan.id });
    expect(
      await t.ctx.db
        .select()
        .from(subscriptionPayments)
        .where(eq(subscriptionPayments.chargeId, paid.chargeId)),
    ).toHaveLength(1);
    const [ledger] = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.chargeId, paid.chargeId));
    expect(ledger).toMatchObject({ amountCents: ledgerBefore!.amountCents });
    expect(ledger!.label).not.toContain(fan.username);
    expect(ledger!.label).toContain('titular excluído');
    const list = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}`,
      headers: as(creator),
    });
    const item = list.json().charges.find((c: { id: string }) => c.id === paid.chargeId);
    expect(item).toMatchObject({ value: 29.9, label: 'Conta excluída' });
    expect(JSON.stringify(list.json())).not.toContain('Bruno Lima');
    // no longer an active subscriber
    const subs = await t.inject({
      method: 'GET',
      url: `/api/v1/subscribers/${creator.workspaceId}`,
      headers: as(creator),
    });
    expect(subs.json().subscribers).toEqual([]);

    // the deletion is in the audit
    const audit = await t.ctx.db
      .select()
      .from(loginActivities)
      .where(eq(loginActivities.userId, fan.id));
    expect(audit.map((a) => a.method)).toContain('account_deletion');
  });
});
