import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { DocumentTitle } from './document-title';

/**
 * A whole screen that says where the user stands instead of the page: an unknown address, an
 * unknown profile, a route that failed. `className` sets its height.
 */
export function StatusScreen({
  icon: Icon,
  tone = 'accent',
  eyebrow,
  title,
  text,
  action,
  documentTitle = true,
  className,
}: {
  icon: LucideIcon;
  tone?: 'accent' | 'destructive';
  /** A short line above the title ('404'). */
  eyebrow?: string;
  title: string;
  text: ReactNode;
  /** A button or link. */
  action: ReactNode;
  /** Whether the title also goes into the browser tab. */
  documentTitle?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-5 px-6 py-16 text-center',
        className,
      )}
    >
      {documentTitle ? <DocumentTitle title={title} /> : null}
      <div
        className={cn(
          'flex size-14 items-center justify-center rounded-2xl',
          tone === 'accent'
            ? 'bg-accent text-accent-foreground'
            : 'bg-destructive/10 text-destructive-text',
        )}
      >
        <Icon className="size-7" aria-hidden />
      </div>
      <div className="grid max-w-md gap-2">
        {eyebrow ? <p className="text-sm font-semibold text-primary">{eyebrow}</p> : null}
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
        <p className="text-[15px] leading-relaxed text-muted-foreground">{text}</p>
      </div>
      {action}
    </div>
  );
}
