// Without zod: the web client's first load needs these paths, not account.ts's schemas.

export const accountPaths = {
  /** PATCH: the full name. (GET /me is auth's.) */
  me: '/me',
  password: '/me/password',
  email: '/me/email',
  emailConfirm: '/me/email/confirm',
  sessions: '/me/sessions',
  session: '/me/sessions/:id',
  otherSessions: '/me/sessions/others',
  export: '/me/export',
} as const;
