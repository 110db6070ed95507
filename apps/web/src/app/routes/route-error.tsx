import { TriangleAlert } from 'lucide-react';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';

/** Shown when a route throws while rendering. */
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

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

/** Shows RouteError instead of its children after they throw, until the address changes. */
export class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
