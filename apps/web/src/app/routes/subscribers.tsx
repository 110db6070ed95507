import { SubscribersScreen } from '@/features/subscribers/components/subscribers-screen';

/** /subscribers ('Assinantes'). */
export function SubscribersRoute() {
  return <SubscribersScreen />;
}
