// Contract for new-post notifications (issue 35): a fan's switches per subscription.
import { z } from 'zod';
import { defineErrors } from './errors';

const flag = (name: string) =>
  z.boolean({ message: `Informe ${name} como verdadeiro ou falso.` });

/** GET, PUT /subscriptions/{id}/notifications: what the fan is told of this creator's new posts. */
export const SubscriptionNotifications = z
  .object({
    /** An e-mail when the creator publishes (at most one per hour; several posts make one). */
    email: flag('email'),
    /** A Web Push notification on the devices where the fan allowed them. */
    push: flag('push'),
  })
  .meta({ id: 'SubscriptionNotifications' });
export type SubscriptionNotifications = z.infer<typeof SubscriptionNotifications>;

export const NOTIFICATION_ERRORS = defineErrors({
  /** Not a subscription of the caller's (another fan's answers the same: nothing is told). */
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Assinatura não encontrada.' },
});
