import { ArrowRight, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/content';

/**
 * The owner's first screen says when Pix wait for her confirmation (issue 34): how many, what to
 * do, and the way to 'Pagamentos pendentes'.
 */
export function WaitingPix({ count }: { count: number }) {
  return (
    <section
      aria-labelledby="waiting-pix-title"
      data-testid="waiting-pix"
      className="flex flex-col gap-3 rounded-2xl border border-primary/30 bg-accent/40 p-4 shadow-xs sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <Clock className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 gap-1">
          <h2 id="waiting-pix-title" className="text-base font-semibold tracking-tight">
            {t.content.feed.waitingPixTitle(count)}
          </h2>
          <p className="text-sm leading-relaxed text-muted-foreground">
            {t.content.feed.waitingPixText}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0 self-stretch sm:self-center">
        <Link to="/subscribers?aba=pendentes">
          {t.content.feed.waitingPixAction}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </section>
  );
}
