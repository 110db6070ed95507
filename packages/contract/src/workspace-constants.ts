// Without zod: the workspaces constants the web client's first load needs before workspaces.ts's schemas
// (docs/decisions/036-web-first-load.md).

export const WORKSPACE_LABEL_MAX = 60;
export const WORKSPACE_DESCRIPTION_MAX = 250;
