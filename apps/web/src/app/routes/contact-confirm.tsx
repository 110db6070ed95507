import { ContactConfirmPage } from '@/features/campaigns/components/contact-confirm-page';

/** /contacts/confirm?token= (public): an imported contact confirms it wants a creator's e-mails. */
export function ContactConfirmRoute() {
  return <ContactConfirmPage />;
}
