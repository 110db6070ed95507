import { isLockedAttachment } from '@fa-clube/contract';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';

export interface ViewerItem {
  post: ContentItem;
  attachment: ContentAttachment;
}

/** The attachments of a post the caller may open (none of a locked pay-per-view post). */
export function openAttachments(post: ContentItem): ContentAttachment[] {
  return post.attachments.filter((a): a is ContentAttachment => !isLockedAttachment(a));
}

/**
 * Every attachment of `posts` ready to show, in order: what the viewer and the Mídias grid step
 * through (a video still processing, or failed, is only in its post's card).
 */
export function viewerItemsOf(posts: readonly ContentItem[]): ViewerItem[] {
  return posts.flatMap((post) =>
    openAttachments(post)
      .filter((attachment) => attachment.status === 'ready')
      .map((attachment) => ({ post, attachment })),
  );
}
