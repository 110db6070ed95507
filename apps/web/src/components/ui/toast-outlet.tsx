import { Suspense, lazy, useState } from 'react';
import { useToastState } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Where toasts show; mounted once, in app/providers.tsx. The toast code (radix-ui's Toast) loads
 * with the first toast, not with every page, and stays mounted from then on.
 */
export function ToastOutlet() {
  const item = useToastState();
  const [needed, setNeeded] = useState(false);
  if (item && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
