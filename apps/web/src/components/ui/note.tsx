import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const tones = {
  /** Tinted with the brand colour (the profile and team settings). */
  accent:
    'gap-3 rounded-xl border border-primary/20 bg-accent/60 leading-relaxed text-accent-foreground',
  /** Grey (plans, pending payments). */
  muted: 'gap-2 rounded-lg border bg-muted/50 text-muted-foreground',
};

/** An information note, e.g. why a member sees a screen read-only. */
export function Note({
  tone = 'accent',
  className,
  children,
}: {
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="note" className={cn('flex items-start px-4 py-3 text-sm', tones[tone], className)}>
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{children}</p>
    </div>
  );
}
