import { BarChart3, Download } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { InsightsResponse } from '@fa-clube/contract';
import { Page, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/insights';
import { errorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { useSession } from '@/lib/session';
import { fetchInsightsCsv, useInsights } from '../api';
import { Figures, FiguresSkeleton } from './figures';
import { money } from './format';

const PERIODS = [3, 6, 12, 24, 36];

// the charting library comes with the charts, after the figures (standard lazy components)
const RevenueChart = lazy(() => import('./charts').then((m) => ({ default: m.RevenueChart })));
const MovementChart = lazy(() => import('./charts').then((m) => ({ default: m.MovementChart })));

/**
 * /insights ('Visão geral', issue 35): the figures, revenue per month by source, new against
 * churned, the period's best posts, and the months as CSV. For the owner and the team.
 */
export function InsightsScreen() {
  const { workspace } = useSession();
  const ws = workspace?.id ?? null;
  const [months, setMonths] = useState(12);
  const query = useInsights(ws, months);
  const data = query.data;
  const blank =
    data &&
    data.active_subscribers === 0 &&
    data.months.every((m) => m.revenue.total === 0 && m.new === 0 && m.churned === 0);

  return (
    <Page>
      <PageHeader
        title={t.insights.title}
        description={t.insights.description}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor="insights-period">
              {t.insights.period}
            </label>
            <NativeSelect
              id="insights-period"
              value={String(months)}
              onChange={(e) => setMonths(Number(e.target.value))}
              className="w-36"
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t.insights.periods[p]}
                </option>
              ))}
            </NativeSelect>
            {ws ? <ExportButton ws={ws} months={months} /> : null}
          </div>
        }
      />
      {query.isError ? (
        <LoadError message={t.insights.loadError} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div className="grid gap-5" data-testid="insights-loading">
          <FiguresSkeleton />
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : blank ? (
        <EmptyState
          icon={BarChart3}
          title={t.insights.emptyTitle}
          description={t.insights.emptyText}
          action={
            <Button asChild variant="outline">
              <Link to="/settings/plans">{t.insights.emptyAction}</Link>
            </Button>
          }
        />
      ) : (
        <Loaded data={data} />
      )}
    </Page>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 content-start gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <h2 id={id} className="text-base font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Loaded({ data }: { data: InsightsResponse }) {
  return (
    <div className="grid min-w-0 gap-5">
      <Figures data={data} />
      <Section id="insights-revenue" title={t.insights.revenueTitle}>
        <Suspense fallback={<Skeleton className="h-64 rounded-lg sm:h-72" />}>
          <RevenueChart months={data.months} />
        </Suspense>
      </Section>
      <div className="grid min-w-0 gap-5 lg:grid-cols-2">
        <Section id="insights-movement" title={t.insights.movementTitle}>
          <Suspense fallback={<Skeleton className="h-56 rounded-lg sm:h-64" />}>
            <MovementChart months={data.months} />
          </Suspense>
        </Section>
        <Section id="insights-top" title={t.insights.topTitle}>
          {data.top_posts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.insights.topEmpty}</p>
          ) : (
            <ol className="divide-y" data-testid="insights-top-posts">
              {data.top_posts.map((post, i) => (
                <li key={post.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground tabular-nums">
                    {i + 1}
                  </span>
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="truncate text-sm font-medium">
                      {post.description || t.insights.untitled}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t.insights.likes(post.likes)} · {t.insights.purchases(post.purchases)}
                    </p>
                  </div>
                  <span className="shrink-0 text-sm font-semibold tabular-nums">
                    {money(post.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </div>
  );
}

function ExportButton({ ws, months }: { ws: string; months: number }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchInsightsCsv(ws, months), t.insights.exportFile);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} onClick={() => void run()}>
      {busy ? null : <Download aria-hidden />}
      {t.insights.export}
    </Button>
  );
}
