import { Skeleton, SkeletonIdentity } from '@/components/ui/skeleton';
import { t } from '@/i18n/content';

/** A post's shape while posts load. */
export function PostSkeleton({ media = true }: { media?: boolean }) {
  return (
    <div className="grid gap-4 rounded-2xl border bg-card p-4 shadow-xs sm:p-5" aria-hidden>
      <SkeletonIdentity avatar="size-11" lines={['h-3.5 w-36', 'h-3 w-24']} />
      <div className="grid gap-2">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-4/5" />
      </div>
      {media ? <Skeleton className="aspect-[4/3] w-full rounded-xl" /> : null}
      <Skeleton className="h-7 w-16 rounded-full" />
    </div>
  );
}

/** Several post skeletons, announced once as loading. */
export function PostListSkeleton({
  count = 3,
  announce = true,
}: {
  count?: number;
  announce?: boolean;
}) {
  return (
    <div
      className="grid gap-4"
      role={announce ? 'status' : undefined}
      aria-label={announce ? t.content.list.loading : undefined}
      aria-hidden={announce ? undefined : true}
    >
      {Array.from({ length: count }, (_, i) => (
        <PostSkeleton key={i} media={i % 2 === 0} />
      ))}
    </div>
  );
}
