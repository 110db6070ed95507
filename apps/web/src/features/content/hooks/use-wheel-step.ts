import { useCallback, useRef } from 'react';
import type { WheelEvent } from 'react';

/** The viewer steps at most once per second on the mouse wheel (spec section 9). */
export const WHEEL_THROTTLE_MS = 1000;

/**
 * A wheel handler that steps one item (down/right = next, up/left = previous) and then ignores
 * the wheel for a second, so one wheel gesture moves one item.
 */
export function useWheelStep(step: (direction: 1 | -1) => void, throttleMs = WHEEL_THROTTLE_MS) {
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (event: WheelEvent) => {
      const delta = Math.abs(event.deltaY) >= Math.abs(event.deltaX) ? event.deltaY : event.deltaX;
      if (delta === 0) return;
      const now = Date.now();
      if (now - last.current < throttleMs) return;
      last.current = now;
      step(delta > 0 ? 1 : -1);
    },
    [step, throttleMs],
  );
}

/** The index `step` items away from `index` in a list of `count`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
