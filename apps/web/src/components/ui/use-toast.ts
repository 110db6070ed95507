import { useSyncExternalStore } from 'react';
import { t } from '@/i18n/pt-BR';

/**
 * Toasts: one at a time (a new one replaces the current), auto-dismissed after 5 s, swipeable.
 * Call from anywhere, in or outside React:
 *
 *   toast.success('Membro convidado com sucesso.');   // title 'Sucesso'
 *   toast.error(errorMessage(err));                   // title 'Erro'
 *
 * <ToastOutlet /> (mounted once in app/providers.tsx) shows them.
 */
export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  message: string;
  open: boolean;
}

export const TOAST_DURATION_MS = 5000;

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, title?: string): number {
  const id = nextId++;
  current = {
    id,
    kind,
    message,
    title: title ?? (kind === 'error' ? t.common.errorTitle : t.common.successTitle),
    open: true,
  };
  emit();
  return id;
}

export const toast = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  /** Closes the toast `id` (or whatever is showing). */
  dismiss(id?: number) {
    if (!current || (id !== undefined && current.id !== id) || !current.open) return;
    current = { ...current, open: false };
    emit();
  },
  /** Removes the toast at once, without the closing animation (e.g. on sign-out). */
  clear() {
    current = null;
    emit();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastState(): ToastItem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
