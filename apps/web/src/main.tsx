import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getDeviceId } from './lib/device';
import './index.css';

// A first visit derives the device id (a hash, answered in a later task) while the page's code
// starts, so the page's first requests go out at once, beside the contract's schemas.
void getDeviceId();

/**
 * The built page loads its stylesheet after the loader (vite-plugins/first-paint.ts): the app is
 * drawn once it has arrived, never unstyled. (A promise, not a top-level await: that would split
 * the entry into many small chunks.)
 */
function stylesheetLoaded(): Promise<unknown> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((done) => {
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
}

// The first render as a transition: React draws the shell and the page in slices of a few
// milliseconds instead of one long task, so a slow phone can answer a tap meanwhile (the loader
// stays until it is done).
void stylesheetLoaded().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
