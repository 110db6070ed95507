import { AccountsScreen } from '@/features/finance/components/accounts-screen';

/** /finance/accounts ('Contas': the accounts and their balances). */
export function FinanceAccountsRoute() {
  return <AccountsScreen />;
}
