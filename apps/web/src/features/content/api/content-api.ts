import { PAGING, PURCHASES_PAGING, apiPath, paths, salesPaths } from '@fa-clube/contract';
import type {
  CreateContentBody,
  ExtensionType,
  ContentItem,
  ContentsResponse,
} from '@fa-clube/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every list of posts lives under this key, so a like or a reload reaches all of them. */
const CONTENTS_KEY = ['contents'] as const;
export const feedKey = (ws: string) => [...CONTENTS_KEY, 'feed', ws] as const;
export const profileContentsKey = (ws: string, username: string) =>
  [...CONTENTS_KEY, 'profile', ws, username.toLowerCase()] as const;

export type ContentPages = InfiniteData<ContentsResponse>;

/** GET /contents/{ws}/feed?page=&size= */
export const fetchFeed = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.feed, { ws }), {
    query: { page, size: PAGING.feed.size },
    schema: 'ContentsResponse',
    signal,
  });

/** GET /contents/{ws}/profile?username=&page=&size= */
export const fetchProfileContents = (
  ws: string,
  username: string,
  page: number,
  signal?: AbortSignal,
) =>
  api.get(apiPath(paths.profileContents, { ws }), {
    query: { username, page, size: PAGING.profileContents.size },
    schema: 'ContentsResponse',
    signal,
  });

/** POST /workspaces/objects/{ws} → where to PUT the bytes and the file's path. */
export const requestObjectUpload = (ws: string, extension: ExtensionType, size: number) =>
  api.post(
    apiPath(paths.objects, { ws }),
    { extension_type: extension, size },
    { schema: 'ObjectUploadResponse' },
  );

/** POST /content/{ws} */
export const createContent = (ws: string, body: CreateContentBody) =>
  api.post(apiPath(paths.content, { ws }), body, { schema: 'ContentItem' });

/** GET /contents/{ws}/scheduled: the workspace's scheduled posts, soonest first (the team). */
export const scheduledKey = (ws: string) => ['scheduled-contents', ws] as const;
export const fetchScheduled = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.scheduledContents, { ws }), {
    schema: 'ScheduledContentsResponse',
    signal,
  });

/** PATCH /content/{ws}/{id} { publish_at }: move a scheduled post; null publishes it now. */
export const reschedulePost = (ws: string, id: string, publishAt: string | null) =>
  api.patch(
    apiPath(paths.contentItem, { ws, id }),
    { publish_at: publishAt },
    {
      schema: 'ContentItem',
    },
  );

/** DELETE /content/{ws}/{id} */
export const deleteContent = (ws: string, id: string) =>
  api.delete(apiPath(paths.contentItem, { ws, id }), { schema: 'MessageBody' });

/** POST /content/{ws}/{id}/retry-media: the owner's failed video back to the queue. */
export const retryContentMedia = (ws: string, id: string) =>
  api.post(apiPath(paths.contentRetryMedia, { ws, id }), undefined, { schema: 'ContentItem' });

/** A list page holds a video still being processed: the list asks again until it is ready. */
export const hasProcessingMedia = (pages: ContentPages | undefined) =>
  Boolean(
    pages?.pages.some((page) =>
      page.contents.some((post) =>
        post.attachments.some((a) => 'status' in a && a.status === 'processing'),
      ),
    ),
  );

/** POST /content/{ws}/{id}/like → the post's likes and the caller's like after the toggle. */
export const toggleLike = (ws: string, id: string) =>
  api.post(apiPath(paths.contentLike, { ws, id }), undefined, {
    schema: 'LikeResponse',
  });

/** GET /contents/objects?username=&file_path= → a fresh signed URL of a post's file. */
export const fetchObjectUrl = (username: string, filePath: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.contentObject), {
    query: { username, file_path: filePath },
    schema: 'ContentObjectResponse',
    signal,
  });

/** Applies `update` to the post `id` in every cached list of posts (feed and profiles). */
export function updateCachedPost(
  queryClient: QueryClient,
  id: string,
  update: (post: ContentItem) => ContentItem,
) {
  queryClient.setQueriesData<ContentPages>({ queryKey: CONTENTS_KEY }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.contents.some((c) => c.id === id)
              ? { ...page, contents: page.contents.map((c) => (c.id === id ? update(c) : c)) }
              : page,
          ),
        }
      : data,
  );
}

/** POST /content/{ws}/{id}/purchase → the post's Pix charge (new, or the pending one again). */
export const purchasePost = (ws: string, id: string) =>
  api.post(apiPath(salesPaths.contentPurchase, { ws, id }), undefined, { schema: 'ChargeDetail' });

/** GET /purchases?page=&size= → the caller's bought posts, newest first. */
export const fetchPurchases = (page: number, signal?: AbortSignal) =>
  api.get(apiPath(salesPaths.purchases), {
    query: { page, size: PURCHASES_PAGING.size },
    schema: 'PurchasesResponse',
    signal,
  });
