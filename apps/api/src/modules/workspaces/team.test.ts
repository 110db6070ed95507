import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { addTeamMember, createTeam } from '../../../test/support/workspaces';
import { invitations, workspaceMembers } from '../../db/schema';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t, {
    owner: 'Dora Dona',
    member: 'Eli Membro',
    stranger: 'Fabi Estranha',
  }));
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  user?: TestUser | string,
  payload?: object,
) =>
  t.inject({
    method,
    url,
    headers: user ? bearer(typeof user === 'string' ? user : user.accessToken) : {},
    payload,
  });

const invite = (ws: string, user: TestUser | undefined, email: string) =>
  call('POST', `/api/v1/workspaces/${ws}/invite`, user, { email });

async function roleOf(ws: string, userId: string) {
  const [row] = await t.ctx.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, ws), eq(workspaceMembers.userId, userId)));
  return row?.role ?? null;
}

/** Moves the clock and signs the users in again (access tokens live 15 minutes). */
async function later(ms: number, ...users: TestUser[]) {
  t.clock.advance(ms);
  for (const u of new Set([owner, member, stranger, ...users]))
    u.accessToken = (await signIn(t, u.email, u.password)).access_token;
}

describe('POST /api/v1/workspaces/{id}/invite', () => {
  it('creates an invitation, answers the link and e-mails the invitee in pt-BR', async () => {
    const email = `Convidada.${Date.now()}@Example.com`;
    const res = await invite(owner.workspaceId, owner, email);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.invite_link).toBe(`http://app.test/invitation/${body.invitation.id}`);
    expect(body.invitation.email).toBe(email.toLowerCase());
    expect(body.email_sent).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, body.invitation.id));
    expect(row).toMatchObject({ workspaceId: owner.workspaceId, invitedBy: owner.id });
    const days = (row!.expiresAt.getTime() - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBe('Convite para a equipe de Dora Dona no Fã Clube');
    expect(mail.text).toContain('Dora Dona convidou você para fazer parte da equipe');
    expect(mail.text).toContain(body.invite_link);
    expect(mail.html).toContain('Aceitar convite');
  });

  it('renews a pending invitation for the same e-mail (same id, new expiry, new e-mail)', async () => {
    const email = `renova.${Date.now()}@example.com`;
    const first = (await invite(owner.workspaceId, owner, email)).json();
    await later(2 * 86_400_000, owner);
    const again = await invite(owner.workspaceId, owner, email.toUpperCase());
    expect(again.statusCode).toBe(200);
    expect(again.json().invitation.id).toBe(first.invitation.id);
    expect(new Date(again.json().invitation.expires_at).getTime()).toBeGreaterThan(
      new Date(first.invitation.expires_at).getTime() + 86_400_000,
    );
    const rows = await t.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.workspaceId, owner.workspaceId));
    expect(rows.filter((r) => r.email === email)).toHaveLength(1);
    await expect.poll(() => t.mail.to(email).length).toBe(2);
  });

  it('refuses inviting yourself or a member (409)', async () => {
    const self = await invite(owner.workspaceId, owner, owner.email.toUpperCase());
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('CANNOT_INVITE_SELF');
    const existing = await invite(owner.workspaceId, owner, member.email);
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toMatchObject({
      code: 'ALREADY_MEMBER',
      message: 'Esta pessoa já faz parte da equipe.',
    });
  });

  it.each(['sem-arroba', 'a@b', 'espaço no@meio.com', ''])(
    'rejects the e-mail %j',
    async (email) => {
      const res = await invite(owner.workspaceId, owner, email);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('email');
    },
  );

  it('limits an owner to 30 invitations an hour (429 with Retry-After)', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 30; i++) {
      const res = await invite(u.workspaceId, u, `lote${i}.${Date.now()}@example.com`);
      expect(res.statusCode).toBe(201);
    }
    const over = await invite(u.workspaceId, u, `excesso.${Date.now()}@example.com`);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another owner is not affected
    expect(
      (await invite(owner.workspaceId, owner, `outro.${Date.now()}@example.com`)).statusCode,
    ).toBe(201);
  });

  it('is for the owner only: members 403, strangers 404, signed out 401', async () => {
    const email = `ninguem.${Date.now()}@example.com`;
    expect((await invite(owner.workspaceId, member, email)).statusCode).toBe(403);
    expect((await invite(owner.workspaceId, stranger, email)).statusCode).toBe(404);
    expect((await invite(owner.workspaceId, undefined, email)).statusCode).toBe(401);
    const rows = await t.ctx.db.select().from(invitations).where(eq(invitations.email, email));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/v1/teams/{id}/members', () => {
  it('shows members (owner first, with roles) and pending, unexpired invitations', async () => {
    const u = await createUser(t, { full_name: 'Gil Dono' });
    const m = await createUser(t, { full_name: 'Hana Membro' });
    await addTeamMember(t, u, m);
    const pendingEmail = `pendente.${Date.now()}@example.com`;
    const pending = (await invite(u.workspaceId, u, pendingEmail)).json();

    for (const viewer of [u, m]) {
      const res = await call('GET', `/api/v1/teams/${u.workspaceId}/members`, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        members: [
          { id: u.id, full_name: 'Gil Dono', email: u.email, avatar_url: null, role: 'owner' },
          { id: m.id, full_name: 'Hana Membro', email: m.email, avatar_url: null, role: 'member' },
        ],
        invitations: [
          {
            id: pending.invitation.id,
            email: pendingEmail,
            expires_at: pending.invitation.expires_at,
            invite_link: `http://app.test/invitation/${pending.invitation.id}`,
          },
        ],
        page: 0,
        size: 100,
        total: 2,
        invitations_total: 1,
      });
    }
    // expired invitations are not pending any more
    await later(8 * 86_400_000, u);
    const after = await call('GET', `/api/v1/teams/${u.workspaceId}/members`, u);
    expect(after.json().invitations).toEqual([]);
  });

  it('refuses strangers (404) and signed-out callers (401)', async () => {
    const s = await call('GET', `/api/v1/teams/${owner.workspaceId}/members`, stranger);
    expect(s.statusCode).toBe(404);
    expect(s.json().code).toBe('WORKSPACE_NOT_FOUND');
    expect((await call('GET', `/api/v1/teams/${owner.workspaceId}/members`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/workspaces/{id}/invite/{inviteId}', () => {
  it('lets the owner remove a pending invitation', async () => {
    const inv = (
      await invite(owner.workspaceId, owner, `remover.${Date.now()}@example.com`)
    ).json();
    const url = `/api/v1/workspaces/${owner.workspaceId}/invite/${inv.invitation.id}`;
    expect((await call('DELETE', url, member)).statusCode).toBe(403);
    expect((await call('DELETE', url, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const res = await call('DELETE', url, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Convite para a equipe removido.' });
    expect(
      await t.ctx.db.select().from(invitations).where(eq(invitations.id, inv.invitation.id)),
    ).toEqual([]);
    const again = await call('DELETE', url, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('INVITATION_NOT_FOUND');
  });

  it("cannot reach another workspace's invitation", async () => {
    const other = await createUser(t);
    const inv = (await invite(other.workspaceId, other, `alheio.${Date.now()}@example.com`)).json();
    const res = await call(
      'DELETE',
      `/api/v1/workspaces/${owner.workspaceId}/invite/${inv.invitation.id}`,
      owner,
    );
    expect(res.statusCode).toBe(404);
    expect(
      await t.ctx.db.select().from(invitations).where(eq(invitations.id, inv.invitation.id)),
    ).toHaveLength(1);
  });
});

describe('DELETE /api/v1/teams/{id}/member/{memberId}', () => {
  it('lets the owner remove a member, answering a pt-BR message', async () => {
    const u = await createUser(t);
    const m = await createUser(t, { full_name: 'Ivo Saída' });
    await addTeamMember(t, u, m);
    const url = `/api/v1/teams/${u.workspaceId}/member/${m.id}`;
    expect((await call('DELETE', url, m)).statusCode).toBe(403);
    expect((await call('DELETE', url, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const res = await call('DELETE', url, u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Ivo Saída foi removido(a) da equipe.' });
    expect(await roleOf(u.workspaceId, m.id)).toBeNull();
    expect((await call('GET', `/api/v1/workspaces/${u.workspaceId}`, m)).statusCode).toBe(404);
    const again = await call('DELETE', url, u);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('MEMBER_NOT_FOUND');
  });

  it('does not let the owner remove themself (409)', async () => {
    const res = await call(
      'DELETE',
      `/api/v1/teams/${owner.workspaceId}/member/${owner.id}`,
      owner,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CANNOT_REMOVE_SELF');
    expect(await roleOf(owner.workspaceId, owner.id)).toBe('owner');
  });
});

describe('accepting an invitation', () => {
  it('works once, for the invited e-mail only (any case), and answers the workspace', async () => {
    const u = await createUser(t, { full_name: 'Júlia Dona' });
    const invitee = await createUser(t);
    const inv = (await invite(u.workspaceId, u, invitee.email.toUpperCase())).json();
    const url = `/api/v1/teams/accept/invitation/${inv.invitation.id}`;

    expect((await call('POST', url)).statusCode).toBe(401);
    const wrong = await call('POST', url, stranger);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      code: 'INVITATION_NOT_FOR_YOU',
      message: 'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail convidado.',
    });
    expect(await roleOf(u.workspaceId, stranger.id)).toBeNull();

    const ok = await call('POST', url, invitee);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: u.workspaceId, label: 'Júlia Dona', is_owner: false });
    expect(await roleOf(u.workspaceId, invitee.id)).toBe('member');
    const [row] = await t.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, inv.invitation.id));
    expect(row!.acceptedBy).toBe(invitee.id);

    const twice = await call('POST', url, invitee);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('INVITATION_USED');
    // accepted invitations are no longer pending
    const team = (await call('GET', `/api/v1/teams/${u.workspaceId}/members`, u)).json();
    expect(team.invitations).toEqual([]);
    expect(team.members.map((m: { id: string }) => m.id)).toEqual([u.id, invitee.id]);
  });

  it('refuses after 7 days (INVITATION_EXPIRED) and unknown ids (404)', async () => {
    const u = await createUser(t);
    const invitee = await createUser(t);
    const inv = (await invite(u.workspaceId, u, invitee.email)).json();
    await later(7 * 86_400_000 + 60_000, invitee);
    const res = await call('POST', `/api/v1/teams/accept/invitation/${inv.invitation.id}`, invitee);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVITATION_EXPIRED');
    expect(await roleOf(u.workspaceId, invitee.id)).toBeNull();
    const unknown = await call(
      'POST',
      '/api/v1/teams/accept/invitation/00000000-0000-4000-8000-000000000000',
      invitee,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('INVITATION_NOT_FOUND');
  });

  it('accepts just before the 7 days end', async () => {
    const u = await createUser(t);
    const invitee = await createUser(t);
    const inv = (await invite(u.workspaceId, u, invitee.email)).json();
    await later(7 * 86_400_000 - 60_000, invitee);
    const res = await call('POST', `/api/v1/teams/accept/invitation/${inv.invitation.id}`, invitee);
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/v1/teams/invitation/{id}', () => {
  it('explains the invitation without revealing the invited e-mail', async () => {
    const u = await createUser(t, { full_name: 'Kátia Dona' });
    const invitee = await createUser(t);
    const inv = (await invite(u.workspaceId, u, invitee.email)).json();
    const url = `/api/v1/teams/invitation/${inv.invitation.id}`;

    const mine = await call('GET', url, invitee);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      id: inv.invitation.id,
      state: 'pending',
      for_you: true,
      is_member: false,
      expires_at: inv.invitation.expires_at,
      workspace: { label: 'Kátia Dona', username: u.username, avatar_url: null },
    });
    const notMine = await call('GET', url, stranger);
    expect(notMine.statusCode).toBe(200);
    expect(notMine.json()).toMatchObject({ state: 'pending', for_you: false });
    expect(notMine.body.toLowerCase()).not.toContain(invitee.email.toLowerCase());
    expect((await call('GET', url)).statusCode).toBe(401);

    await call('POST', `/api/v1/teams/accept/invitation/${inv.invitation.id}`, invitee);
    expect((await call('GET', url, invitee)).json()).toMatchObject({
      state: 'accepted',
      is_member: true,
    });

    const other = (await invite(u.workspaceId, u, `expira.${Date.now()}@example.com`)).json();
    await later(8 * 86_400_000, stranger);
    expect(
      (await call('GET', `/api/v1/teams/invitation/${other.invitation.id}`, stranger)).json().state,
    ).toBe('expired');
    expect(
      (await call('GET', '/api/v1/teams/invitation/00000000-0000-4000-8000-000000000000', stranger))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v1/workspaces/{id}/transfer/ownership', () => {
  it('makes a member the owner and keeps the old owner as a member, in one step', async () => {
    const u = await createUser(t, { full_name: 'Lia Antiga' });
    const m = await createUser(t, { full_name: 'Mel Nova' });
    await addTeamMember(t, u, m);
    const url = `/api/v1/workspaces/${u.workspaceId}/transfer/ownership`;

    expect((await call('POST', url, m, { email: u.email })).statusCode).toBe(403);
    expect((await call('POST', url, stranger, { email: m.email })).statusCode).toBe(404);
    expect((await call('POST', url, undefined, { email: m.email })).statusCode).toBe(401);
    expect((await call('POST', url, u, { email: 'nao-e-email' })).statusCode).toBe(400);
    const notMember = await call('POST', url, u, { email: stranger.email });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().code).toBe('NOT_A_MEMBER');
    const self = await call('POST', url, u, { email: u.email });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('ALREADY_OWNER');
    expect(await roleOf(u.workspaceId, u.id)).toBe('owner');

    const res = await call('POST', url, u, { email: m.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'A propriedade foi transferida para Mel Nova.',
      workspace: { id: u.workspaceId, is_owner: false },
    });
    expect(await roleOf(u.workspaceId, m.id)).toBe('owner');
    expect(await roleOf(u.workspaceId, u.id)).toBe('member');
    const owners = await t.ctx.db
      .select()
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, u.workspaceId), eq(workspaceMembers.role, 'owner')),
      );
    expect(owners).toHaveLength(1);

    // the old owner is now a member: owner-only actions are refused
    const edit = await t.inject({
      method: 'PUT',
      url: `/api/v1/workspaces/${u.workspaceId}`,
      headers: bearer(u.accessToken),
      payload: { label: 'Ainda minha?' },
    });
    expect(edit.statusCode).toBe(403);
    const list = (await call('GET', '/api/v1/workspaces', m)).json().workspaces;
    expect(list.find((w: { id: string }) => w.id === u.workspaceId).is_owner).toBe(true);
    // and the new owner can hand it back
    const back = await call('POST', url, m, { email: u.email });
    expect(back.statusCode).toBe(200);
    expect(await roleOf(u.workspaceId, u.id)).toBe('owner');
  });
});
