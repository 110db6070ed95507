import { TriangleAlert, WifiOff } from 'lucide-react';
import { startTransition, useEffect, useState, useTransition } from 'react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';
import { onReconnect, useOnline } from '@/lib/online';

/** A page's component that can be asked for again (lazy-page.tsx). */
export interface RetryablePage<P extends object> {
  readonly Component: ComponentType<P>;
  /** A new load on the next render (after a failure). */
  retry(): void;
}

/**
 * What a page shows when it failed (its code did not arrive, it threw while rendering): the
 * reason and 'Tentar de novo'; offline, it tries again by itself when the connection returns.
 * The shell around it stays, and so does what was typed (lib/drafts.ts).
 */
function PageError({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  const [pending, startRetry] = useTransition();
  useEffect(() => onReconnect(() => startRetry(onRetry)), [onRetry]);
  return (
    <StatusScreen
      icon={online ? TriangleAlert : WifiOff}
      tone="destructive"
      title={online ? t.pageError.title : t.pageError.offlineTitle}
      text={online ? t.pageError.text : t.pageError.offlineText}
      action={
        <Button onClick={() => startRetry(onRetry)} loading={pending}>
          {t.pageError.retry}
        </Button>
      }
      documentTitle={false}
      className="min-h-[60dvh]"
    />
  );
}

/** A page with its own error boundary: PageError and 'Tentar de novo' instead of a white screen. */
export function PageFrame<P extends object>({
  loaded,
  props,
}: {
  loaded: RetryablePage<P>;
  props: P;
}) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const Page = loaded.Component;
  // a new address or a retry shows the page again; the retry keeps the error on screen (a
  // transition) until the page's code is in
  const retry = () => {
    loaded.retry();
    startTransition(() => setAttempt((n) => n + 1));
  };
  return (
    <ErrorBoundary resetKey={`${pathname}#${attempt}`} fallback={<PageError onRetry={retry} />}>
      <Page {...props} />
    </ErrorBoundary>
  );
}
