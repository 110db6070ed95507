import type { InsightsMonth } from '@fa-clube/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TOOLTIP_STYLE } from '@/components/charts/chart-style';
import { ChartTable } from '@/components/charts/chart-table';
import { t } from '@/i18n/insights';
import { axisMoney, formatMonth, formatShortMonth, money } from './format';

const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 };
const LEGEND = { fontSize: 13, color: 'var(--muted-foreground)' };

const SOURCES = [
  { key: 'subscriptions', color: 'var(--primary)' },
  { key: 'posts', color: 'var(--chart-2, #0ea5e9)' },
  { key: 'messages', color: 'var(--chart-3, #f59e0b)' },
  { key: 'tips', color: 'var(--success)' },
] as const;

/** Revenue per month, stacked by source; the numbers again in a table for screen readers. */
export function RevenueChart({ months }: { months: InsightsMonth[] }) {
  const rows = months.map((m) => ({ month: m.month, ...m.revenue }));
  return (
    <div className="grid min-w-0 gap-3">
      <div role="img" aria-label={t.insights.revenueChart} className="h-64 w-full sm:h-72">
        <ResponsiveContainer
          width="100%"
          height="100%"
          initialDimension={{ width: 640, height: 288 }}
        >
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="month"
              tickFormatter={formatShortMonth}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
            />
            <YAxis
              tickFormatter={axisMoney}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={72}
            />
            <Tooltip
              cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
              labelFormatter={(label) => formatMonth(String(label))}
              formatter={(value) => money(Number(value))}
              contentStyle={TOOLTIP_STYLE}
            />
            <Legend iconType="circle" wrapperStyle={LEGEND} />
            {SOURCES.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={t.insights.sources[s.key]}
                stackId="revenue"
                fill={s.color}
                maxBarSize={32}
                radius={i === SOURCES.length - 1 ? [4, 4, 0, 0] : 0}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={t.insights.revenueTitle}
        columns={[
          t.insights.month,
          ...SOURCES.map((s) => t.insights.sources[s.key]),
          t.insights.sources.total,
        ]}
        rows={months.map((m) => [
          formatMonth(m.month),
          ...SOURCES.map((s) => money(m.revenue[s.key])),
          money(m.revenue.total),
        ])}
      />
    </div>
  );
}

/** New and renewed against churned subscribers per month. */
export function MovementChart({ months }: { months: InsightsMonth[] }) {
  const rows = months.map((m) => ({
    month: m.month,
    new: m.new,
    renewed: m.renewed,
    churned: -m.churned,
  }));
  return (
    <div className="grid min-w-0 gap-3">
      <div role="img" aria-label={t.insights.movementChart} className="h-56 w-full sm:h-64">
        <ResponsiveContainer
          width="100%"
          height="100%"
          initialDimension={{ width: 640, height: 256 }}
        >
          <BarChart
            data={rows}
            stackOffset="sign"
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="month"
              tickFormatter={formatShortMonth}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
            />
            <YAxis
              allowDecimals={false}
              tickFormatter={(v: number) => String(Math.abs(v))}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={40}
            />
            <Tooltip
              cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
              labelFormatter={(label) => formatMonth(String(label))}
              formatter={(value) => Math.abs(Number(value))}
              contentStyle={TOOLTIP_STYLE}
            />
            <Legend iconType="circle" wrapperStyle={LEGEND} />
            <Bar
              dataKey="new"
              name={t.insights.newSubs}
              stackId="m"
              fill="var(--primary)"
              maxBarSize={32}
            />
            <Bar
              dataKey="renewed"
              name={t.insights.renewed}
              stackId="m"
              fill="var(--success)"
              maxBarSize={32}
            />
            <Bar
              dataKey="churned"
              name={t.insights.churned}
              stackId="m"
              fill="var(--destructive)"
              maxBarSize={32}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={t.insights.movementTitle}
        columns={[t.insights.month, t.insights.newSubs, t.insights.renewed, t.insights.churned]}
        rows={months.map((m) => [
          formatMonth(m.month),
          String(m.new),
          String(m.renewed),
          String(m.churned),
        ])}
      />
    </div>
  );
}
