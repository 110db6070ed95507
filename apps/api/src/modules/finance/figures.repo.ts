import { and, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Column, SQL, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { financeMonthlyFigures as f, financeTransactions as t } from '../../db/schema/finance';
import type { TransactionStatus } from '../../db/schema/finance';
import { splitRange } from './periods';

// Reads over finance_monthly_figures, the per account, month, category and
// status sums that the transactions' triggers keep (migration 0007_finance):
// balances, list totals and reports cost a few hundred rows, not one per
// transaction. Partial months at the edges of a date range are read from the
// transactions themselves (splitRange).

/** sum(expr), optionally only over the rows where `where` holds; 0 when there are none. */
const sumOf = (expr: SQLWrapper, where?: SQL) =>
  (where
    ? sql<number>`coalesce(sum(${expr}) filter (where ${where}), 0)`
    : sql<number>`coalesce(sum(${expr}), 0)`
  ).mapWith(Number);
const countWhere = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

export interface AccountFigures {
  /** paid and reconciled rows. */
  settledCents: number;
  pendingCents: number;
}

/** Per account: the sum of its paid and reconciled rows and of its pending rows. */
export async function accountFigures(
  db: DbOrTx,
  accountIds: readonly string[],
): Promise<Map<string, AccountFigures>> {
  if (accountIds.length === 0) return new Map();
  const net = sql`${f.incomeCents} + ${f.expenseCents}`;
  const rows = await db
    .select({
      accountId: f.accountId,
      settledCents: sumOf(net, inArray(f.status, ['paid', 'reconciled'])),
      pendingCents: sumOf(net, eq(f.status, 'pending')),
    })
    .from(f)
    .where(inArray(f.accountId, [...accountIds]))
    .groupBy(f.accountId);
  return new Map(rows.map((r) => [r.accountId, r]));
}

export interface CountFilter {
  accountId?: string;
  /** A category id, or 'none' for the uncategorized rows. */
  category?: string;
  status?: TransactionStatus;
}

/**
 * How many transactions match account, category and status filters (no dates,
 * no text), counted from the figures: `countOf(countFromFigures(...))`.
 */
export function countFromFigures(db: DbOrTx, workspaceId: string, filter: CountFilter) {
  return db
    .select({ n: sumOf(sql`${f.incomeCount} + ${f.expenseCount}`) })
    .from(f)
    .where(
      and(
        eq(f.workspaceId, workspaceId),
        filter.accountId ? eq(f.accountId, filter.accountId) : undefined,
        categoryIs(f.categoryId, filter.category),
        filter.status ? eq(f.status, filter.status) : undefined,
      ),
    );
}

/** The number a count statement answers. */
export const countOf = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/** `category` of a list filter: a category id, or 'none' for the uncategorized rows. */
export const categoryIs = (column: Column, category: string | undefined) =>
  category === 'none' ? isNull(column) : category ? eq(column, category) : undefined;

/** Sums of one month and category: income (positive) and expenses (negative), with their counts. */
export interface MonthCategorySums {
  /** 'YYYY-MM' */
  month: string;
  categoryId: string | null;
  incomeCents: number;
  incomeCount: number;
  expenseCents: number;
  expenseCount: number;
}

/**
 * The workspace's rows in `currency` dated in [from, to] (either side open),
 * canceled rows left out, summed per month and category.
 */
export async function monthlySums(
  db: DbOrTx,
  workspaceId: string,
  currency: string,
  range: { from?: string; to?: string },
): Promise<MonthCategorySums[]> {
  return (await Promise.all(monthlySumsQueries(db, workspaceId, currency, range))).flat();
}

/**
 * The statements of monthlySums: whole months from the figures, partial months
 * from the transactions (the benchmark explains them).
 */
export function monthlySumsQueries(
  db: DbOrTx,
  workspaceId: string,
  currency: string,
  range: { from?: string; to?: string },
) {
  const split = splitRange(range.from, range.to);
  const parts = [];
  if (split.months) {
    const { from, before } = split.months;
    parts.push(
      db
        .select({
          month: sql<string>`to_char(${f.month}, 'YYYY-MM')`,
          categoryId: f.categoryId,
          incomeCents: sumOf(f.incomeCents),
          incomeCount: sumOf(f.incomeCount),
          expenseCents: sumOf(f.expenseCents),
          expenseCount: sumOf(f.expenseCount),
        })
        .from(f)
        .where(
          and(
            eq(f.workspaceId, workspaceId),
            eq(f.currency, currency),
            ne(f.status, 'canceled'),
            from ? gte(f.month, from) : undefined,
            before ? lt(f.month, before) : undefined,
          ),
        )
        .groupBy(sql`1`, f.categoryId),
    );
  }
  if (split.days.length > 0) {
    const positive = sql`${t.amountCents} > 0`;
    const negative = sql`${t.amountCents} < 0`;
    parts.push(
      db
        .select({
          month: sql<string>`to_char(${t.date}::date, 'YYYY-MM')`,
          categoryId: t.categoryId,
          incomeCents: sumOf(t.amountCents, positive),
          incomeCount: countWhere(positive),
          expenseCents: sumOf(t.amountCents, negative),
          expenseCount: countWhere(negative),
        })
        .from(t)
        .where(
          and(
            eq(t.workspaceId, workspaceId),
            eq(t.currency, currency),
            ne(t.status, 'canceled'),
            or(...split.days.map((d) => and(gte(t.date, d.from), lte(t.date, d.to)))),
          ),
        )
        .groupBy(sql`1`, t.categoryId),
    );
  }
  return parts;
}
