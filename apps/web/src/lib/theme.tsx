import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { THEME_STORAGE_KEY, ThemeContext } from './use-theme';
import type { ResolvedTheme, Theme } from './use-theme';

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

function readStored(key: string): Theme | null {
  try {
    const value = localStorage.getItem(key);
    return value && (THEMES as readonly string[]).includes(value) ? (value as Theme) : null;
  } catch {
    return null;
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function applyToDocument(resolved: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
}

export interface ThemeProviderProps {
  children: ReactNode;
  /** Used when nothing is stored. */
  defaultTheme?: Theme;
  storageKey?: string;
  /**
   * The theme the app starts in regardless of what is stored (spec: "the app forces light on
   * start"); the user's later choice is stored and applied for the rest of the visit.
   * Leave undefined to start from the stored theme.
   */
  forcedInitialTheme?: Theme;
}

/** light / dark / system, persisted under `vite-ui-theme`, applied as a class on <html>. */
export function ThemeProvider({
  children,
  defaultTheme = 'light',
  storageKey = THEME_STORAGE_KEY,
  forcedInitialTheme,
}: ThemeProviderProps) {
  const [theme, setThemeState] = useState<Theme>(
    () => forcedInitialTheme ?? readStored(storageKey) ?? defaultTheme,
  );
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (forcedInitialTheme) {
      try {
        localStorage.setItem(storageKey, forcedInitialTheme);
      } catch {
        // storage disabled
      }
    }
  }, [forcedInitialTheme, storageKey]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mql = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystemDark(mql.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);

  const resolvedTheme: ResolvedTheme = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;

  useEffect(() => {
    applyToDocument(resolvedTheme);
  }, [resolvedTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      try {
        localStorage.setItem(storageKey, next);
      } catch {
        // storage disabled: the choice lasts for this visit
      }
      setThemeState(next);
    },
    [storageKey],
  );

  const value = useMemo(
    () => ({ theme, resolvedTheme, setTheme }),
    [theme, resolvedTheme, setTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
