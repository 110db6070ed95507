import { Suspense, lazy, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-content';

// Radix AlertDialog loads the first time a confirmation opens, not with the page
const ConfirmDialogContent = lazy(() =>
  import('./confirm-dialog-content').then((m) => ({ default: m.ConfirmDialogContent })),
);

/**
 * 'Are you sure?' before an action that cannot be undone: 'Cancelar' or the action. Nothing is
 * rendered until it first opens; from then on it stays mounted (its closing animation).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  ) : null;
}
