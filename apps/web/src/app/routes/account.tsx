import { Suspense, lazy } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { AccountScreen } from '@/features/account/components/account-screen';

// loaded beside the page, not in its first load (the page is close to the budget)
const ChatEmailSettings = lazy(() =>
  import('@/features/chat/components/email-settings').then((m) => ({
    default: m.ChatEmailSettings,
  })),
);

/** /account ('Minha conta'), with the chat's 'Avisos por e-mail'. */
export function AccountRoute() {
  return (
    <AccountScreen
      preferences={
        <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl" />}>
          <ChatEmailSettings />
        </Suspense>
      }
    />
  );
}
