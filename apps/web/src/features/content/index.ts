/**
 * What the profile and the feed use from content: the composer, the lists of posts (cards, the
 * 'Mídias' grid and the viewer) and the queries behind them.
 */
export { Composer } from './components/composer';
export type { ComposerProps } from './components/composer';
export { MediaGrid } from './components/media-grid';
export { PostList } from './components/post-list';
export { PostListSkeleton } from './components/post-skeleton';
export { useFeedPosts, useProfilePosts } from './hooks/use-posts';
export { LoadMore } from './components/load-more';
export { FEED_PAGE_SIZE, PROFILE_PAGE_SIZE } from './api/content-api';
