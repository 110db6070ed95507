import { USERNAME_PATTERN, UpdateWorkspaceBody } from '@fa-clube/contract';

/** The profile settings' forms: one field of the contract's update body each. */
export const NameForm = UpdateWorkspaceBody.pick({ label: true }).required();
export const UsernameForm = UpdateWorkspaceBody.pick({ username: true }).required();
export const DescriptionForm = UpdateWorkspaceBody.pick({ description: true }).required();

/** The name's Salvar: owner, a valid name, different from the current one (spec section 4). */
export function canSaveName(value: string, current: string, isOwner: boolean): boolean {
  return isOwner && NameForm.safeParse({ label: value }).success && value.trim() !== current;
}

/** The username's Salvar: owner, the server's rules as typed (lower case), a change. */
export function canSaveUsername(value: string, current: string, isOwner: boolean): boolean {
  return isOwner && USERNAME_PATTERN.test(value) && value !== current;
}

/** The description's Salvar: owner and a non-blank description of at most 250 (spec section 5). */
export function canSaveDescription(value: string, isOwner: boolean): boolean {
  return (
    isOwner && value.trim().length > 0 && DescriptionForm.safeParse({ description: value }).success
  );
}
