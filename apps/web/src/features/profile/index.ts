/** The creator profile page; the route composes it with the visitor's plans. */
export { ProfilePage } from './components/profile-page';
export type { ProfilePageProps } from './components/profile-page';
