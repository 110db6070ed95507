import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useChatSettings, useSaveChatSettings } from '../hooks/use-chat';
import { t } from '../strings';

/**
 * 'Avisos por e-mail' in 'Minha conta': one digest by e-mail when messages stay unread for 10
 * minutes (GET / PUT /me/chat-settings). The switch turns at once and turns back if saving fails.
 */
export function ChatEmailSettings() {
  const titleId = useId();
  const switchId = useId();
  const settings = useChatSettings();
  const save = useSaveChatSettings();
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="chat-email-settings">
      <CardHeader>
        <CardTitle id={titleId}>{t.chat.emailTitle}</CardTitle>
        <CardDescription>{t.chat.emailDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : settings.isError ? (
          <LoadError message={t.chat.emailLoadError} onRetry={() => void settings.refetch()} />
        ) : (
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={switchId} className="text-sm font-medium">
              {t.chat.emailSwitch}
            </label>
            <Switch
              id={switchId}
              checked={settings.data.email_notifications}
              disabled={save.isPending}
              onCheckedChange={(on) =>
                save.mutate(
                  { email_notifications: on },
                  {
                    onSuccess: () => toast.success(on ? t.chat.emailOn : t.chat.emailOff),
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
