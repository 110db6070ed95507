import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { inputClasses } from './input';

/** The browser's own select, looking like an Input, with a chevron. */
export function NativeSelect({
  className,
  containerClassName,
  ...props
}: ComponentProps<'select'> & { containerClassName?: string }) {
  return (
    <div className={cn('relative', containerClassName)}>
      <select
        data-slot="native-select"
        className={cn(inputClasses, 'appearance-none pr-9', className)}
        {...props}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
