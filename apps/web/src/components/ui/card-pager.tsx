import { ChevronLeft, ChevronRight } from 'lucide-react';
import { t } from '@/i18n/pt-BR';
import { Button } from './button';

/**
 * The footer of a paged list in a card: 'Anterior', 'Página X de Y', 'Próxima'. Nothing when
 * everything fits on one page.
 */
export function CardPager({
  page,
  pages,
  onPage,
}: {
  /** From 1. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <div className="flex items-center justify-between border-t px-4 py-3 text-sm sm:px-5">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden />
        {t.common.previous}
      </Button>
      <span className="text-muted-foreground tabular-nums">{t.common.pageOf(page, pages)}</span>
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.common.next}
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
