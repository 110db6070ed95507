import type { TestContext } from './context';
import { bearer, createUser } from './fixtures';
import type { TestUser } from './fixtures';

/** Makes `member` a team member of `owner`'s workspace through the API (invite + accept). */
export async function addTeamMember(
  t: TestContext,
  owner: TestUser,
  member: TestUser,
  workspaceId = owner.workspaceId,
): Promise<void> {
  const inv = await t.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${workspaceId}/invite`,
    headers: bearer(owner.accessToken),
    payload: { email: member.email },
  });
  if (inv.statusCode >= 300) throw new Error(`invite failed: ${inv.statusCode} ${inv.body}`);
  const accept = await t.inject({
    method: 'POST',
    url: `/api/v1/teams/accept/invitation/${inv.json().invitation.id}`,
    headers: bearer(member.accessToken),
  });
  if (accept.statusCode !== 200)
    throw new Error(`accept failed: ${accept.statusCode} ${accept.body}`);
}

/**
 * The three callers most access tests need: the owner of a workspace, a
 * member of its team, and a signed-in stranger (each with their own workspace).
 */
export async function createTeam(
  t: TestContext,
  names: { owner?: string; member?: string; stranger?: string } = {},
): Promise<{ owner: TestUser; member: TestUser; stranger: TestUser }> {
  const as = (full_name?: string) => (full_name ? { full_name } : {});
  const owner = await createUser(t, as(names.owner));
  const member = await createUser(t, as(names.member));
  const stranger = await createUser(t, as(names.stranger));
  await addTeamMember(t, owner, member);
  return { owner, member, stranger };
}
