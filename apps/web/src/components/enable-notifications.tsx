import { Bell, BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { enablePush, pushPermission } from '@/lib/push';
import { cn } from '@/lib/utils';

const texts = {
  enable: 'Ativar notificações',
  enabling: 'Ativando…',
  enabled: 'Notificações ativadas',
  done: 'Notificações ativadas neste aparelho.',
  denied:
    'O navegador bloqueou as notificações. Permita-as nas configurações do site e tente de novo.',
  unsupported: 'Este navegador não recebe notificações.',
};

/**
 * 'Ativar notificações' (profile of a creator one subscribes to, 'Minhas assinaturas'): the
 * browser's permission is asked only when it is clicked. Hidden where the browser has no Web
 * Push; shown as done once this browser allowed them and registered.
 */
export function EnableNotificationsButton({ className }: { className?: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'enabled'>(() =>
    pushPermission() === 'granted' && localStorage.getItem('push-enabled') === '1'
      ? 'enabled'
      : 'idle',
  );
  if (pushPermission() === 'unsupported') return null;
  if (state === 'enabled')
    return (
      <span
        className={cn('inline-flex items-center gap-1.5 text-sm text-muted-foreground', className)}
        data-testid="notifications-enabled"
      >
        <BellRing className="size-4" aria-hidden />
        {texts.enabled}
      </span>
    );
  const onClick = async () => {
    setState('busy');
    try {
      const result = await enablePush();
      if (result === 'enabled') {
        localStorage.setItem('push-enabled', '1');
        setState('enabled');
        toast.success(texts.done);
        return;
      }
      toast.error(result === 'denied' ? texts.denied : texts.unsupported);
    } catch (error) {
      toast.error(errorMessage(error));
    }
    setState('idle');
  };
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn('rounded-full', className)}
      disabled={state === 'busy'}
      onClick={() => void onClick()}
    >
      <Bell aria-hidden />
      {state === 'busy' ? texts.enabling : texts.enable}
    </Button>
  );
}
