import type { AppLabel } from '@fa-clube/contract';

/** Where each installed app's own screen lives (the card's 'Abrir' link). */
export const APP_SCREENS: Record<AppLabel, string> = {
  trueid: '/settings/apps/trueid',
  'email-marketing': '/settings/apps/email-marketing',
};
