import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import type { Location } from 'react-router';

/** Reports the router's current location to the test after each change. */
export function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onChange(location);
  }, [location, onChange]);
  return null;
}
