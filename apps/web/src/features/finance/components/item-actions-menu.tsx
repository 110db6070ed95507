import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { LoadedDropdownMenu } from '@/components/ui/loaded-dropdown-menu';
import type { OpenedBy } from '@/components/ui/menu-on-demand';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { t } from '../strings';
import type { ItemActionsProps } from './item-actions';

/** ItemActions' menu and confirmation (item-actions.tsx), loaded on its first open and shown open. */
export function ItemActionsMenu({
  trigger,
  openedBy,
  onEdit,
  remove,
}: Omit<ItemActionsProps, 'label'> & { trigger: ReactElement; openedBy: OpenedBy }) {
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
      <LoadedDropdownMenu trigger={trigger} openedBy={openedBy} align="end" className="min-w-40">
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
      </LoadedDropdownMenu>
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
