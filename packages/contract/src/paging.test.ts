import { describe, expect, it } from 'vitest';
import { FeedQuery, ProfileContentsQuery } from './content';
import { PAGE_SIZE_MAX, PAGING, pageOffset } from './paging';
import { pageQuery } from './paged';
import { SubscribersQuery } from './subscriptions';

describe('paging', () => {
  it('holds the bases and sizes of spec section 9', () => {
    expect(PAGING.accounts).toEqual({ base: 1, size: 20 });
    expect(PAGING.transactions).toEqual({ base: 1, size: 20 });
    expect(PAGING.feed).toEqual({ base: 1, size: 25 });
    expect(PAGING.profileContents).toEqual({ base: 0, size: 10 });
    expect(PAGING.subscribers).toEqual({ base: 0, size: 20 });
    expect(FeedQuery.parse({})).toEqual({ page: 1, size: 25 });
    expect(ProfileContentsQuery.parse({ username: 'ana' })).toMatchObject({ page: 0, size: 10 });
    expect(SubscribersQuery.parse({})).toEqual({ page: 0, size: 20 });
  });

  it('skips (page - base) * size rows', () => {
    expect(pageOffset(PAGING.feed, 1, 25)).toBe(0);
    expect(pageOffset(PAGING.feed, 3, 25)).toBe(50);
    expect(pageOffset(PAGING.profileContents, 0, 10)).toBe(0);
    expect(pageOffset(PAGING.profileContents, 2, 10)).toBe(20);
  });

  it('refuses pages under the base and sizes over the cap', () => {
    const q = pageQuery(PAGING.feed);
    expect(q.safeParse({ page: '0' }).success).toBe(false);
    expect(q.safeParse({ size: String(PAGE_SIZE_MAX + 1) }).success).toBe(false);
    expect(q.parse({ page: '2', size: String(PAGE_SIZE_MAX) })).toEqual({ page: 2, size: 100 });
    expect(pageQuery(PAGING.subscribers).parse({ page: '0' }).page).toBe(0);
  });
});
