import { cn } from '@/lib/utils';

/** A category's colour as a small dot (decorative: the label says what it is). */
export function CategoryDot({ color, className }: { color: string | null; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-block size-2.5 shrink-0 rounded-full bg-muted-foreground/40',
        className,
      )}
      style={color ? { backgroundColor: color } : undefined}
    />
  );
}
