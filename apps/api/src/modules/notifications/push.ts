/**
 * Web Push sending (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID) through
 * the `web-push` library. The VAPID keys come from the settings; outside production they are
 * generated on first use and kept in DATA_DIR/vapid-keys.json (like DATA_DIR/jwt-secret).
 * Requests go only to https endpoints on PUSH_SERVICE_HOSTS (checked when registered and again
 * before each send), so no one can make the server call an arbitrary address.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const resolved = new WeakMap<Config, Vapid | null>();

/** The VAPID keys, or null in production when they are not all set (push is then off). */
export function vapidKeys(config: Config): Vapid | null {
  if (resolved.has(config)) return resolved.get(config)!;
  const p = config.push;
  let keys: Vapid | null = null;
  const subject = p.vapidSubject ?? `mailto:${mailFromAddress(config.mail.from)}`;
  if (p.vapidPublicKey && p.vapidPrivateKey) {
    keys = { publicKey: p.vapidPublicKey, privateKey: p.vapidPrivateKey, subject };
  } else if (config.env !== 'production') {
    const file = path.join(config.dataDir, 'vapid-keys.json');
    let pair: { publicKey: string; privateKey: string };
    if (existsSync(file)) pair = JSON.parse(readFileSync(file, 'utf8'));
    else {
      pair = webpush.generateVAPIDKeys();
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(pair) + '\n', { mode: 0o600 });
    }
    keys = { ...pair, subject };
  }
  if (keys && config.env === 'production' && !p.vapidSubject) keys = null;
  resolved.set(config, keys);
  return keys;
}

/** What production is missing for push, for the start-up log (empty when complete). */
export function missingPushSettings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const p = config.push;
  return [
    ...(p.vapidPublicKey ? [] : ['VAPID_PUBLIC_KEY']),
    ...(p.vapidPrivateKey ? [] : ['VAPID_PRIVATE_KEY']),
    ...(p.vapidSubject ? [] : ['VAPID_SUBJECT']),
  ];
}

function mailFromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** An https endpoint whose host is one of `hosts` (`*.example.com`: its subdomains). */
export function endpointAllowed(endpoint: string, hosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) =>
    h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h,
  );
}

const agents = new WeakMap<Config, Agent | undefined>();
function agentFor(config: Config): Agent | undefined {
  if (!agents.has(config))
    agents.set(
      config,
      config.push.caFile
        ? new Agent({ keepAlive: true, ca: readFileSync(config.push.caFile, 'utf8') })
        : undefined,
    );
  return agents.get(config);
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends one encrypted message. 'gone': the service answered 404 or 410 (the subscription
 * expired or was revoked: delete it); 'failed': anything else (logged by the caller).
 */
export async function sendPush(
  config: Config,
  vapid: Vapid,
  sub: { endpoint: string; p256dh: string; auth: string },
  payload: object,
): Promise<{ outcome: PushOutcome; error?: unknown }> {
  try {
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: 24 * 3600,
        timeout: 10_000,
        contentEncoding: 'aes128gcm',
        ...(agentFor(config) ? { agent: agentFor(config) } : {}),
      },
    );
    return { outcome: 'sent' };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    return { outcome: status === 404 || status === 410 ? 'gone' : 'failed', error };
  }
}
