import { MessagesScreen } from '@/features/chat/components/messages-screen';

/** /messages and /messages/:ws/:chatId ('Mensagens'). */
export function MessagesRoute() {
  return <MessagesScreen />;
}
