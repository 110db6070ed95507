import { InviteBody, Uuid } from '@fa-clube/contract';
import type { TeamMember } from '@fa-clube/contract';
import { z } from 'zod';

/** The invite button is enabled only for an owner and an e-mail matching the simple pattern. */
export function canInvite(email: string, isOwner: boolean): boolean {
  return isOwner && InviteBody.safeParse({ email }).success;
}

/** The remove button is enabled only for the owner, and never on the owner's own row. */
export function canRemoveMember(member: TeamMember, isOwner: boolean, meId: string | null) {
  return isOwner && member.role !== 'owner' && member.id !== meId;
}

/** Transferir propriedade: a member chosen (the body's e-mail is that member's). */
export const TransferForm = z.object({ member_id: Uuid });
export type TransferForm = z.infer<typeof TransferForm>;

/** The delete button is enabled only when the workspace's username is typed exactly. */
export function canConfirmDelete(typed: string, username: string): boolean {
  return typed.trim() === username;
}

/** The deletion's confirmation: the workspace's username, typed exactly. */
export const deleteConfirmForm = (username: string) =>
  z.object({ username: z.string().refine((typed) => canConfirmDelete(typed, username)) });
