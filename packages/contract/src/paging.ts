// Paged lists: `?page=&size=` in, `{ <items>: [...], page, size, total }` out.
// Each list has its own first page number (its base) and default size
// (spec section 9); `size` is capped at PAGE_SIZE_MAX everywhere.

export const PAGE_SIZE_MAX = 100;

export interface Paging {
  /** The first page's number: 0 or 1. */
  base: 0 | 1;
  /** Default page size. */
  size: number;
}

/** Every paged list's base and default size. A list the spec does not name declares its own `Paging` next to its schemas. */
export const PAGING = {
  accounts: { base: 1, size: 20 },
  transactions: { base: 1, size: 20 },
  feed: { base: 1, size: 25 },
  profileContents: { base: 0, size: 10 },
  /** "offset 0, size 20": page 0 is the first. */
  subscribers: { base: 0, size: 20 },
  charges: { base: 0, size: 20 },
  loginActivities: { base: 1, size: 20 },
} as const satisfies Record<string, Paging>;

/** Rows to skip for `page` of a list: (page − base) × size. */
export const pageOffset = (paging: Paging, page: number, size: number) =>
  (page - paging.base) * size;
