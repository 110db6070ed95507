import { MoreHorizontal } from 'lucide-react';
import { Suspense, lazy } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useMenuOnDemand } from '@/components/ui/menu-on-demand';

// the menu and the confirmation (Radix DropdownMenu and AlertDialog) load on the first open
const loadMenu = () => import('./item-actions-menu');
const ItemActionsMenu = lazy(() => loadMenu().then((m) => ({ default: m.ItemActionsMenu })));

export interface ItemActionsProps {
  /** The menu button's accessible name ('Ações da conta Nubank'). */
  label: string;
  onEdit: () => void;
  /** Without it, no Excluir (a Pix row records a paid charge and stays). */
  remove?: {
    title: string;
    description: ReactNode;
    confirmLabel: string;
    /** The deletion; its error goes to the 'Erro' toast, its success to `done`. */
    run: () => Promise<unknown>;
    done: string;
  };
}

/** The owner's menu on an account, a category or a transaction: Editar, and Excluir confirmed. */
export function ItemActions({ label, onEdit, remove }: ItemActionsProps) {
  const { openedBy, triggerProps } = useMenuOnDemand(loadMenu);
  const trigger = (props: ComponentProps<'button'> = {}) => (
    <Button
      variant="ghost"
      size="icon-sm"
      className="shrink-0 text-muted-foreground"
      aria-label={label}
      {...props}
    >
      <MoreHorizontal className="size-5" aria-hidden />
    </Button>
  );
  if (!openedBy) return trigger(triggerProps);
  return (
    <Suspense fallback={trigger(triggerProps)}>
      <ItemActionsMenu trigger={trigger()} openedBy={openedBy} onEdit={onEdit} remove={remove} />
    </Suspense>
  );
}
