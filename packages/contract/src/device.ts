// Without zod: the web client's first load needs these (lib/device.ts) and not the schemas.

export const DEVICE_TYPES = ['mobile', 'tablet', 'notebook', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Device class by window width (spec section 3). */
export function deviceTypeForWidth(width: number): DeviceType {
  if (width <= 767) return 'mobile';
  if (width <= 1024) return 'tablet';
  if (width <= 1440) return 'notebook';
  return 'desktop';
}
