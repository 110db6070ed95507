import { Film, ImageIcon, LockKeyhole } from 'lucide-react';
import { formatCents, majorToCents } from '@fa-clube/contract';
import type { ContentItem } from '@fa-clube/contract';
import { PixChargeDialog } from '@/components/pix-charge-dialog';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/sales';
import { purchasePost } from '../api/content-api';
import { useUnlocked } from '../hooks/use-unlocked';

/**
 * A pay-per-view post the subscriber has not bought (issue 32): in place of its image or video, a
 * blurred-looking panel with what it holds and 'Desbloquear por R$ 15,00', which opens the Pix
 * dialog; the post unlocks live when the payment lands.
 */
export function LockedMedia({ post, onUnlock }: { post: ContentItem; onUnlock: () => void }) {
  const price = formatCents(majorToCents(post.price ?? 0));
  const video = post.attachments.some((a) => a.kind === 'video');
  const Icon = video ? Film : ImageIcon;
  return (
    <div
      className="relative grid min-h-56 w-full place-items-center py-8 sm:aspect-video sm:py-0 overflow-hidden rounded-xl border bg-gradient-to-br from-primary/25 via-muted to-accent/40"
      data-testid="locked-media"
    >
      <div className="grid justify-items-center gap-3 px-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-background/80 text-primary shadow-xs">
          <LockKeyhole className="size-6" aria-hidden />
        </span>
        <p className="text-sm font-semibold">{t.sales.locked.title}</p>
        <p className="flex items-center gap-1.5 text-[13px] text-muted-foreground">
          <Icon className="size-4" aria-hidden />
          {video ? t.sales.locked.video : t.sales.locked.image}
        </p>
        <Button onClick={onUnlock} className="rounded-full">
          {t.sales.locked.unlock(price)}
        </Button>
      </div>
    </div>
  );
}

/**
 * The Pix dialog of a locked post, kept by the post's card (not by the locked panel, which goes
 * away when the post unlocks behind the dialog).
 */
export function UnlockDialog({
  post,
  viewerWorkspaceId,
  open,
  onOpenChange,
}: {
  post: ContentItem;
  viewerWorkspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const unlocked = useUnlocked();
  return (
    <PixChargeDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.sales.pix.unlockTitle}
      description={t.sales.pix.unlockDescription(post.username)}
      workspaceId={post.workspace_id}
      start={() => purchasePost(viewerWorkspaceId, post.id)}
      qrAlt={t.sales.pix.qrAltPost}
      paidTitle={t.sales.pix.unlockedTitle}
      paidText={t.sales.pix.unlockedText}
      onPaid={unlocked}
    />
  );
}
