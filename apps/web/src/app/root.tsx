import { Outlet, ScrollRestoration } from 'react-router';

/** The root route: scroll restoration around every page. */
export function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
