import { Suspense, lazy } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { ComposerProps } from './composer';

// the composer (react-hook-form, the upload) loads with the page but outside its first load
const Composer = lazy(() => import('./composer').then((m) => ({ default: m.Composer })));

/**
 * The composer's box while its code loads: the same border, padding and rows (the 48 px text
 * area, the toolbar with 'Publicar'), so nothing below it moves when it arrives.
 */
function ComposerSkeleton({ className }: { className?: string }) {
  return (
    <div
      data-testid="composer-skeleton"
      className={cn('rounded-2xl border bg-card p-3 shadow-xs sm:p-4', className)}
    >
      <div className="flex gap-3">
        <Skeleton className="mt-1 size-10 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1 py-3">
          <Skeleton className="h-6 w-1/2" />
        </div>
      </div>
      <div className="mt-3 flex items-center gap-2 border-t pt-3">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="ml-auto h-10 w-28 rounded-full" />
      </div>
    </div>
  );
}

/** The post composer, fetched when it is first shown, its skeleton until then. */
export function LazyComposer(props: ComposerProps) {
  return (
    <Suspense fallback={<ComposerSkeleton className={props.className} />}>
      <Composer {...props} />
    </Suspense>
  );
}
