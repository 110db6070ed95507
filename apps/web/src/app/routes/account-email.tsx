import { EmailConfirmScreen } from '@/features/account/components/email-confirm';

/** /account/email?token=: the e-mail change link. */
export function AccountEmailRoute() {
  return <EmailConfirmScreen />;
}
