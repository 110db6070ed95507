import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A pulsing block that stands in for content while it loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

/** An avatar and two lines (a name and a detail) while a person or a post's author loads. */
export function SkeletonIdentity({
  avatar,
  lines: [first, second],
  className,
}: {
  /** The avatar's size classes. */
  avatar: string;
  /** The two lines' size classes. */
  lines: [string, string];
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Skeleton className={cn('shrink-0 rounded-full', avatar)} />
      <div className="grid flex-1 gap-2">
        <Skeleton className={first} />
        <Skeleton className={second} />
      </div>
    </div>
  );
}
