import type { ContentAttachment, ContentItem } from '@fa-clube/contract';

export interface ViewerItem {
  post: ContentItem;
  attachment: ContentAttachment;
}

/** Every attachment of `posts`, in order: what the viewer steps through. */
export function viewerItemsOf(posts: readonly ContentItem[]): ViewerItem[] {
  return posts.flatMap((post) => post.attachments.map((attachment) => ({ post, attachment })));
}
