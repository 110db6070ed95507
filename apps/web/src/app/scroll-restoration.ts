import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'fa-clube.scroll';
let positions: Record<string, number> | undefined;
const load = () => {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
};

/**
 * Scroll on navigation as the browser does between documents: back and forward (and a reload)
 * return to where the page was; a new page starts at the top, or at the element its `#hash`
 * names. Positions are kept per history entry, in sessionStorage when the page goes away.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(load()));
      } catch {
        // storage full or denied: positions stay for this tab's life only
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const saved = load()[location.key];
    if (type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    } else window.scrollTo(0, 0);
    const remember = () => {
      load()[location.key] = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key, location.hash, type]);
}
