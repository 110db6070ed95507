import type { QueryClient } from '@tanstack/react-query';

/**
 * "The page reloads" after posting or deleting (spec section 4): every query of the page is
 * fetched again (posts, profile counters, recommendations), without leaving the app, so the
 * success toast stays on screen.
 */
export function reloadPageData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
