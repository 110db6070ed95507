import { lazy } from 'react';
import type { ComponentType, ReactElement } from 'react';

/**
 * A route's element loaded on demand: `page(() => import('./routes/x').then((m) => m.XRoute))`,
 * with the props a layout takes as the second argument.
 */
export function page<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props?: P,
): ReactElement {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return <Page {...(props ?? ({} as P))} />;
}
