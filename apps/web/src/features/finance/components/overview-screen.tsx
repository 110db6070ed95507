import { DEFAULT_CURRENCY, majorToCents, centsToMajor } from '@fa-clube/contract';
import type { ReportQuery } from '@fa-clube/contract';
import { BarChart3, Landmark, PieChart, Upload } from 'lucide-react';
import { Suspense, lazy, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import {
  accountCurrencies,
  useAccounts,
  useBalances,
  useCashflow,
  useChargesReport,
  useExpenses,
  useFinanceWorkspace,
} from '../hooks/use-finance';
import { formatMoney, monthsAgoIso, todayIso } from '../lib/format';
import { t } from '../strings';

// recharts (about 130 KB gzip) loads beside the reports, not with the page; the panel's skeleton
// holds the chart's place meanwhile
const CashflowChart = lazy(() =>
  import('./cashflow-chart').then((m) => ({ default: m.CashflowChart })),
);
const ExpensesChart = lazy(() =>
  import('./expenses-chart').then((m) => ({ default: m.ExpensesChart })),
);

const PERIODS = [3, 6, 12] as const;

/**
 * /finance: balances, the period's income and expenses, the cash flow by month and the expenses
 * by category (charts), and the Pix charges. One currency at a time: no total adds two.
 */
export function OverviewScreen() {
  const { ws, isOwner } = useFinanceWorkspace();
  const accounts = useAccounts(ws);
  const [months, setMonths] = useState<number>(6);
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY);
  const query = useMemo<ReportQuery>(
    () => ({ currency, from: monthsAgoIso(months), to: todayIso() }),
    [currency, months],
  );
  const balances = useBalances(ws, currency);
  const cashflow = useCashflow(ws, query);
  const expenses = useExpenses(ws, query);
  const charges = useChargesReport(ws, currency);
  const currencies = accountCurrencies(accounts.data);

  if (accounts.isSuccess && accounts.data.length === 0) {
    return (
      <EmptyState
        icon={Landmark}
        title={t.overview.emptyTitle}
        description={t.overview.emptyText}
        action={
          isOwner ? (
            <div className="flex flex-wrap justify-center gap-2">
              <Link to="/finance/accounts" className={buttonVariants()}>
                {t.overview.createAccount}
              </Link>
              <Link to="/finance/import" className={buttonVariants({ variant: 'outline' })}>
                <Upload aria-hidden />
                {t.overview.importStatement}
              </Link>
            </div>
          ) : null
        }
      />
    );
  }

  const totals = cashflow.data?.months.reduce(
    (sum, m) => ({
      income: sum.income + majorToCents(m.income),
      expenses: sum.expenses + majorToCents(m.expenses),
    }),
    { income: 0, expenses: 0 },
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t.overview.period} className="w-48">
          {(control) => (
            <NativeSelect
              {...control}
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t.overview.periods[p]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {currencies.length > 1 ? (
          <Field label={t.finance.currency} className="w-32">
            {(control) => (
              <NativeSelect
                {...control}
                value={currency}
                onChange={(e) => setCurrency(e.target.value)}
              >
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : null}
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={t.overview.balance}
          value={balances.data ? formatMoney(balances.data.balance, currency) : null}
        />
        <Figure
          label={t.overview.projected}
          hint={t.overview.projectedHint}
          value={balances.data ? formatMoney(balances.data.projected_balance, currency) : null}
        />
        <Figure
          label={t.overview.periodIncome}
          tone="income"
          value={totals ? formatMoney(centsToMajor(totals.income), currency) : null}
        />
        <Figure
          label={t.overview.periodExpenses}
          tone="expense"
          value={totals ? formatMoney(centsToMajor(totals.expenses), currency) : null}
        />
      </dl>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <Panel
          title={t.overview.cashflowTitle}
          description={t.overview.cashflowText}
          query={cashflow}
          empty={(data) =>
            data.months.every((m) => m.income === 0 && m.expenses === 0) ? (
              <EmptyState
                icon={BarChart3}
                title={t.overview.cashflowEmpty}
                className="border-0 py-10"
              />
            ) : null
          }
        >
          {(data) => <CashflowChart report={data} />}
        </Panel>
        <Panel
          title={t.overview.expensesTitle}
          description={t.overview.expensesText}
          query={expenses}
          empty={(data) =>
            data.categories.length === 0 ? (
              <EmptyState
                icon={PieChart}
                title={t.overview.expensesEmpty}
                className="border-0 py-10"
              />
            ) : null
          }
        >
          {(data) => <ExpensesChart report={data} />}
        </Panel>
      </div>

      {charges.data ? (
        <section aria-labelledby="pix-report" className="grid gap-3">
          <h3 id="pix-report" className="text-base font-semibold tracking-tight">
            {t.overview.pixTitle}
          </h3>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(
              [
                ['paid', t.overview.pixPaid],
                ['pending', t.overview.pixPending],
                ['expired', t.overview.pixExpired],
              ] as const
            ).map(([key, label]) => (
              <Figure
                key={key}
                label={`${label} (${charges.data[key].count.toLocaleString('pt-BR')})`}
                value={formatMoney(charges.data[key].total, currency)}
              />
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}

function Figure({
  label,
  value,
  hint,
  tone,
}: {
  label: string;
  value: string | null;
  hint?: string;
  tone?: 'income' | 'expense';
}) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card px-4 py-3.5 shadow-xs">
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-lg font-semibold tracking-tight tabular-nums sm:text-xl',
          tone === 'income' && 'text-success-text',
          tone === 'expense' && 'text-destructive-text',
        )}
      >
        {value ?? <Skeleton className="h-7 w-28" />}
      </dd>
      {hint ? <dd className="text-[12px] text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

interface PanelQuery<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/** A report card: title, then a skeleton, the error with a retry, its empty state or the chart. */
function Panel<T>({
  title,
  description,
  query,
  empty,
  children,
}: {
  title: string;
  description: string;
  query: PanelQuery<T>;
  empty: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const body = query.data
    ? (empty(query.data) ?? (
        <Suspense fallback={<Skeleton className="h-72 rounded-lg" />}>
          {children(query.data)}
        </Suspense>
      ))
    : null;
  return (
    <Card className="gap-5 px-5 py-5 sm:px-6">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold tracking-tight">{title}</h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {body ??
        (query.isError ? (
          <LoadError message={t.finance.loadError} onRetry={() => void query.refetch()} />
        ) : (
          <Skeleton className="h-72 rounded-lg" />
        ))}
    </Card>
  );
}
