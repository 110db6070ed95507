import { Skeleton } from '@/components/ui/skeleton';
import { PostListSkeleton } from '@/components/post-skeleton';
import { t } from '@/i18n/content';

/** The profile's shape while it loads. */
export function ProfileSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label={t.content.profile.loading}>
      <div className="grid gap-4" aria-hidden>
        <Skeleton className="-mx-4 h-36 rounded-none sm:mx-0 sm:h-48 sm:rounded-2xl md:h-56" />
        <div className="-mt-14 px-1 sm:-mt-16 sm:px-6">
          <Skeleton className="size-24 rounded-full ring-4 ring-background sm:size-28" />
        </div>
        <div className="grid gap-2.5 px-1 sm:px-6">
          <Skeleton className="h-7 w-52" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-1 h-4 w-full max-w-md" />
          <Skeleton className="h-4 w-2/3 max-w-sm" />
        </div>
      </div>
      <Skeleton className="h-10 w-56 rounded-lg" />
      <PostListSkeleton count={2} announce={false} />
    </div>
  );
}
