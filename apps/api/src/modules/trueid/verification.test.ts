import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { trueidCustomers } from '../../db/schema/trueid';
import { apiCall, setAppInstalled, setAppSettings } from '../../../test/support/apps';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, confirmEmail, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeJpeg, putSigned } from '../../../test/support/media';
import { setUpCreator } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';

let t: TestContext;
let owner: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member } = await createTeam(t));
  await setUpCreator(t, owner);
});
afterAll(async () => {
  await t.close();
});

const adult = {
  legal_name: 'Bruno Carvalho',
  legal_id: '529.982.247-25',
  date_of_birth: '1995-03-10',
  document_type: 'cnh',
};

const subscribe = (fan: TestUser) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${owner.username}&plan_type=monthly`,
    headers: bearer(fan.accessToken),
  });

async function sendFile(fan: TestUser, body: Record<string, unknown>) {
  const jpeg = await makeJpeg();
  const res = await apiCall(t, fan)('POST', `/verification/${owner.username}/objects`, {
    extension_type: 'jpg',
    size: jpeg.length,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await putSigned(t, res.json().presigned_url, jpeg, 'image/jpeg')).statusCode).toBe(200);
}

describe('age verification before subscribing', () => {
  it('does not stand in the way while the app or the setting is off', async () => {
    const fan = await createUser(t);
    const state = await apiCall(t, fan)('GET', `/verification/${owner.username}`);
    expect(state.json()).toMatchObject({ required: false, status: null });
    await setAppSettings(t, owner, 'trueid', { require_age_verification: true });
    // the setting alone does nothing while the app is not installed
    expect((await subscribe(fan)).statusCode).toBe(200);
  });

  it('blocks a fan until the creator approves them, then lets them subscribe', async () => {
    await setAppInstalled(t, owner, 'trueid');
    await setAppSettings(t, owner, 'trueid', { require_age_verification: true });
    const fan = await createUser(t, { full_name: 'Bruno Carvalho' });
    await confirmEmail(t, fan);

    const blocked = await subscribe(fan);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('AGE_VERIFICATION_REQUIRED');
    expect((await apiCall(t, fan)('GET', `/verification/${owner.username}`)).json()).toMatchObject({
      required: true,
      status: null,
    });

    // files before the data: there is no customer yet
    const early = await apiCall(t, fan)('POST', `/verification/${owner.username}/objects`, {
      kind: 'document',
      extension_type: 'jpg',
      size: 1000,
    });
    expect(early.json().code).toBe('CUSTOMER_NOT_FOUND');

    const saved = await apiCall(t, fan)('PUT', `/verification/${owner.username}`, adult);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'pending', legal_name: 'Bruno Carvalho' });

    // submitting needs front, back and a selfie
    const missing = await apiCall(t, fan)('POST', `/verification/${owner.username}/submit`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('document_front');
    await sendFile(fan, { kind: 'document' });
    await sendFile(fan, { kind: 'document', document_side: 'back' });
    expect(
      (await apiCall(t, fan)('POST', `/verification/${owner.username}/submit`)).json().errors[0]
        .field,
    ).toBe('liveness');
    await sendFile(fan, { kind: 'liveness' });
    const submitted = await apiCall(t, fan)('POST', `/verification/${owner.username}/submit`);
    expect(submitted.json()).toMatchObject({
      status: 'in_review',
      files: { document_front: true, document_back: true, liveness: true },
    });
    expect((await subscribe(fan)).json().code).toBe('AGE_VERIFICATION_REQUIRED');

    // the creator finds them in review, sees the documents and approves
    const ws = owner.workspaceId;
    const list = await apiCall(t, member)('GET', `/apps/trueid/${ws}/customers?status=in_review`);
    const customer = list
      .json()
      .customers.find((c: { legal_name: string }) => c.legal_name === 'Bruno Carvalho');
    expect(customer).toMatchObject({
      legal_id: '52998224725',
      date_of_birth: '1995-03-10',
      custom_email: fan.email,
      document_type: 'cnh',
    });
    const back = await apiCall(t, owner)(
      'GET',
      `/apps/trueid/${ws}/customer/${customer.id}/document/objects?document_side=back`,
    );
    expect(back.json().objects).toHaveLength(1);
    const approve = await apiCall(t, owner)(
      'POST',
      `/apps/trueid/${ws}/customer/${customer.id}/review`,
      {
        decision: 'approve',
      },
    );
    expect(approve.json().status).toBe('approved');
    const mail = await t.mail.waitFor(fan.email);
    expect(mail.subject).toContain('foi aprovada');

    expect((await subscribe(fan)).statusCode).toBe(200);
    // approved: the data is frozen
    const change = await apiCall(t, fan)('PUT', `/verification/${owner.username}`, adult);
    expect(change.json().code).toBe('CUSTOMER_ALREADY_DECIDED');
  });

  it('refuses under 18 and creates nothing', async () => {
    const fan = await createUser(t);
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const res = await apiCall(t, fan)('PUT', `/verification/${owner.username}`, {
      ...adult,
      date_of_birth: seventeen,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('UNDERAGE');
    expect((await apiCall(t, fan)('GET', `/verification/${owner.username}`)).json().status).toBe(
      null,
    );
    expect((await subscribe(fan)).json().code).toBe('AGE_VERIFICATION_REQUIRED');
  });

  it('tells a rejected fan why and lets them try again', async () => {
    const fan = await createUser(t);
    await apiCall(t, fan)('PUT', `/verification/${owner.username}`, adult);
    await sendFile(fan, { kind: 'document' });
    await sendFile(fan, { kind: 'document', document_side: 'back' });
    await sendFile(fan, { kind: 'liveness' });
    await apiCall(t, fan)('POST', `/verification/${owner.username}/submit`);
    const ws = owner.workspaceId;
    const list = await apiCall(t, owner)('GET', `/apps/trueid/${ws}/customers?status=in_review`);
    const mine = list
      .json()
      .customers.find((c: { custom_email: string }) => c.custom_email === fan.email);
    await apiCall(t, owner)('POST', `/apps/trueid/${ws}/customer/${mine.id}/review`, {
      decision: 'reject',
      reason: 'Selfie sem rosto visível',
    });
    const state = await apiCall(t, fan)('GET', `/verification/${owner.username}`);
    expect(state.json()).toMatchObject({ status: 'rejected', reason: 'Selfie sem rosto visível' });
    expect((await subscribe(fan)).json().code).toBe('AGE_VERIFICATION_REQUIRED');
    const again = await apiCall(t, fan)('PUT', `/verification/${owner.username}`, adult);
    expect(again.json()).toMatchObject({ status: 'pending', reason: null });
  });

  it('validates the fan data and refuses signed-out callers', async () => {
    const fan = await createUser(t);
    for (const [body, field] of [
      [{ ...adult, legal_id: '529.982.247-24' }, 'legal_id'],
      [{ ...adult, legal_id: '11.222.333/0001-81' }, 'legal_id'],
      [{ ...adult, date_of_birth: '2990-01-01' }, 'date_of_birth'],
      [{ ...adult, document_type: 'cnpj' }, 'document_type'],
      [{ ...adult, legal_name: 'Bo' }, 'legal_name'],
    ] as const) {
      const res = await apiCall(t, fan)('PUT', `/verification/${owner.username}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const bad = await apiCall(t, fan)('POST', `/verification/${owner.username}/objects`, {
      kind: 'business',
      extension_type: 'pdf',
    });
    expect(bad.statusCode).toBe(400);
    expect((await apiCall(t, undefined)('GET', `/verification/${owner.username}`)).statusCode).toBe(
      401,
    );
    expect(
      (await apiCall(t, undefined)('PUT', `/verification/${owner.username}`, adult)).statusCode,
    ).toBe(401);
    expect((await apiCall(t, fan)('GET', `/verification/ninguem_aqui_xyz`)).json().code).toBe(
      'PROFILE_NOT_FOUND',
    );
  });

  it('tells the decision only to the fan who verified, at their confirmed address, never at an address the creator set', async () => {
    await setAppInstalled(t, owner, 'trueid');
    const ws = owner.workspaceId;
    /** The fan's data and three files, sent for review; answers the customer's id. */
    const verify = async (fan: TestUser) => {
      expect(
        (await apiCall(t, fan)('PUT', `/verification/${owner.username}`, adult)).statusCode,
      ).toBe(200);
      await sendFile(fan, { kind: 'document' });
      await sendFile(fan, { kind: 'document', document_side: 'back' });
      await sendFile(fan, { kind: 'liveness' });
      expect(
        (await apiCall(t, fan)('POST', `/verification/${owner.username}/submit`)).statusCode,
      ).toBe(200);
      const [row] = await t.ctx.db
        .select()
        .from(trueidCustomers)
        .where(and(eq(trueidCustomers.workspaceId, ws), eq(trueidCustomers.userId, fan.id)));
      return row!.id;
    };
    const decide = (id: string, body: object) =>
      apiCall(t, owner)('POST', `/apps/trueid/${ws}/customer/${id}/review`, body);
    const outboxTo = (address: string) =>
      t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

    // a fan who never confirmed their address: decided, and told nothing
    const unconfirmed = await createUser(t, { full_name: 'Caio Lopes' });
    const first = await verify(unconfirmed);
    // the creator writes someone else's address on the record and decides
    const retyped = await apiCall(t, owner)('PUT', `/apps/trueid/${ws}/customer/${first}`, {
      ...adult,
      custom_email: 'alguem.de.fora@example.com',
      status: 'in_review',
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect(
      (await decide(first, { decision: 'reject', reason: 'Clique em http://phishing.test' }))
        .statusCode,
    ).toBe(200);
    expect(await outboxTo('alguem.de.fora@example.com')).toEqual([]);
    expect(
      (await outboxTo(unconfirmed.email.toLowerCase())).filter((m) => m.kind.startsWith('trueid')),
    ).toEqual([]);

    // a fan who confirmed it: told, at that address
    const confirmed = await createUser(t, { full_name: 'Duda Reis' });
    await confirmEmail(t, confirmed);
    const second = await verify(confirmed);
    expect((await decide(second, { decision: 'reject', reason: 'Foto tremida' })).statusCode).toBe(
      200,
    );
    const mail = await t.mail.waitFor(confirmed.email);
    expect(mail.subject).toContain('não foi aprovada');
    expect(mail.text).toContain('Foto tremida');
  });
});
