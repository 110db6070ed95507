import { MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { t } from '@/i18n/content';
import { useDeletePost } from '../hooks/use-delete-post';

/** The owner's menu on a post: 'Excluir', confirmed, then the page reloads its data. */
export function PostMenu({ postId, workspaceId }: { postId: string; workspaceId: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost();

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            className="-mr-1.5 rounded-full text-muted-foreground"
            aria-label={t.content.post.menu}
          >
            <MoreHorizontal className="size-5" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            {t.content.post.delete}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

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
