import { USERNAME_PATTERN, WORKSPACE_DESCRIPTION_MAX } from '@fa-clube/contract';

/** Whether the name's Salvar is enabled: owner, not blank and different from the current one. */
export function canSaveName(value: string, current: string, isOwner: boolean): boolean {
  const name = value.trim();
  return isOwner && name.length > 0 && name !== current;
}

/** Whether the username's Salvar is enabled: owner, the server's rules, a change. */
export function canSaveUsername(value: string, current: string, isOwner: boolean): boolean {
  return isOwner && USERNAME_PATTERN.test(value) && value !== current;
}

/** Whether the description's Salvar is enabled: owner and not blank (at most 250, by maxLength). */
export function canSaveDescription(value: string, isOwner: boolean): boolean {
  return isOwner && value.trim().length > 0 && value.length <= WORKSPACE_DESCRIPTION_MAX;
}
