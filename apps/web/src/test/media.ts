/**
 * A small matchMedia for jsdom that understands `(min-width: Npx)`, `(max-width: Npx)` and
 * `(prefers-color-scheme: dark)`. Tests change the window with setViewportWidth() and
 * setPrefersDark(); listeners fire like in a browser.
 */
type Listener = (event: MediaQueryListEvent) => void;

const state = { width: 1024, dark: false };
const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

function evaluate(query: string): boolean {
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  if (min) return state.width >= Number(min[1]);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (max) return state.width <= Number(max[1]);
  if (query.includes('prefers-color-scheme: dark')) return state.dark;
  return false;
}

function notify() {
  for (const entry of lists) {
    const matches = evaluate(entry.query);
    if (matches === entry.last) continue;
    entry.last = matches;
    for (const listener of entry.listeners) {
      listener({ matches, media: entry.query } as MediaQueryListEvent);
    }
  }
}

export function installMatchMedia() {
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>(), last: evaluate(query) };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, l: Listener) => entry.listeners.add(l),
      removeEventListener: (_: string, l: Listener) => entry.listeners.delete(l),
      addListener: (l: Listener) => entry.listeners.add(l),
      removeListener: (l: Listener) => entry.listeners.delete(l),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

export function setViewportWidth(width: number) {
  state.width = width;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  notify();
  window.dispatchEvent(new Event('resize'));
}

export function setPrefersDark(dark: boolean) {
  state.dark = dark;
  notify();
}

export function resetMedia() {
  state.width = 1024;
  state.dark = false;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
  lists.clear();
}
