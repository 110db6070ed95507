import { Suspense, lazy } from 'react';
import { PostListSkeleton } from '@/components/post-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import type { ProfilePosts as ProfilePostsPart } from './profile-posts';
import { loadProfilePosts } from './profile-posts-chunk';

// the tabs, the cards and the media grid show once the profile is in: their code is fetched
// beside it (preloadProfilePosts), outside the page's first load
const ProfilePosts = lazy(loadProfilePosts);

/** A creator's posts on their profile (./profile-posts.tsx), their skeleton until the code is in. */
export function LazyProfilePosts(props: Parameters<typeof ProfilePostsPart>[0]) {
  return (
    <Suspense
      fallback={
        <div className="flex flex-col gap-5">
          <Skeleton className="h-10 w-full rounded-lg sm:w-56" />
          <PostListSkeleton />
        </div>
      }
    >
      <ProfilePosts {...props} />
    </Suspense>
  );
}
