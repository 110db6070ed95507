import { TransactionsScreen } from '@/features/finance/components/transactions-screen';

/** /finance/transactions ('Lançamentos': the filtered list, its pages and the CSV export). */
export function FinanceTransactionsRoute() {
  return <TransactionsScreen />;
}
