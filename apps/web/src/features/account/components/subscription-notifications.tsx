import type { SubscriptionNotifications } from '@fa-clube/contract';
import { Bell } from 'lucide-react';
import { useId } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import {
  useSaveSubscriptionNotifications,
  useSubscriptionNotifications,
} from '../hooks/use-account';
import { t } from '../strings';

/**
 * 'Avisos de novas publicações' of one subscription in 'Minhas assinaturas': e-mail and the
 * device's notifications (GET / PUT /subscriptions/{id}/notifications). A switch turns at once
 * and turns back if saving fails.
 */
export function SubscriptionNotificationSwitches({
  subscriptionId,
  username,
}: {
  subscriptionId: string;
  username: string;
}) {
  const titleId = useId();
  const emailId = useId();
  const pushId = useId();
  const settings = useSubscriptionNotifications(subscriptionId);
  const save = useSaveSubscriptionNotifications(subscriptionId);
  const change = (next: SubscriptionNotifications) =>
    save.mutate(next, {
      onSuccess: () => toast.success(t.mySubscriptions.notificationsSaved),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="grid gap-2 rounded-lg bg-muted/60 px-3 py-2.5"
      data-testid="subscription-notifications"
    >
      <p id={titleId} className="flex items-center gap-2 text-sm font-medium">
        <Bell className="size-4 shrink-0" aria-hidden />
        {t.mySubscriptions.notificationsTitle}
      </p>
      {settings.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : settings.isError ? (
        <LoadError
          message={t.mySubscriptions.notificationsLoadError}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="grid gap-2 pl-6">
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={emailId} className="grid text-sm">
              {t.mySubscriptions.notificationsEmail}
              <span className="text-xs text-muted-foreground">
                {t.mySubscriptions.notificationsEmailHint}
              </span>
            </label>
            <Switch
              id={emailId}
              aria-label={t.mySubscriptions.notificationsEmailAria(username)}
              checked={settings.data.email}
              disabled={save.isPending}
              onCheckedChange={(email) => change({ ...settings.data, email })}
            />
          </div>
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={pushId} className="text-sm">
              {t.mySubscriptions.notificationsPush}
            </label>
            <Switch
              id={pushId}
              aria-label={t.mySubscriptions.notificationsPushAria(username)}
              checked={settings.data.push}
              disabled={save.isPending}
              onCheckedChange={(push) => change({ ...settings.data, push })}
            />
          </div>
        </div>
      )}
    </div>
  );
}
