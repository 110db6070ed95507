import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '../strings';

/** 'Anterior' / 'Próxima' under a list shown a page at a time, with what is shown on the left. */
export function Pager({
  label,
  status,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  /** The navigation's accessible name. */
  label: string;
  status: ReactNode;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-[13px] text-muted-foreground">{status}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
          <ChevronLeft aria-hidden />
          {t.transactions.previous}
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={onNext}>
          {t.transactions.next}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
