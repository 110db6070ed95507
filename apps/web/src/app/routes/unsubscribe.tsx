import { UnsubscribePage } from '@/features/campaigns/components/unsubscribe-page';

/** /unsubscribe?token= (public): confirms before unsubscribing from a creator's e-mails. */
export function UnsubscribeRoute() {
  return <UnsubscribePage />;
}
