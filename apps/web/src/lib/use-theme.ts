import { createContext, use } from 'react';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'vite-ui-theme';

export interface ThemeContextValue {
  theme: Theme;
  /** What is on screen: `system` resolved through prefers-color-scheme. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

/** The current theme and its setter (inside <ThemeProvider>, see lib/theme.tsx). */
export function useTheme(): ThemeContextValue {
  const ctx = use(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
