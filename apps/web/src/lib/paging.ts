import { pageOffset } from '@fa-clube/contract';
import type { Paging } from '@fa-clube/contract';

interface Page {
  page: number;
  size: number;
  total: number;
}

/**
 * useInfiniteQuery's paging for one of the contract's lists (`PAGING.feed`, ...): its first page
 * number, then the next one while the pages seen hold fewer rows than `total`. `rows` reads a
 * page's items; an empty page ends the list even if `total` says otherwise.
 */
export function infinitePaging<P extends Page>(paging: Paging, rows: (page: P) => unknown[]) {
  return {
    initialPageParam: paging.base as number,
    getNextPageParam: (last: P): number | undefined =>
      rows(last).length > 0 && pageOffset(paging, last.page, last.size) + last.size < last.total
        ? last.page + 1
        : undefined,
  };
}
