import { centsToMajor, majorToCents } from '@fa-clube/contract';
import type {
  CategorizeBody,
  CategorizeResponse,
  ColumnMapping,
  FormatBody,
  FormatResponse,
  ImportedTransaction,
  MappingBody,
  MappingResponse,
} from '@fa-clube/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, rateLimited } from '../../lib/errors';
import { WorkerOutOfMemoryError, WorkerPool, WorkerTimeoutError } from '../../lib/worker-pool';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { findAccount } from './accounts.repo';
import type { AccountRow } from './accounts.repo';
import { accountNotFound } from './accounts.service';
import { listCategories } from './categories.repo';
import {
  buildCategorizationHistory,
  categoryFitsAmount,
  indexRules,
  normalizeColumnName,
  suggestCategory,
  suggestMapping,
} from './import';
import type { ReadStatementInput, StatementResult } from './import';
import { existingImportKeys, recentCategorizedRows } from './transactions.repo';

// The three import calls (docs/decisions/020-finance-import.md): they read the
// workspace's data and write nothing; the client saves the rows it keeps with
// POST /transaction/{ws}. Owner only: they serve nothing but that write.

/** How many of the workspace's latest categorized rows categorize learns from. */
export const CATEGORIZE_HISTORY_ROWS = 5000;

/**
 * The import calls per user (RATE_LIMIT_IMPORT), counted after the access
 * check: reading a file is the heaviest work a signed-in user can ask for.
 */
async function countImportCall(ctx: AppContext, userId: string) {
  const wait = await ctx.throttle.consume(`import:${userId}`, ctx.config.limits.import);
  if (wait)
    throw rateLimited(
      wait,
      'Muitas importações em pouco tempo. Tente novamente em alguns minutos.',
    );
}

/**
 * Bank files are read in worker threads (IMPORT_PARSE_WORKERS per process), so a
 * hostile file never blocks the event loop; one still being read after
 * IMPORT_PARSE_TIMEOUT_MS has its worker terminated. One pool per context.
 */
const statementReaders = new WeakMap<AppContext, WorkerPool<ReadStatementInput, StatementResult>>();
const PARSE_WORKER = new URL('./import/parse-worker.ts', import.meta.url);

function statementReader(ctx: AppContext) {
  let pool = statementReaders.get(ctx);
  if (!pool) {
    const { workers, timeoutMs } = ctx.config.importParse;
    pool = new WorkerPool({
      entry: PARSE_WORKER,
      size: workers,
      timeoutMs,
      // a file waits at most about two readings for its turn, then 503
      acquireTimeoutMs: 2 * timeoutMs,
      maxHeapMb: 512,
    });
    statementReaders.set(ctx, pool);
  }
  return pool;
}

/** Stops the context's import workers (the app's onClose). */
export async function closeStatementReader(ctx: AppContext) {
  await statementReaders.get(ctx)?.close();
  statementReaders.delete(ctx);
}

async function readStatementOffThread(ctx: AppContext, input: ReadStatementInput) {
  try {
    return await statementReader(ctx).run(input);
  } catch (err) {
    if (err instanceof WorkerTimeoutError || err instanceof WorkerOutOfMemoryError)
      throw new AppError('IMPORT_FILE_TOO_COMPLEX');
    throw err;
  }
}

async function requireAccount(ctx: AppContext, workspaceId: string, accountId: string) {
  const account = await findAccount(ctx.db, workspaceId, accountId);
  if (!account) throw accountNotFound();
  return account;
}

/**
 * The account's remembered mapping applied to a header: each column it knows
 * (by name, or a name that normalises alike) keeps its remembered field; the
 * other columns keep the suggestion unless it names a field the remembered
 * columns already fill (an amount may come from two columns: credit and debit).
 */
function applyRemembered(
  columns: readonly string[],
  suggested: ColumnMapping,
  remembered: ColumnMapping,
): { mapping: ColumnMapping; coversHeader: boolean } {
  const byName = new Map(
    Object.entries(remembered).map(([name, field]) => [normalizeColumnName(name), field]),
  );
  const known = (column: string) =>
    Object.hasOwn(remembered, column) || byName.has(normalizeColumnName(column));
  const rememberedField = (column: string) =>
    Object.hasOwn(remembered, column)
      ? remembered[column]!
      : byName.get(normalizeColumnName(column))!;
  const taken = new Set(columns.filter(known).map(rememberedField));
  const mapping: ColumnMapping = Object.fromEntries(
    Object.keys(suggested).map((column) => {
      if (known(column)) return [column, rememberedField(column)];
      const field = suggested[column]!;
      return [column, field && taken.has(field) ? null : field];
    }),
  );
  return { mapping, coversHeader: columns.every(known) };
}

