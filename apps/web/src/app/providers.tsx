import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { OfflineBar } from '@/components/layout/offline-bar';
import { ToastOutlet } from '@/components/ui/toast-outlet';
import { drafts } from '@/lib/drafts';
import { createQueryClient } from '@/lib/query-client';
import { getToken, subscribeSession } from '@/lib/session';
import { ThemeProvider } from '@/lib/theme';

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
        <OfflineBar />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
