import { useCallback, useMemo, useState } from 'react';
import type { ContentItem } from '@fa-clube/contract';
import { openAttachments, viewerItemsOf } from '../lib/viewer-items';

/**
 * The viewer's state over a list of posts: the items (every attachment, in order) and which one
 * is open. Items come from the cached posts on each render, so a like shows at once.
 */
export function useViewer(posts: readonly ContentItem[]) {
  const items = useMemo(() => viewerItemsOf(posts), [posts]);
  const [open, setOpen] = useState<{ postId: string; filePath: string } | null>(null);

  const found = open
    ? items.findIndex((i) => i.post.id === open.postId && i.attachment.file_path === open.filePath)
    : -1;
  const index = found >= 0 ? found : null;

  const openAt = useCallback((post: ContentItem, attachmentIndex = 0) => {
    const attachment = openAttachments(post)[attachmentIndex];
    if (attachment) setOpen({ postId: post.id, filePath: attachment.file_path });
  }, []);

  const setIndex = useCallback(
    (next: number) => {
      const item = items[next];
      if (item) setOpen({ postId: item.post.id, filePath: item.attachment.file_path });
    },
    [items],
  );

  const close = useCallback(() => setOpen(null), []);

  return { items, index, openAt, setIndex, close };
}
