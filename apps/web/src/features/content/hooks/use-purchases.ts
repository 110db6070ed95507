import { useInfiniteQuery } from '@tanstack/react-query';
import { PURCHASES_PAGING } from '@fa-clube/contract';
import type { ContentsResponse } from '@fa-clube/contract';
import { infinitePaging } from '@/lib/paging';
import { fetchPurchases } from '../api/content-api';

const posts = (page: ContentsResponse) => page.contents;

/**
 * 'Minhas compras': the caller's bought posts, pages of 20 from page 0, kept under the posts' key
 * (['contents', …]) so likes and reloads reach them like any list of posts.
 */
export function usePurchasedPosts(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['contents', 'purchases'],
    queryFn: async ({ pageParam, signal }): Promise<ContentsResponse> => {
      const page = await fetchPurchases(pageParam, signal);
      return {
        contents: page.purchases.map((p) => p.content),
        page: page.page,
        size: page.size,
        total: page.total,
      };
    },
    ...infinitePaging(PURCHASES_PAGING, posts),
    enabled,
  });
}
