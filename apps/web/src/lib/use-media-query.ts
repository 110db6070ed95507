import { useCallback, useSyncExternalStore } from 'react';

/** Width from which the app shows the fixed sidebar instead of the top bar (spec section 9). */
export const WIDE_LAYOUT_MIN_WIDTH = 768;

/** True while the CSS media query matches; follows live changes (resize, rotation). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, get, () => false);
}

/** ≥ 768 px: sidebar layout; below: top bar + slide-in menu. */
export function useIsWideLayout(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_LAYOUT_MIN_WIDTH}px)`);
}
