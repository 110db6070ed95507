import { Card } from '@/components/ui/card';
import { Skeleton, SkeletonIdentity } from '@/components/ui/skeleton';

/** Three rows (an avatar, a name and an e-mail, an action) while the team loads. */
export function RowsSkeleton() {
  return (
    <ul className="divide-y" data-testid="team-loading" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3.5 sm:px-5">
          <SkeletonIdentity
            avatar="size-10"
            lines={['h-4 w-40 max-w-full', 'h-3 w-56 max-w-full']}
            className="flex-1"
          />
          <Skeleton className="h-8 w-8" />
        </li>
      ))}
    </ul>
  );
}

/**
 * TeamTabs' place while its code loads (./team-tabs.tsx: the Radix tabs): the tab bar's 40 px
 * and the rows, as it shows them while the team loads.
 */
export function TeamTabsSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <Skeleton className="h-10 w-full rounded-lg sm:w-96" />
      <Card className="gap-0 overflow-hidden py-0">
        <RowsSkeleton />
      </Card>
    </div>
  );
}
