import type { ExpensesResponse } from '@fa-clube/contract';
import { Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatMoney, formatShare } from '../lib/format';
import { t } from '../strings';
import { TOOLTIP_STYLE } from '@/components/charts/chart-style';
import { CategoryDot } from './category-dot';

const UNCATEGORIZED_COLOR = 'var(--muted-foreground)';

/** Expenses by category: a donut and, beside it, each category with its total and share. */
export function ExpensesChart({ report }: { report: ExpensesResponse }) {
  const { currency } = report;
  const data = report.categories.map((c) => ({
    name: c.label,
    value: Math.abs(c.total),
    // each sector takes its colour from its entry
    fill: c.color ?? UNCATEGORIZED_COLOR,
  }));
  return (
    <div className="grid items-center gap-6 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] xl:grid-cols-1">
      <div
        role="img"
        aria-label={t.overview.expensesChart}
        className="mx-auto aspect-square w-full max-w-48"
      >
        <ResponsiveContainer
          width="100%"
          height="100%"
          initialDimension={{ width: 224, height: 224 }}
        >
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius="58%"
              outerRadius="95%"
              paddingAngle={data.length > 1 ? 2 : 0}
              stroke="var(--card)"
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Tooltip
              formatter={(value) => formatMoney(-Number(value), currency)}
              contentStyle={TOOLTIP_STYLE}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="grid gap-2.5" aria-label={t.overview.expensesTitle}>
        {report.categories.map((c) => (
          <li
            key={c.category ?? 'none'}
            aria-label={c.label}
            className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 text-sm"
          >
            <CategoryDot color={c.color ?? UNCATEGORIZED_COLOR} className="size-3" />
            <span className="grid min-w-0">
              <span className="truncate font-medium">{c.label}</span>
              <span className="text-[12px] text-muted-foreground">{t.overview.count(c.count)}</span>
            </span>
            <span className="grid text-right">
              <span className="font-semibold text-destructive-text tabular-nums">
                {formatMoney(c.total, currency)}
              </span>
              <span className="text-[12px] text-muted-foreground tabular-nums">
                {formatShare(c.share)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
