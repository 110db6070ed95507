// Contract for new-post notifications (issue 35): a fan's switches per subscription.
import { z } from 'zod';
import { defineErrors } from './errors';

const flag = (name: string) => z.boolean({ message: `Informe ${name} como verdadeiro ou falso.` });

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

// ---- Web Push (VAPID, RFC 8030/8291/8292) ------------------------------------

/** GET /push/public-key: the application server's VAPID public key (base64url, 65 bytes). */
export const PushPublicKey = z.object({ key: z.string() }).meta({ id: 'PushPublicKey' });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

const base64url = (bytes: number, message: string) =>
  z
    .string({ message })
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, message);

export const PushEndpoint = z
  .string({ message: 'Informe o endereço da inscrição de notificações.' })
  .trim()
  .max(1000, 'O endereço da inscrição é longo demais.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'O endereço da inscrição deve começar com https://.');

/** POST /push/subscriptions: what the browser's PushSubscription.toJSON() gives. */
export const PushSubscriptionBody = z.object({
  endpoint: PushEndpoint,
  keys: z.object(
    {
      p256dh: base64url(65, 'A chave p256dh deve ser uma chave P-256 em base64url.'),
      auth: base64url(16, 'A chave auth deve ter 16 bytes em base64url.'),
    },
    { message: 'Informe as chaves da inscrição (p256dh e auth).' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushSubscriptionCreated = z
  .object({ endpoint: z.string() })
  .meta({ id: 'PushSubscriptionCreated' });

export const PushEndpointQuery = z.object({ endpoint: PushEndpoint });

export const PUSH_ERRORS = defineErrors({
  /** Production without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT. */
  PUSH_NOT_CONFIGURED: {
    status: 503,
    message: 'As notificações no aparelho não estão disponíveis neste servidor.',
  },
  /** The endpoint's host is not one of PUSH_SERVICE_HOSTS. */
  PUSH_ENDPOINT_NOT_ALLOWED: {
    status: 400,
    message: 'Este endereço não é de um serviço de notificações conhecido.',
  },
  PUSH_SUBSCRIPTION_NOT_FOUND: {
    status: 404,
    message: 'Inscrição de notificações não encontrada.',
  },
});
