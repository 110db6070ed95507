import { Suspense, lazy } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MySubscriptionsScreen } from '@/features/account/components/my-subscriptions';
import { mySubscriptionsKey } from '@/features/account/api/account-api';
import { t } from '@/features/account/strings';
import { toast } from '@/components/ui/use-toast';

// the dialog (Radix Dialog, its form) loads when it opens, not with the page
const RenewDialog = lazy(() =>
  import('@/features/subscriptions/components/renew-dialog').then((m) => ({
    default: m.RenewDialog,
  })),
);

/** /subscriptions ('Minhas assinaturas'): renewing opens the profile's Pix dialog. */
export function MySubscriptionsRoute() {
  const queryClient = useQueryClient();
  return (
    <MySubscriptionsScreen
      renderRenew={(request, close) => (
        <Suspense fallback={null}>
          <RenewDialog
            creator={{
              username: request.username,
              label: request.label,
              avatarUrl: request.avatarUrl,
              coverUrl: null,
            }}
            workspaceId={request.workspaceId}
            planType={request.planType}
            onClose={close}
            onPaid={() => {
              toast.success(t.mySubscriptions.renewed);
              void queryClient.invalidateQueries({ queryKey: mySubscriptionsKey });
            }}
          />
        </Suspense>
      )}
    />
  );
}
