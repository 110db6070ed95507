import { Suspense, lazy, useEffect } from 'react';
import { preloadable } from '@/lib/preload';
import { useToastState } from './use-toast';

/**
 * The toast code (radix-ui's Toast) is fetched right after the app's first page shows, outside
 * its first load, and kept: a toast is how a failure is told, and a failure is when fetching code
 * is least likely to work (offline, the toast's own import used to fail on the first tap and
 * take the whole app down — issue 34). Until it is in, a toast waits (offline, the 'Sem conexão'
 * bar says why).
 */
const toaster = preloadable(() => import('./toaster'));
// rendered only once its module is in: this import then cannot fail
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Where toasts show; mounted once, in app/providers.tsx. */
export function ToastOutlet() {
  const item = useToastState();
  const ready = toaster.useReady();
  toaster.usePreload();
  useEffect(() => {
    if (item) toaster.load();
  }, [item]);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
