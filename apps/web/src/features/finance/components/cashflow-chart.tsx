import type { CashflowResponse } from '@fa-clube/contract';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, formatMonth, formatShortMonth } from '../lib/format';
import { t } from '../strings';
import { TOOLTIP_STYLE } from '@/components/charts/chart-style';
import { ChartTable } from '@/components/charts/chart-table';

const compact = (currency: string) =>
  new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });

const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 };

/**
 * Cash flow by month: income above the line (green), expenses below it (red), the result as a
 * line; the same numbers in a table for screen readers and for whoever prefers reading them.
 */
export function CashflowChart({ report }: { report: CashflowResponse }) {
  const { currency, months } = report;
  const money = (value: number) => formatMoney(value, currency);
  const axisMoney = compact(currency);
  return (
    <div className="grid gap-3">
      <div role="img" aria-label={t.overview.cashflowChart} className="h-72 w-full">
        <ResponsiveContainer
          width="100%"
          height="100%"
          initialDimension={{ width: 640, height: 288 }}
        >
          <ComposedChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="month"
              tickFormatter={formatShortMonth}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
            />
            <YAxis
              tickFormatter={(v: number) => axisMoney.format(v)}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={72}
            />
            <ReferenceLine y={0} stroke="var(--border)" />
            <Tooltip
              cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
              labelFormatter={(label) => formatMonth(String(label))}
              formatter={(value) => money(Number(value))}
              contentStyle={TOOLTIP_STYLE}
            />
            <Legend
              iconType="circle"
              wrapperStyle={{ fontSize: 13, color: 'var(--muted-foreground)' }}
            />
            <Bar
              dataKey="income"
              name={t.finance.incomes}
              fill="var(--success)"
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
            />
            <Bar
              dataKey="expenses"
              name={t.finance.expenses}
              fill="var(--destructive)"
              radius={[0, 0, 4, 4]}
              maxBarSize={28}
            />
            <Line
              dataKey="net"
              name={t.finance.net}
              type="linear"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={{ r: 3 }}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={t.overview.cashflowTitle}
        columns={[t.overview.month, t.finance.incomes, t.finance.expenses, t.finance.net]}
        rows={months.map((m) => [
          formatMonth(m.month),
          money(m.income),
          money(m.expenses),
          money(m.net),
        ])}
      />
    </div>
  );
}
