/** The profile's posts (./profile-posts.tsx), fetched on demand; the same request each time. */
export const loadProfilePosts = () =>
  import('./profile-posts').then((m) => ({ default: m.ProfilePosts }));

/** Starts fetching the posts' code while the profile itself loads. */
export function preloadProfilePosts() {
  void loadProfilePosts();
}
