import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  charges,
  invitations,
  pixConnections,
  pixSettings,
  workspaceMembers,
} from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, confirmEmail, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { addTeamMember } from '../../../test/support/workspaces';

// Issue 37 (Low): someone registers an address they do not own (a squatter), sets up a
// creator's workspace on it — a team, a Pix key, their own PSP — and waits for the address's
// owner to take the account back with a password reset. The reset proves the inbox: what the
// squatter set up must not stay where the owner's fans' money would go.

let t: TestContext;
const psps: TestPsp[] = [];
const NEW_PASSWORD = 'Senha-Nova-da-Dona-2026';

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: testCertificates().files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  for (const psp of psps) await psp.close();
});

/** A workspace set up: Pix key, plan, own PSP connected, a member, an invitation, a fan's open charge. */
async function setUpWorkspace(confirmed: boolean) {
  const made = await creatorWithPsp(t);
  psps.push(made.psp);
  const { creator, psp } = made;
  if (confirmed) {
    await confirmEmail(t, creator);
  }
  expect((await connect(t, creator, psp)).statusCode).toBe(200);
  expect(psp.webhooks.pix.size).toBe(1);
  const member = await createUser(t);
  await addTeamMember(t, creator, member);
  const invited = await t.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${creator.workspaceId}/invite`,
    headers: bearer(creator.accessToken),
    payload: { email: `convidado-${Date.now()}@example.com` },
  });
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  const fan = await createUser(t);
  const opened = await t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly`,
    headers: bearer(fan.accessToken),
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { creator, psp, member, chargeId: opened.json().charge.id as string };
}

async function resetByLink(who: TestUser) {
  const seen = t.mail.to(who.email).length;
  const asked = await t.inject({
    method: 'POST',
    url: '/api/v1/reset-password',
    payload: { email: who.email },
  });
  expect(asked.statusCode).toBe(200);
  await t.mail.waitFor(who.email, () => t.mail.to(who.email).length > seen);
  const mail = t.mail.to(who.email)[seen]!;
  const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)![1]!);
  const res = await t.inject({
    method: 'PUT',
    url: '/api/v1/reset-password',
    payload: { token, password: NEW_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function stateOf(ws: string, chargeId: string) {
  const db = t.ctx.db;
  const members = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, ws));
  const pending = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.workspaceId, ws), isNull(invitations.acceptedAt)));
  const key = await db.select().from(pixSettings).where(eq(pixSettings.workspaceId, ws));
  const [connection] = await db
    .select({ status: pixConnections.status, secrets: pixConnections.secrets })
    .from(pixConnections)
    .where(eq(pixConnections.workspaceId, ws));
  const [charge] = await db
    .select({ status: charges.status })
    .from(charges)
    .where(eq(charges.id, chargeId));
  return {
    roles: members.map((m) => m.role).sort(),
    invitations: pending.length,
    pixKey: key.length,
    connection: connection?.status,
    secrets: connection?.secrets ?? null,
    charge: charge?.status,
  };
}

describe("a password reset takes a squatter's set-up back", () => {
  it('an address never confirmed: the team, the Pix key, open charges and the PSP connection go', async () => {
    const { creator, psp, member, chargeId } = await setUpWorkspace(false);
    const ws = creator.workspaceId;
    expect(await stateOf(ws, chargeId)).toMatchObject({
      roles: ['member', 'owner'],
      invitations: 1,
      pixKey: 1,
      connection: 'connected',
      charge: 'pending',
    });

    await resetByLink(creator);

    expect(await stateOf(ws, chargeId)).toEqual({
      roles: ['owner'],
      invitations: 0,
      pixKey: 0,
      connection: 'disconnected',
      secrets: null,
      charge: 'cancelled',
    });
    // the PSP's webhook was removed; its URL answers 404 at once
    expect(psp.webhooks.pix.size).toBe(0);
    // the member no longer reaches the workspace
    const asMember = await t.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${ws}/pix/connection`,
      headers: bearer(member.accessToken),
    });
    expect([403, 404]).toContain(asMember.statusCode);
    // the owner is told what was removed
    const told = await t.mail.waitFor(creator.email, (m) =>
      m.subject.includes('Sua senha do Fã Clube foi redefinida'),
    );
    for (const what of [
      'os membros da equipe',
      'os convites para a equipe',
      'a chave Pix de recebimento',
      'a conexão com o PSP',
    ])
      expect(told.text).toContain(what);
    // and signs in with the new password into a workspace that receives nothing until set up again
    const tokens = await signIn(t, creator.email, NEW_PASSWORD);
    const pix = await t.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${ws}/pix`,
      headers: bearer(tokens.access_token),
    });
    expect(pix.statusCode).toBe(404);
  });

  it('an address already confirmed: the reset keeps the team, the Pix key and the connection', async () => {
    const { creator, psp, chargeId } = await setUpWorkspace(true);
    await resetByLink(creator);
    expect(await stateOf(creator.workspaceId, chargeId)).toMatchObject({
      roles: ['member', 'owner'],
      invitations: 1,
      pixKey: 1,
      connection: 'connected',
      charge: 'pending',
    });
    expect(psp.webhooks.pix.size).toBe(1);
  });
});
