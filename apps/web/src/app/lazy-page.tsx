import { lazy } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { PageFrame } from './page-frame';
import type { RetryablePage } from './page-frame';

/**
 * A page's code loaded on demand that can be asked for again: React's `lazy` keeps a failed
 * import for good, so `retry` makes a new one (a module already in resolves at once).
 */
function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): RetryablePage<P> {
  const make = () => lazy(() => load().then((Component) => ({ default: Component })));
  let Component = make();
  return {
    get Component() {
      return Component;
    },
    retry() {
      Component = make();
    },
  };
}

/**
 * A route's element loaded on demand: `page(() => import('./routes/x').then((m) => m.XRoute))`,
 * with the props a layout takes as the second argument. Each page has its own error boundary
 * (PageError, 'Tentar de novo'): the route table is declarative (decisions 036 and 078), so the
 * boundary a data router's `errorElement` would give sits here.
 */
export function page<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props?: P,
): ReactElement {
  return <PageFrame loaded={retryableLazy(load)} props={props ?? ({} as P)} />;
}
