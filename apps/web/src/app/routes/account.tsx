import { AccountScreen } from '@/features/account/components/account-screen';

/** /account ('Minha conta'). */
export function AccountRoute() {
  return <AccountScreen />;
}
