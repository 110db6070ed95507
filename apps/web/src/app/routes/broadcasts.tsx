import { BroadcastsScreen } from '@/features/broadcasts/components/broadcasts-screen';

/** /broadcasts ('Mensagem para todos', and the welcome message). */
export function BroadcastsRoute() {
  return <BroadcastsScreen />;
}
