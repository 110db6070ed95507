import type { ReactNode } from 'react';
import { t } from '@/i18n/pt-BR';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The action runs: the dialog cannot be closed, 'Cancelar' is off, the button spins. */
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Between the description and the buttons. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** The button that closes without acting (default 'Cancelar'). */
  cancelLabel?: ReactNode;
  destructive?: boolean;
  onConfirm: () => void;
}

/** ConfirmDialog's Radix AlertDialog (confirm-dialog.tsx), loaded the first time it opens. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  pending,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = t.common.cancel,
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            loading={pending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
