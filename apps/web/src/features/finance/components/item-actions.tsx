import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { t } from '../strings';

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
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!remove) return;
    setPending(true);
    try {
      await remove.run();
      setConfirming(false);
      toast.success(remove.done);
    } catch (error) {
      setConfirming(false);
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            className="shrink-0 text-muted-foreground"
            aria-label={label}
          >
            <MoreHorizontal className="size-5" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            {t.transactions.edit}
          </DropdownMenuItem>
          {remove ? (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
              <Trash2 aria-hidden />
              {t.transactions.remove}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {remove ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          pending={pending}
          title={remove.title}
          description={remove.description}
          confirmLabel={remove.confirmLabel}
          destructive
          onConfirm={() => void confirm()}
        />
      ) : null}
    </>
  );
}
