import { ERRORS } from '@fa-clube/contract';
import type { ErrorCode } from '@fa-clube/contract';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Worth one more try: no answer from the server, or a failure the catalogue marks as the
 * server's own (INTERNAL_ERROR, PIX_PROVIDER_ERROR). A refusal (any other code) is final.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'NETWORK_ERROR') return true;
  return (ERRORS[error.code as ErrorCode]?.status ?? 0) >= 500;
}

/** TanStack Query defaults of the app (tests create their own with retries off). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && isTransient(error),
      },
    },
  });
}
