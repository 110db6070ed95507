import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { LoadedDropdownMenu } from '@/components/ui/loaded-dropdown-menu';
import type { OpenedBy } from '@/components/ui/menu-on-demand';
import { t } from '@/i18n/content';
import { useDeletePost } from '../hooks/use-delete-post';

/** PostMenu's menu and confirmation (post-menu.tsx), loaded on its first open and shown open. */
export function PostMenuDropdown({
  trigger,
  openedBy,
  postId,
  workspaceId,
}: {
  trigger: ReactElement;
  openedBy: OpenedBy;
  postId: string;
  workspaceId: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost();

  return (
    <>
      <LoadedDropdownMenu trigger={trigger} openedBy={openedBy} align="end" className="min-w-40">
        <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          {t.content.post.delete}
        </DropdownMenuItem>
      </LoadedDropdownMenu>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={remove.isPending}
        title={t.content.post.deleteTitle}
        description={t.content.post.deleteText}
        confirmLabel={remove.isPending ? t.content.post.deleting : t.content.post.delete}
        destructive
        onConfirm={() =>
          remove.mutate({ ws: workspaceId, id: postId }, { onSuccess: () => setConfirming(false) })
        }
      />
    </>
  );
}
