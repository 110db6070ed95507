import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
const ARGON2ID = 2;

/** argon2id with OWASP's recommended minimum (19 MiB, t=2, p=1). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown e-mail, Google-only
 * account) it still spends the same time on a dummy hash, so response time
 * does not reveal whether an account exists.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('fa-clube-dummy-password', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
