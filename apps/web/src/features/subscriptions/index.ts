/**
 * What other features may use from subscriptions (the profile page renders ProfilePlans on a
 * visitor's view of a creator).
 */
export { ProfilePlans } from './components/profile-plans';
export type { ProfilePlansProps } from './components/profile-plans';
export { useIsSubscribed } from './hooks/use-plans';
