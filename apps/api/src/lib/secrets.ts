import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface Keys {
  /** HS256 key for access tokens. */
  jwt: Uint8Array;
  /** AES-256-GCM key for secrets at rest (TOTP seeds). */
  encryption: Buffer;
  /** HMAC key for signed storage URLs and other server-made links. */
  signing: Buffer;
  /** HMAC key for e-mail unsubscribe tokens (links that never expire). */
  unsubscribe: Buffer;
}

/**
 * JWT_SECRET is the one master secret. Outside production it is generated on
 * first start and kept in DATA_DIR/jwt-secret. Purpose keys are derived from it
 * with HKDF so that one leaked key does not reveal the others.
 */
export function resolveMasterSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.env === 'production') throw new Error('JWT_SECRET é obrigatório em produção');
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function deriveKeys(master: string): Keys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, 'fa-clube', info, 32));
  return {
    jwt: new Uint8Array(derive('jwt-access-token')),
    encryption: derive('encryption-at-rest'),
    signing: derive('url-signing'),
    unsubscribe: derive('email-unsubscribe'),
  };
}
