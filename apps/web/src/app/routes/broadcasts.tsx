import { BroadcastsScreen } from '@/features/broadcasts/components/broadcasts-screen';

/** /broadcasts ('Mensagem para todos'). */
export function BroadcastsRoute() {
  return <BroadcastsScreen />;
}