/** POST /transactions/{ws}/mapping: owner; the field of each column of a bank file's header. */
export async function suggestImportMapping(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: MappingBody,
): Promise<MappingResponse> {
  const { actor: caller } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await countImportCall(ctx, caller.userId);
  const account = body.account_id ? await requireAccount(ctx, workspaceId, body.account_id) : null;
  const suggested = suggestMapping(body.from_columns, body.to_columns);
  const remembered = account?.importMapping;
  if (!remembered) return { mapping: suggested.mapping, invert_amounts: suggested.invertAmounts };
  // with `to_columns`, a remembered field outside them is not used
  const allowed = body.to_columns ? new Set<string>(body.to_columns) : null;
  const usable = Object.fromEntries(
    Object.entries(remembered.columns).filter(
      ([, field]) => field === null || !allowed || allowed.has(field),
    ),
  ) as ColumnMapping;
  const { mapping, coversHeader } = applyRemembered(body.from_columns, suggested.mapping, usable);
  return {
    mapping,
    invert_amounts: coversHeader ? remembered.invert_amounts : suggested.invertAmounts,
  };
}

/**
 * POST /transactions/{ws}/format: owner; reads a bank file into rows ready to
 * save, marking `duplicate` the rows the account already has.
 */
export async function formatImport(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: z.output<typeof FormatBody>,
): Promise<FormatResponse> {
  const { actor: caller } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await countImportCall(ctx, caller.userId);
  const account: AccountRow | null = body.account_id
    ? await requireAccount(ctx, workspaceId, body.account_id)
    : null;
  const statement = await readStatementOffThread(ctx, {
    data: body.data,
    dataEncoding: body.data_encoding,
    columns: body.columns,
    invertAmounts: body.invert_amounts,
  });
  if (!statement.ok) throw new AppError(statement.code, statement.message);

  const [duplicates, categories] = await Promise.all([
    account
      ? existingImportKeys(
          ctx.db,
          account.id,
          statement.rows.map((r) => r.importKey),
        )
      : new Set<string>(),
    statement.rows.some((r) => r.categoryLabel) ? listCategories(ctx.db, workspaceId) : [],
  ]);
  const categoryByLabel = new Map(categories.map((c) => [c.label.toLowerCase(), c]));
  const currency = account?.currency ?? statement.currency ?? 'BRL';
  return {
    transactions: statement.rows.map((row): ImportedTransaction => {
      const category = row.categoryLabel
        ? categoryByLabel.get(row.categoryLabel.trim().toLowerCase())
        : undefined;
      return {
        row: row.row,
        account_id: account?.id ?? null,
        date: row.date,
        amount: centsToMajor(row.amountCents),
        label: row.label,
        description: row.description,
        currency,
        external_id: row.externalId,
        import_key: row.importKey,
        // the file's own category, when the workspace has one by that name and it fits
        category:
          category && categoryFitsAmount(category.categoryType, row.amountCents)
            ? category.id
            : null,
        category_source: null,
        note: row.note,
        status: 'paid',
        duplicate: duplicates.has(row.importKey),
      };
    }),
    errors: statement.errors,
    file: {
      format: statement.format,
      encoding: statement.encoding,
      currency: statement.currency,
      balance: statement.balance ? centsToMajor(statement.balance.cents) : null,
      balance_date: statement.balance?.date ?? null,
    },
  };
}

/**
 * POST /transactions/{ws}/categorize: owner; suggests each row's category from
 * the workspace's rules (its categories' words, the longest first), else from
 * its own history, never over a category the user chose.
 */
export async function categorizeImport(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: z.output<typeof CategorizeBody>,
): Promise<CategorizeResponse> {
  const { actor: caller } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await countImportCall(ctx, caller.userId);
  const [categories, history] = await Promise.all([
    listCategories(ctx.db, workspaceId),
    recentCategorizedRows(ctx.db, workspaceId, CATEGORIZE_HISTORY_ROWS),
  ]);
  // compiled once: each row is then matched in one pass over its words
  const rules = indexRules(
    categories.flatMap((c) =>
      c.match.map((match) => ({ category: c.id, categoryType: c.categoryType, match })),
    ),
  );
  const learned = buildCategorizationHistory(history.map((h) => ({ ...h, category: h.category! })));
  return {
    transactions: body.transactions.map((row) => {
      const suggestion = suggestCategory(
        {
          label: row.label,
          description: row.description,
          amountCents: majorToCents(row.amount),
          category: row.category,
          categorySource: row.category_source,
        },
        rules,
        learned,
      );
      return { ...row, category: suggestion.category, category_source: suggestion.categorySource };
    }),
  };
}
