import { Download, Eye, FileLock, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { LoadedDropdownMenu } from '@/components/ui/loaded-dropdown-menu';
import type { OpenedBy } from '@/components/ui/menu-on-demand';
import { t } from '../strings';

/** A file row's menu and delete confirmation (files-screen.tsx), loaded on its first open and shown open. */
export function FileRowMenu({
  trigger,
  openedBy,
  fileName,
  isOwner,
  onPreview,
  onDownload,
  confirming,
  onConfirmingChange,
  inUse,
  removing,
  onRemove,
}: {
  trigger: ReactElement;
  openedBy: OpenedBy;
  fileName: string;
  isOwner: boolean;
  onPreview: () => void;
  onDownload: () => void;
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  /** Why the server kept the file (it is in a post or a message), shown in the dialog. */
  inUse: string | null;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <>
      <LoadedDropdownMenu trigger={trigger} openedBy={openedBy} align="end" className="min-w-40">
        <DropdownMenuItem onSelect={onPreview}>
          <Eye aria-hidden />
          {t.files.preview}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onDownload}>
          <Download aria-hidden />
          {t.files.download}
        </DropdownMenuItem>
        {isOwner ? (
          <DropdownMenuItem variant="destructive" onSelect={() => onConfirmingChange(true)}>
            <Trash2 aria-hidden />
            {t.files.remove}
          </DropdownMenuItem>
        ) : null}
      </LoadedDropdownMenu>
      {isOwner ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={onConfirmingChange}
          pending={removing}
          title={t.files.removeTitle}
          description={t.files.removeText(fileName)}
          confirmLabel={t.files.removeConfirm}
          destructive
          onConfirm={onRemove}
        >
          {inUse ? (
            <div
              role="alert"
              className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive-text"
            >
              <FileLock aria-hidden className="mt-0.5 size-4 shrink-0" />
              <div className="grid gap-1">
                <p className="font-medium">{t.files.inUseTitle}</p>
                <p>{inUse}</p>
              </div>
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
