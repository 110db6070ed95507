import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';

/** Shown when the frame around the pages throws while rendering (each page has its own, PageError). */
export function RouteError() {
  return (
    <StatusScreen
      icon={TriangleAlert}
      tone="destructive"
      title={t.routeError.title}
      text={t.routeError.text}
      action={<Button onClick={() => window.location.reload()}>{t.routeError.reload}</Button>}
      documentTitle={false}
      className="min-h-dvh"
    />
  );
}

/** Shows RouteError instead of its children after they throw, until the address changes. */
export function RouteErrorBoundary({
  pathname,
  children,
}: {
  pathname: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary resetKey={pathname} fallback={<RouteError />}>
      {children}
    </ErrorBoundary>
  );
}
