import { ImportScreen } from '@/features/finance/components/import-wizard';

/** /finance/import ('Importar extrato': the bank-statement import wizard). */
export function FinanceImportRoute() {
  return <ImportScreen />;
}
