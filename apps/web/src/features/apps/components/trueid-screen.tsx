import type { CustomerStatus, TrueIdCustomer } from '@fa-clube/contract';
import { ArrowLeft, ScanFace } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardPager } from '@/components/ui/card-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Note } from '@/components/ui/note';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useApp } from '../hooks/use-apps';
import { useCustomers, useTrueIdSettings } from '../hooks/use-trueid';
import { formatDateTime, formatLegalId } from '../lib/format';
import { t } from '../strings';
import { STATUS_BADGE } from '../lib/status';

// the settings' form (react-hook-form, the switch) is fetched beside the settings, not with the page
const loadSettingsForm = () =>
  import('./trueid-settings-form').then((m) => ({ default: m.TrueIdSettingsForm }));
const SettingsForm = lazy(loadSettingsForm);

// the dialog (Radix Dialog, its form) loads when it opens, not with the page
const CustomerReviewDialog = lazy(() =>
  import('./customer-review-dialog').then((m) => ({ default: m.CustomerReviewDialog })),
);

type Filter = CustomerStatus | 'all';
const FILTERS: Filter[] = ['in_review', 'all', 'approved', 'rejected', 'pending'];

/** /settings/apps/trueid: the app's settings and the customers to review. */
export function TrueIdScreen() {
  const { query, app, workspaceId, isOwner } = useApp('trueid');

  if (query.isError)
    return <LoadError message={t.apps.loadError} onRetry={() => void query.refetch()} />;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/settings/apps">
            <ArrowLeft aria-hidden />
            {t.trueid.back}
          </Link>
        </Button>
      </div>
      {query.isPending ? (
        <Card className="gap-4 px-6">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </Card>
      ) : !app?.installed ? (
        <EmptyState
          icon={ScanFace}
          title={t.trueid.notInstalled}
          action={
            <Button asChild variant="outline">
              <Link to="/settings/apps">{t.trueid.install}</Link>
            </Button>
          }
        />
      ) : (
        <>
          <SettingsCard workspaceId={workspaceId} isOwner={isOwner} />
          <Customers workspaceId={workspaceId} isOwner={isOwner} />
        </>
      )}
    </div>
  );
}

function SettingsCard({ workspaceId, isOwner }: { workspaceId: string; isOwner: boolean }) {
  const settings = useTrueIdSettings(workspaceId);
  useEffect(() => void loadSettingsForm(), []);
  const skeleton = (
    <div className="grid gap-3">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-48" />
    </div>
  );
  return (
    <Card className="gap-5 px-5 sm:px-6">
      <h2 className="text-base font-semibold">{t.trueid.settingsTitle}</h2>
      {!isOwner ? <Note tone="muted">{t.trueid.settingsOwnerOnly}</Note> : null}
      {settings.isError ? (
        <LoadError message={t.apps.loadError} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        skeleton
      ) : (
        <Suspense fallback={skeleton}>
          <SettingsForm
            key={JSON.stringify(settings.data)}
            workspaceId={workspaceId}
            isOwner={isOwner}
            settings={settings.data}
          />
        </Suspense>
      )}
    </Card>
  );
}

function Customers({ workspaceId, isOwner }: { workspaceId: string; isOwner: boolean }) {
  const [filter, setFilter] = useState<Filter>('in_review');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TrueIdCustomer | null>(null);
  const status = filter === 'all' ? undefined : filter;
  const list = useCustomers(workspaceId, status, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.size)) : 1;

  return (
    <section aria-labelledby="trueid-customers" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="trueid-customers" className="text-lg font-semibold">
          {t.trueid.customersTitle}
        </h2>
        <div
          role="radiogroup"
          aria-label={t.trueid.filterLabel}
          className="flex max-w-full min-w-0 gap-1 self-start overflow-x-auto rounded-lg bg-muted p-1"
        >
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={filter === f}
              onClick={() => {
                setFilter(f);
                setPage(1);
              }}
              className={cn(
                'h-8 shrink-0 rounded-md px-3 text-[13px] font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                filter === f && 'bg-card text-foreground shadow-sm dark:bg-input/40',
              )}
            >
              {t.trueid.filters[f]}
            </button>
          ))}
        </div>
      </div>

      {list.isError ? (
        <LoadError message={t.trueid.loadError} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Card className="gap-0 divide-y py-0">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-4 px-5 py-4">
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-28" />
              </div>
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
          ))}
        </Card>
      ) : list.data.customers.length === 0 ? (
        <EmptyState icon={ScanFace} title={t.trueid.empty} description={t.trueid.emptyHint} />
      ) : (
        <Card className="gap-0 py-0">
          <ul aria-label={t.trueid.listLabel} className="divide-y">
            {list.data.customers.map((c) => (
              <li
                key={c.id}
                aria-label={c.legal_name}
                className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center"
              >
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="truncate font-medium">{c.legal_name}</p>
                  <p className="truncate text-[13px] text-muted-foreground tabular-nums">
                    {formatLegalId(c.legal_id)} · {formatDateTime(c.updated_at)}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-3 sm:justify-end">
                  <Badge variant={STATUS_BADGE[c.status]}>{t.trueid.status[c.status]}</Badge>
                  <Button
                    size="sm"
                    variant={c.status === 'in_review' && isOwner ? 'default' : 'outline'}
                    onClick={() => setOpen(c)}
                    aria-label={`${c.status === 'in_review' && isOwner ? t.trueid.review : t.trueid.view} ${c.legal_name}`}
                  >
                    {c.status === 'in_review' && isOwner ? t.trueid.review : t.trueid.view}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <CardPager page={page} pages={pages} onPage={setPage} />
        </Card>
      )}
      {open ? (
        <Suspense fallback={null}>
          <CustomerReviewDialog
            workspaceId={workspaceId}
            customer={open}
            isOwner={isOwner}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
