import { useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';

/** How a menu loaded on first open was opened: after a key its first item takes the focus. */
export type OpenedBy = 'pointer' | 'keyboard';

/**
 * A Radix dropdown menu whose code loads on first open (docs/decisions/036-web-first-load.md):
 * until then its trigger is a plain button that opens it as Radix's trigger does — pointer down
 * with the main button, or Enter, Space or ↓ — and starts fetching it on hover or focus.
 * `openedBy` is null until the first open; from then on the caller renders the Radix menu,
 * initially open, around the same trigger.
 */
export function useMenuOnDemand(load: () => Promise<unknown>) {
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  const preload = () => void load().catch(() => undefined);
  const triggerProps = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      setOpenedBy('pointer');
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
      event.preventDefault();
      setOpenedBy('keyboard');
    },
  };
  return { openedBy, triggerProps };
}
