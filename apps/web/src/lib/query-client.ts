import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Worth one more try: no answer from the server, or a failure of the server's own (the
 * catalogue gives those codes a 5xx status: INTERNAL_ERROR, PIX_PROVIDER_ERROR). A refusal (any
 * other status) is final. The status, not the catalogue, decides: the catalogue would bring the
 * whole contract into the first load.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'NETWORK_ERROR') return true;
  return error.status >= 500;
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
