import { useEffect, useSyncExternalStore } from 'react';

/**
 * Code the app may need at any moment, even offline (the toasts that tell a failure, the phone's
 * menu): fetched once the browser is idle after the first page, outside the first load
 * (decision 036), and kept. A fetch that failed is tried again when asked and when the
 * connection returns; `useReady()` says when it is in, so that the part is rendered (a `lazy`
 * of the same module then cannot fail) and never takes the page down (issue 34).
 */
export function preloadable(load: () => Promise<unknown>) {
  let ready = false;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const start = () => {
    if (ready || loading) return;
    loading = load().then(
      () => {
        ready = true;
        for (const listener of listeners) listener();
      },
      () => {
        loading = null;
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    /** Starts the fetch (again after a failure); nothing when it is in or on its way. */
    load: start,
    /** Whether the code is in, re-rendering when it arrives. */
    useReady: () =>
      useSyncExternalStore(
        subscribe,
        () => ready,
        () => false,
      ),
    /** Fetches it once the browser is idle, and again whenever the connection returns. */
    usePreload: () =>
      useEffect(() => {
        const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
        idle(start);
        window.addEventListener('online', start);
        return () => window.removeEventListener('online', start);
      }, []),
  };
}
