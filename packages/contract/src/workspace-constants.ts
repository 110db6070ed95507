// Without zod: the workspaces constants the web client's first load needs before workspaces.ts's schemas
// (docs/decisions/036-web-first-load.md).

export const WORKSPACE_LABEL_MAX = 60;
export const WORKSPACE_DESCRIPTION_MAX = 250;

/** `WorkspaceLabel`'s rule without zod: 1 to WORKSPACE_LABEL_MAX characters once trimmed. */
export const isWorkspaceLabel = (value: string) => {
  const length = value.trim().length;
  return length >= 1 && length <= WORKSPACE_LABEL_MAX;
};

/** `WorkspaceDescription`'s rule without zod: at most WORKSPACE_DESCRIPTION_MAX once trimmed. */
export const isWorkspaceDescription = (value: string) =>
  value.trim().length <= WORKSPACE_DESCRIPTION_MAX;
