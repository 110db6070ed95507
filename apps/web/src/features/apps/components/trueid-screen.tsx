import type { AppSettings, CustomerStatus, TrueIdCustomer } from '@fa-clube/contract';
import { ArrowLeft, ChevronLeft, ChevronRight, ScanFace } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Note } from '@/components/ui/note';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { contractForm, setServerErrors, useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useApp } from '../hooks/use-apps';
import { useCustomers, useSaveTrueIdSettings, useTrueIdSettings } from '../hooks/use-trueid';
import { formatDateTime, formatLegalId } from '../lib/format';
import { t } from '../strings';
import { STATUS_BADGE } from '../lib/status';

// zod and the contract's schemas load when the form shows, not with the page
const TrueIdSettingsForm = contractForm((c) => c.TrueIdSettings);

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
  return (
    <Card className="gap-5 px-5 sm:px-6">
      <h2 className="text-base font-semibold">{t.trueid.settingsTitle}</h2>
      {!isOwner ? <Note tone="muted">{t.trueid.settingsOwnerOnly}</Note> : null}
      {settings.isError ? (
        <LoadError message={t.apps.loadError} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-48" />
        </div>
      ) : (
        <SettingsForm
          key={JSON.stringify(settings.data)}
          workspaceId={workspaceId}
          isOwner={isOwner}
          settings={settings.data}
        />
      )}
    </Card>
  );
}

function SettingsForm({
  workspaceId,
  isOwner,
  settings,
}: {
  workspaceId: string;
  isOwner: boolean;
  settings: AppSettings['trueid'];
}) {
  const form = useZodForm(TrueIdSettingsForm, { defaultValues: settings });
  const save = useSaveTrueIdSettings(workspaceId);
  const submit = (values: AppSettings['trueid']) =>
    save.mutate(values, {
      onSuccess: () => toast.success(t.trueid.saved),
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return (
    <Form form={form} onSubmit={submit} className="grid gap-5">
      <FormField
        name="require_age_verification"
        label={t.trueid.requireAge}
        hint={t.trueid.requireAgeHint}
      >
        {({ value, onChange, onBlur, ref, ...control }) => (
          <Switch
            {...control}
            ref={ref}
            checked={Boolean(value)}
            onCheckedChange={onChange}
            onBlur={onBlur}
            disabled={!isOwner}
          />
        )}
      </FormField>
      <FormField name="retention_days" label={t.trueid.retention} hint={t.trueid.retentionHint}>
        {({ value, onChange, ...control }) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={1825}
            className="max-w-40"
            value={value == null || Number.isNaN(value) ? '' : String(value)}
            onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
            disabled={!isOwner}
          />
        )}
      </FormField>
      {isOwner ? (
        <div className="flex justify-end">
          <FormSubmit pending={save.isPending}>{t.trueid.save}</FormSubmit>
        </div>
      ) : null}
    </Form>
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
          {pages > 1 ? (
            <div className="flex items-center justify-between border-t px-5 py-3 text-sm">
              <Button
                variant="ghost"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                <ChevronLeft aria-hidden />
                {t.trueid.previous}
              </Button>
              <span className="text-muted-foreground">{t.trueid.pageOf(page, pages)}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t.trueid.next}
                <ChevronRight aria-hidden />
              </Button>
            </div>
          ) : null}
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
