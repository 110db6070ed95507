import { useMutation } from '@tanstack/react-query';
import type { PlanType } from '@fa-clube/contract';
import { subscribeWithRenewal } from '../api/subscriptions-api';

/**
 * A charge of the other kind than the one the dialog opened with: 'Renovação automática' (the
 * composite code, with the payer) or back to a plain Pix.
 */
export function useSwitchCharge(username: string, planType: PlanType) {
  return useMutation({
    mutationFn: (renewal: Parameters<typeof subscribeWithRenewal>[2]) =>
      subscribeWithRenewal(username, planType, renewal),
  });
}
