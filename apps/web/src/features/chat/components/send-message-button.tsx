import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { messagesWith } from '@/lib/messages-path';
import { t } from '../strings';

/**
 * 'Enviar mensagem' on a creator's profile, for an active subscriber: 'Mensagens' opens (or
 * creates) the conversation with that creator and shows it.
 */
export function SendMessageButton({ username }: { username: string }) {
  return (
    <Button asChild size="sm" variant="outline" className="rounded-full">
      <Link to={messagesWith(username)} data-testid="send-message">
        <MessageCircle aria-hidden />
        {t.chat.sendMessage}
      </Link>
    </Button>
  );
}
