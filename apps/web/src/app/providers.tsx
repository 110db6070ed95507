import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ToastOutlet } from '@/components/ui/toast-outlet';
import { drafts } from '@/lib/drafts';
import { preloadable } from '@/lib/preload';
import { createQueryClient } from '@/lib/query-client';
import { getToken, subscribeSession } from '@/lib/session';
import { ThemeProvider } from '@/lib/theme';

// fetched with the toasts once the first page shows (lib/preload.ts): outside the first load
const offlineBar = preloadable(() => import('@/components/layout/offline-bar'));
const OfflineBar = lazy(() =>
  import('@/components/layout/offline-bar').then((m) => ({ default: m.OfflineBar })),
);

/** The 'Sem conexão' bar, once its code is in (then its `lazy` cannot fail). */
function OfflineBarOutlet() {
  const ready = offlineBar.useReady();
  offlineBar.usePreload();
  return ready ? (
    <Suspense fallback={null}>
      <OfflineBar />
    </Suspense>
  ) : null;
}

/**
 * Drops every cached answer and unsent draft when the signed-in user changes (sign-out, other
 * tab, 401).
 */
function useClearCacheOnSessionChange(queryClient: QueryClient) {
  useEffect(() => {
    let token = getToken();
    return subscribeSession(() => {
      const next = getToken();
      if (!next && token) {
        queryClient.clear();
        drafts.clear();
      }
      token = next;
    });
  }, [queryClient]);
}

/** Theme (forced light on start, spec), data cache, the toast outlet and the 'Sem conexão' bar. */
export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useClearCacheOnSessionChange(client);
  return (
    <ThemeProvider defaultTheme="light" forcedInitialTheme="light">
      <QueryClientProvider client={client}>
        {children}
        <ToastOutlet />
        <OfflineBarOutlet />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
