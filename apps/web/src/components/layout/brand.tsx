import { Link } from 'react-router';
import { t } from '@/i18n/pt-BR';
import { cn } from '@/lib/utils';

/** The logo mark: a violet rounded square with a heart-ish "F". */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500 text-[15px] font-bold text-white shadow-sm shadow-violet-500/30',
        className,
      )}
    >
      F
    </span>
  );
}

/** The brand as two words, "Fã" "Clube" (spec: shown as two words in the sidebar). */
export function BrandName({ className }: { className?: string }) {
  return (
    <span className={cn('text-[17px] font-bold tracking-tight', className)}>
      <span>{t.brand.first}</span> <span className="text-primary">{t.brand.second}</span>
    </span>
  );
}

export function Brand({ to = '/dashboard', className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2.5 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <BrandMark />
      <BrandName />
    </Link>
  );
}
