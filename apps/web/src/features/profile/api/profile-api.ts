import { ApiError } from '@/lib/api-client';

/** A profile that does not exist (404) or a username that cannot exist (400). */
export function isProfileNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
