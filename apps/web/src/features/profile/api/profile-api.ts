import { hasErrorCode } from '@/lib/api-client';

/** A profile that does not exist, or a username that cannot exist (the server refuses it). */
export function isProfileNotFound(error: unknown): boolean {
  return hasErrorCode(error, 'PROFILE_NOT_FOUND', 'VALIDATION_ERROR');
}
