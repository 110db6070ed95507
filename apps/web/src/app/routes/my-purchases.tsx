import { MyPurchasesScreen } from '@/features/content/components/my-purchases';

/** /purchases ('Minhas compras'). */
export function MyPurchasesRoute() {
  return <MyPurchasesScreen />;
}
