import { isEmail } from '@fa-clube/contract';
import type { TeamMember } from '@fa-clube/contract';

// Without zod, so the team page's first load does not need it (docs/decisions/036-web-first-load.md).

/** The invite button is enabled only for an owner and an e-mail the contract's InviteBody accepts. */
export function canInvite(email: string, isOwner: boolean): boolean {
  return isOwner && isEmail(email);
}

/** The remove button is enabled only for the owner, and never on the owner's own row. */
export function canRemoveMember(member: TeamMember, isOwner: boolean, meId: string | null) {
  return isOwner && member.role !== 'owner' && member.id !== meId;
}

/** The delete button is enabled only when the workspace's username is typed exactly. */
export function canConfirmDelete(typed: string, username: string): boolean {
  return typed.trim() === username;
}
