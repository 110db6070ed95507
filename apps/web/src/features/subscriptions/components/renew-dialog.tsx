import type { PlanType } from '@fa-clube/contract';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/subscriptions';
import { errorMessage } from '@/lib/api-client';
import { sortPlans } from '../format';
import { usePlans } from '../hooks/use-plans';
import { SubscribeDialog } from './subscribe-dialog';
import type { Creator } from './subscribe-dialog';

/**
 * 'Renovar' / 'Assinar novamente' from 'Minhas assinaturas': the profile's subscribe dialog for the
 * creator's plan of the same type (or their first plan when that one is gone), paid through
 * POST /subscriptions/charge { plan }.
 */
export function RenewDialog({
  creator,
  workspaceId,
  planType,
  onClose,
  onPaid,
}: {
  creator: Creator;
  workspaceId: string;
  planType: PlanType;
  onClose: () => void;
  onPaid: () => void;
}) {
  const plans = usePlans(creator.username);
  const list = plans.data ? sortPlans(plans.data.plans) : [];
  const plan = list.find((p) => p.plan_type === planType) ?? list[0];

  useEffect(() => {
    if (plans.isError) {
      toast.error(errorMessage(plans.error));
      onClose();
    } else if (plans.data && !plan) {
      toast.error(t.subscriptions.profile.noPlans);
      onClose();
    }
  }, [plans.isError, plans.error, plans.data, plan, onClose]);

  if (!plan) return null;
  return (
    <SubscribeDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      creator={creator}
      plan={plan}
      renewal={{ workspaceId }}
      automaticAvailable={plans.data?.automatic_available === true}
      onSubscribed={onPaid}
    />
  );
}
