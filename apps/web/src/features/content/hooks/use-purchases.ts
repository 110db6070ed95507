import { useInfiniteQuery } from '@tanstack/react-query';
import { PURCHASES_PAGING } from '@fa-clube/contract';
import type { ContentsResponse, MessagePurchase } from '@fa-clube/contract';
import { infinitePaging } from '@/lib/paging';
import { fetchPurchases } from '../api/content-api';

/** A page of 'Minhas compras': its posts (as any list of posts) and its bought chat messages. */
export type PurchasesPage = ContentsResponse & { messages: MessagePurchase[] };

const rows = (page: PurchasesPage) => [...page.contents, ...page.messages];

/**
 * 'Minhas compras': the caller's bought posts and messages, pages of 20 from page 0, kept under
 * the posts' key (['contents', …]) so likes and reloads reach the posts like any list of posts.
 */
export function usePurchases(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['contents', 'purchases'],
    queryFn: async ({ pageParam, signal }): Promise<PurchasesPage> => {
      const page = await fetchPurchases(pageParam, signal);
      return {
        contents: page.purchases.flatMap((p) => (p.kind === 'post' ? [p.content] : [])),
        messages: page.purchases.flatMap((p) => (p.kind === 'message' ? [p] : [])),
        page: page.page,
        size: page.size,
        total: page.total,
      };
    },
    ...infinitePaging(PURCHASES_PAGING, rows),
    enabled,
  });
}
