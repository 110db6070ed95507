import { USERNAME_PATTERN, isWorkspaceDescription, isWorkspaceLabel } from '@fa-clube/contract';

// The spec's enable rules, on the values as typed (the schemas trim and lower-case before they
// check; the forms validate with those on submit, ./validation.ts).

/** The name's Salvar: owner, a valid name, different from the current one (spec section 4). */
export function canSaveName(value: string, current: string, isOwner: boolean): boolean {
  return isOwner && isWorkspaceLabel(value) && value.trim() !== current;
}

/** The username's Salvar: owner, the server's rules as typed (lower case), a change. */
export function canSaveUsername(value: string, current: string, isOwner: boolean): boolean {
  return isOwner && USERNAME_PATTERN.test(value) && value !== current;
}

/** The description's Salvar: owner and a non-blank description of at most 250 (spec section 5). */
export function canSaveDescription(value: string, isOwner: boolean): boolean {
  return isOwner && value.trim().length > 0 && isWorkspaceDescription(value);
}
