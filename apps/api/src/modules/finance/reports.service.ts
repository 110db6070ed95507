import {
  BUSINESS_TIME_ZONE,
  CASHFLOW_DEFAULT_MONTHS,
  UNCATEGORIZED_LABEL,
  todayIn,
} from '@fa-clube/contract';
import type {
  CashflowQuery,
  CashflowResponse,
  ChargesReportResponse,
  ExpensesResponse,
  ReportQuery,
} from '@fa-clube/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { chargeTotalsByStatus } from './finance.queries';
import { listCategories } from './categories.repo';
import type { CategoryRow } from './categories.repo';
import { totalToMajor } from './dto';
import { monthlySums } from './figures.repo';
import { addMonths, monthEnd, monthsBetween } from './periods';

// Reports over the workspace's rows in one currency (`?currency=`, default BRL):
// no total ever adds two currencies. Canceled rows count nowhere; transfers
// (rows in a `transfer` category) are neither income nor expenses.

/** Categories by id, and whether an id is a transfer category. */
async function categoriesOf(ctx: AppContext, workspaceId: string) {
  const byId = new Map<string, CategoryRow>(
    (await listCategories(ctx.db, workspaceId)).map((c) => [c.id, c]),
  );
  const isTransfer = (id: string | null) =>
    id !== null && byId.get(id)?.categoryType === 'transfer';
  return { byId, isTransfer };
}

/**
 * The months of a cash-flow report: the range given, or twelve months from
 * `from`, up to `to`, or up to the current month.
 */
function cashflowRange(today: string, from?: string, to?: string) {
  const span = CASHFLOW_DEFAULT_MONTHS - 1;
  if (from && to) return { from, to };
  if (from) return { from, to: monthEnd(addMonths(from, span)) };
  const end = to ?? monthEnd(today);
  return { from: addMonths(end, -span), to: end };
}

/** GET /balances/cashflow/{ws}: owner and members; every month of the range, zero-filled. */
export async function getCashflow(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: z.output<typeof CashflowQuery>,
): Promise<CashflowResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const range = cashflowRange(todayIn(BUSINESS_TIME_ZONE, ctx.clock.now()), query.from, query.to);
  const [sums, { isTransfer }] = await Promise.all([
    monthlySums(ctx.db, workspaceId, query.currency, range),
    categoriesOf(ctx, workspaceId),
  ]);
  const byMonth = new Map(monthsBetween(range.from, range.to).map((m) => [m, { inc: 0, exp: 0 }]));
  for (const s of sums) {
    if (isTransfer(s.categoryId)) continue;
    const month = byMonth.get(s.month);
    if (!month) continue;
    month.inc += s.incomeCents;
    month.exp += s.expenseCents;
  }
  return {
    currency: query.currency,
    months: [...byMonth].map(([month, { inc, exp }]) => ({
      month,
      income: totalToMajor(inc),
      expenses: totalToMajor(exp),
      net: totalToMajor(inc + exp),
    })),
  };
}

/**
 * GET /categories/{ws}/expenses: owner and members; money out per category
 * (all time unless a range is given), the uncategorized under 'Sem categoria',
 * largest first.
 */
export async function getExpensesByCategory(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: z.output<typeof ReportQuery>,
): Promise<ExpensesResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const [sums, { byId, isTransfer }] = await Promise.all([
    monthlySums(ctx.db, workspaceId, query.currency, { from: query.from, to: query.to }),
    categoriesOf(ctx, workspaceId),
  ]);
  const lines = new Map<string | null, { cents: number; count: number }>();
  let total = 0;
  for (const s of sums) {
    if (s.expenseCount === 0 || isTransfer(s.categoryId)) continue;
    const key = s.categoryId !== null && byId.has(s.categoryId) ? s.categoryId : null;
    const line = lines.get(key) ?? { cents: 0, count: 0 };
    line.cents += s.expenseCents;
    line.count += s.expenseCount;
    lines.set(key, line);
    total += s.expenseCents;
  }
  return {
    currency: query.currency,
    total: totalToMajor(total),
    categories: [...lines]
      .sort(([, a], [, b]) => a.cents - b.cents)
      .map(([id, line]) => {
        const category = id === null ? undefined : byId.get(id);
        return {
          category: id,
          label: category?.label ?? UNCATEGORIZED_LABEL,
          color: category?.color ?? null,
          total: totalToMajor(line.cents),
          count: line.count,
          share: total === 0 ? 0 : Math.round((line.cents / total) * 10_000) / 10_000,
        };
      }),
  };
}

/** GET /balances/charges/{ws}: owner and members; the workspace's Pix charges by status. */
export async function getChargesReport(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  currency: string,
): Promise<ChargesReportResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const rows = await chargeTotalsByStatus(ctx.db, workspaceId, currency, ctx.clock.now());
  const bucket = (name: 'pending' | 'paid' | 'expired') => {
    const row = rows.find((r) => r.bucket === name);
    return { count: row?.count ?? 0, total: totalToMajor(row?.totalCents ?? 0) };
  };
  return { currency, pending: bucket('pending'), paid: bucket('paid'), expired: bucket('expired') };
}
