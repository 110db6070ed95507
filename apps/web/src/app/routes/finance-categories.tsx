import { CategoriesScreen } from '@/features/finance/components/categories-screen';

/** /finance/categories ('Categorias'). */
export function FinanceCategoriesRoute() {
  return <CategoriesScreen />;
}
