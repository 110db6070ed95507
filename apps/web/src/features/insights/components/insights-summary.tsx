import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/insights';
import { useInsights } from '../api';
import { Figures, FiguresSkeleton } from './figures';

/**
 * The home's figures for the owner and the team (issue 35): MRR, subscribers, this month and the
 * churn, with the way to 'Visão geral'. Nothing while a new creator has nothing to show; nothing
 * either when the figures cannot be read (the feed below still works).
 */
export function InsightsSummary({ ws }: { ws: string }) {
  const query = useInsights(ws, 2);
  const data = query.data;
  if (query.isError) return null;
  const blank =
    data &&
    data.active_subscribers === 0 &&
    data.months.every((m) => m.revenue.total === 0 && m.churned === 0);
  if (blank) return null;
  return (
    <section aria-labelledby="insights-summary-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="insights-summary-title" className="text-base font-semibold tracking-tight">
          {t.insights.summaryTitle}
        </h2>
        <Button asChild variant="ghost" size="sm">
          <Link to="/insights">
            {t.insights.details}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      {data ? <Figures data={data} /> : <FiguresSkeleton />}
    </section>
  );
}
