import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { t } from '@/i18n/pt-BR';
import { cn } from '@/lib/utils';

/** A rotating loader. Announced as "Carregando…" unless `label` says otherwise (or is ''). */
export function Spinner({
  className,
  label = t.common.loading,
  ...props
}: ComponentProps<'svg'> & { label?: string }) {
  return (
    <Loader2
      data-slot="spinner"
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin text-current', className)}
      {...props}
    />
  );
}
