import type { CustomerStatus } from '@fa-clube/contract';

/** The badge look of each verification status. */
export const STATUS_BADGE: Record<
  CustomerStatus,
  'secondary' | 'brand' | 'success' | 'destructive'
> = {
  pending: 'secondary',
  in_review: 'brand',
  approved: 'success',
  rejected: 'destructive',
};
