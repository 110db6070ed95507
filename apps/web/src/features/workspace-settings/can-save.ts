import {
  USERNAME_PATTERN,
  WORKSPACE_DESCRIPTION_MAX,
  WORKSPACE_LABEL_MAX,
} from '@fa-clube/contract';

// Without zod, so the page's first load does not need it: the same rules as the contract's
// WorkspaceLabel / WorkspaceDescription (trimmed, 1–60 and at most 250 characters), which the
// forms validate with on submit (./validation.ts).

/** The name's Salvar: owner, a valid name, different from the current one (spec section 4). */
export function canSaveName(value: string, current: string, isOwner: boolean): boolean {
  const label = value.trim();
  return isOwner && label.length >= 1 && label.length <= WORKSPACE_LABEL_MAX && label !== current;
}

/** The username's Salvar: owner, the server's rules as typed (lower case), a change. */
export function canSaveUsername(value: string, current: string, isOwner: boolean): boolean {
  return isOwner && USERNAME_PATTERN.test(value) && value !== current;
}

/** The description's Salvar: owner and a non-blank description of at most 250 (spec section 5). */
export function canSaveDescription(value: string, isOwner: boolean): boolean {
  const description = value.trim();
  return isOwner && description.length > 0 && description.length <= WORKSPACE_DESCRIPTION_MAX;
}
