import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setPrefersDark } from '@/test/media';
import { ThemeProvider } from './theme';
import { THEME_STORAGE_KEY, useTheme } from './use-theme';
import type { Theme } from './use-theme';

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        {theme}/{resolvedTheme}
      </p>
      {(['light', 'dark', 'system'] as Theme[]).map((t) => (
        <button key={t} onClick={() => setTheme(t)}>
          {t}
        </button>
      ))}
    </div>
  );
}

const html = () => document.documentElement.classList;

describe('ThemeProvider', () => {
  it('forces light on start even when dark is stored (spec)', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    render(
      <ThemeProvider forcedInitialTheme="light">
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('light/light')).toBeInTheDocument();
    expect(html().contains('light')).toBe(true);
    expect(html().contains('dark')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('starts from the stored theme when not forced, defaulting to light', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('light/light')).toBeInTheDocument();
  });

  it('applies and stores the user choice under vite-ui-theme', async () => {
    render(
      <ThemeProvider forcedInitialTheme="light">
        <Probe />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'dark' }));
    expect(html().contains('dark')).toBe(true);
    expect(html().contains('light')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('system follows prefers-color-scheme live', async () => {
    render(
      <ThemeProvider forcedInitialTheme="light">
        <Probe />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'system' }));
    expect(screen.getByText('system/light')).toBeInTheDocument();
    act(() => setPrefersDark(true));
    expect(screen.getByText('system/dark')).toBeInTheDocument();
    expect(html().contains('dark')).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });
});
