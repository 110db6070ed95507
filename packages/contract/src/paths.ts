/** API base path. */
export const API_PREFIX = '/api/v1';

/**
 * Every API path, relative to API_PREFIX, in Fastify's `:param` form.
 * `apiPath(paths.workspace, { id })` fills the parameters for the web client.
 */
export const paths = {
  // auth and user
  user: '/user',
  token: '/token',
  refreshToken: '/refresh-token',
  logout: '/logout',
  confirmEmail: '/confirm-email',
  me: '/me',
  resetPassword: '/reset-password',
  twoFactor: '/2fa',
  loginActivities: '/loginactivities',
  googleStart: '/auth/google',
  googleCallback: '/auth/google/callback',
  authProviders: '/auth/providers',
  /** Link (POST) or unlink (DELETE) a Google account from Segurança. */
  googleLink: '/me/google',
  // workspaces and team
  workspaces: '/workspaces',
  workspace: '/workspaces/:id',
  workspacePlan: '/workspaces/:id/plan',
  workspacePix: '/workspaces/:id/pix',
  /** The workspace's own PSP account (API Pix over mutual TLS). */
  workspacePixConnection: '/workspaces/:id/pix/connection',
  /** Pix received through the connection that matched no charge of the workspace. */
  workspacePixNotifications: '/workspaces/:id/pix/notifications',
  workspaceInvite: '/workspaces/:id/invite',
  workspaceInviteItem: '/workspaces/:id/invite/:inviteId',
  workspaceTransfer: '/workspaces/:id/transfer/ownership',
  /** POST: the owner chooses to be a creator ('Quero ser criador'). */
  workspaceCreator: '/workspaces/:id/creator',
  teamMembers: '/teams/:id/members',
  teamMember: '/teams/:id/member/:memberId',
  acceptInvitation: '/teams/accept/invitation/:id',
  invitation: '/teams/invitation/:id',
  // files and images
  userAvatarUpload: '/avatar/upload',
  workspaceAvatarUpload: '/workspaces/:id/avatar/upload',
  workspaceCoverUpload: '/workspaces/:id/cover-photo/upload',
  objects: '/workspaces/objects/:ws',
  objectFiles: '/workspaces/objects/:ws/files',
  objectFolder: '/workspaces/objects/:ws/folder',
  objectUsage: '/workspaces/objects/:ws/usage',
  uploadComplete: '/uploads/:uploadId/complete',
  /** Public images (avatars, covers): `/public/images/<key>`, cacheable forever. */
  publicImages: '/public/images/*',
  /** Local storage driver: pre-signed PUT and GET served by the API itself. */
  storageUpload: '/storage/upload',
  storageObject: '/storage/object',
  /** A video's HLS playlist, rewritten with signed URLs (the signature decides who may read). */
  mediaHls: '/media/hls',
  // content and profiles
  content: '/content/:ws',
  contentItem: '/content/:ws/:id',
  contentLike: '/content/:ws/:id/like',
  contentRetryMedia: '/content/:ws/:id/retry-media',
  feed: '/contents/:ws/feed',
  profileContents: '/contents/:ws/profile',
  scheduledContents: '/contents/:ws/scheduled',
  contentObject: '/contents/objects',
  recommended: '/profiles/:ws/recommended',
  /** GET ?q=: creators by name or @username (signed in). */
  creatorSearch: '/profiles/search',
  profile: '/profile',
  subscribers: '/subscribers/:ws',
  subscribersExport: '/subscribers/:ws/export.csv',
  // plans, subscriptions and charges
  plans: '/plans',
  subscribePlan: '/subscribe/plan',
  subscriptions: '/subscriptions',
  subscriptionCharge: '/subscriptions/charge',
  charges: '/charges/:ws',
  charge: '/charges/:ws/:id',
  chargeConfirm: '/charges/:ws/:id/confirm',
  /** Refund a payment to review; `:id` is the review's id (the Pix endToEndId). */
  chargeRefund: '/charges/:ws/:id/refund',
  /** Cancel a subscription's automatic renewal (Pix Automático). */
  subscriptionRecurrence: '/subscriptions/:id/recurrence',
  /** GET, PUT: the fan's new-post notification switches for one subscription of theirs. */
  subscriptionNotifications: '/subscriptions/:id/notifications',
  /** Web Push: the VAPID public key; a browser's subscription (POST, DELETE ?endpoint=). */
  pushPublicKey: '/push/public-key',
  pushSubscriptions: '/push/subscriptions',
  paymentReviews: '/charges/:ws/reviews',
  /** GET: how many Pix wait for the owner's confirmation (manual, unexpired). */
  chargesWaiting: '/charges/:ws/waiting',
  paymentReviewResolve: '/charges/:ws/reviews/:id/resolve',
  /** A workspace connection's webhooks: `{webhookUrl}/pix`, `/rec` and `/cobr`. */
  pspWebhook: '/webhooks/pix/c/:connection/:secret/:kind',
} as const;

/** Fill `:params` of a path and prefix it with API_PREFIX. */
export function apiPath(path: string, params: Record<string, string> = {}): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return API_PREFIX + filled;
}
