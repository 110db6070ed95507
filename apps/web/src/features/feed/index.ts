/** The home feed (/ and /dashboard for a signed-in user). */
export { FeedPage } from './components/feed-page';
