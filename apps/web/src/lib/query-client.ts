import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** TanStack Query defaults of the app (tests create their own with retries off). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final; retry network errors and 5xx once
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
