import { useSyncExternalStore } from 'react';

/** One shared clock for the relative times of the page, ticking every 30 s. */
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  // idle (nothing subscribed): catch up, but keep one value for the calls of one render
  if (!timer && Date.now() - now > 1000) now = Date.now();
  return now;
}

/** The current time in ms, refreshed every 30 s while something shows it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
