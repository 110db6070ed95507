import { OverviewScreen } from '@/features/finance/components/overview-screen';

/** /finance ('Resumo': the balances and the cash-flow and expenses charts). */
export function FinanceOverviewRoute() {
  return <OverviewScreen />;
}
