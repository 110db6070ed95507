import type { TestContext } from './context';
import { bearer } from './fixtures';
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
