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

/** Every attachment of `posts`, in order: what the viewer steps through. */
export function viewerItemsOf(posts: readonly ContentItem[]): ViewerItem[] {
  return posts.flatMap((post) => openAttachments(post).map((attachment) => ({ post, attachment })));
}
