import { apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** Where the service worker is served from (apps/web/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

export type PushSupport = 'supported' | 'unsupported';
export type EnablePushResult = 'enabled' | 'denied' | 'unsupported';

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

/** The browser's permission now: 'granted', 'denied' or 'default' (not asked yet). */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupport() === 'supported' ? Notification.permission : 'unsupported';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * 'Ativar notificações': asks the browser's permission (call it from a click: browsers only
 * ask after a gesture), registers the service worker, subscribes with the server's VAPID key
 * and registers the subscription (POST /push/subscriptions).
 */
export async function enablePush(): Promise<EnablePushResult> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const { key } = await api.get(apiPath(paths.pushPublicKey), { schema: 'PushPublicKey' });
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    }));
  const json = subscription.toJSON();
  await api.post(apiPath(paths.pushSubscriptions), {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
  });
  return 'enabled';
}
