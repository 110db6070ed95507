import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { t } from '../strings';

/**
 * The parts of the owner's money sections above and below 'Pagamentos pendentes' (payments to
 * review, Pix that matched no charge): their heading, their load error and their next page.
 */
export function MoneySectionHeader({
  id,
  icon,
  title,
  total,
  description,
}: {
  id: string;
  /** The round icon, with its colours. */
  icon: ReactNode;
  title: string;
  total: number;
  description: string;
}) {
  return (
    <div className="flex items-start gap-3">
      {icon}
      <div className="grid gap-1">
        <h2 id={id} className="flex items-center gap-2 font-semibold">
          {title}
          {total > 0 ? (
            <Badge variant="secondary" className="h-5 min-w-5 px-1.5 text-[11px]">
              {total}
            </Badge>
          ) : null}
        </h2>
        <p className="text-[13px] leading-relaxed text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}

/** The section failed to load: why, and 'Tentar novamente'. */
export function MoneySectionError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <section
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3',
        className,
      )}
    >
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t.common.retry}
      </Button>
    </section>
  );
}

/** 'Carregar mais' while the list has another page. */
export function MorePages({
  query,
}: {
  query: Pick<
    UseInfiniteQueryResult<InfiniteData<unknown>>,
    'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'
  >;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {t.reviews.more}
      </Button>
    </div>
  );
}
