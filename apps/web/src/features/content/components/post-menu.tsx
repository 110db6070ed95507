import { MoreHorizontal } from 'lucide-react';
import { Suspense, lazy } from 'react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { useMenuOnDemand } from '@/components/ui/menu-on-demand';
import { t } from '@/i18n/content';

// the menu and the confirmation (Radix DropdownMenu and AlertDialog) load on the first open
const loadMenu = () => import('./post-menu-dropdown');
const PostMenuDropdown = lazy(() => loadMenu().then((m) => ({ default: m.PostMenuDropdown })));

/** The owner's menu on a post: 'Excluir', confirmed, then the page reloads its data. */
export function PostMenu({ postId, workspaceId }: { postId: string; workspaceId: string }) {
  const { openedBy, triggerProps } = useMenuOnDemand(loadMenu);
  const trigger = (props: ComponentProps<'button'> = {}) => (
    <Button
      variant="ghost"
      size="icon-sm"
      className="-mr-1.5 rounded-full text-muted-foreground"
      aria-label={t.content.post.menu}
      {...props}
    >
      <MoreHorizontal className="size-5" aria-hidden />
    </Button>
  );
  if (!openedBy) return trigger(triggerProps);
  return (
    <Suspense fallback={trigger(triggerProps)}>
      <PostMenuDropdown
        trigger={trigger()}
        openedBy={openedBy}
        postId={postId}
        workspaceId={workspaceId}
      />
    </Suspense>
  );
}
