import { BUSINESS_TIME_ZONE, PAGING, majorToCents, pageOffset, todayIn } from '@fa-clube/contract';
import type {
  CreateTransactionsBody,
  ErrorCode,
  Transaction,
  TransactionsCreatedResponse,
  TransactionsQuery,
  TransactionsResponse,
  UpdateTransactionBody,
} from '@fa-clube/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { FieldError } from '../../lib/errors';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { teamMembersAmong } from './finance.queries';
import { normalizeFilePath, signedViewUrl, verifyWorkspaceFile } from '../files/files.service';
import { blankToNull } from './accounts.service';
import { lockAccountsForShare, storeImportMapping } from './accounts.repo';
import type { AccountRow } from './accounts.repo';
import { findCategories } from './categories.repo';
import { optionalCents, toTransaction } from './dto';
import { countFromFigures, countOf } from './figures.repo';
import {
  countTransactions,
  deleteTransactionRows,
  findTransaction,
  hasPixTransaction,
  insertTransactions,
  listTransactions,
  removeAttachment,
  updateTransaction,
} from './transactions.repo';
import type { NewTransaction, TransactionRow } from './transactions.repo';

type CreateBody = z.output<typeof CreateTransactionsBody>;
type Row = CreateBody['transactions'][number];
type UpdateBody = z.output<typeof UpdateTransactionBody>;
type ListQuery = z.output<typeof TransactionsQuery>;

const transactionNotFound = () => new AppError('TRANSACTION_NOT_FOUND');

/** The fields of a row that point at other things: checked against the workspace. */
interface References {
  account_id?: string;
  currency?: string;
  category?: string | null;
  assign_id?: string | null;
  attachments?: { file_path: string }[];
}

/** A problem with one referenced field, with the code it would answer alone. */
interface ReferenceProblem extends FieldError {
  code: ErrorCode;
}

/**
 * Checks what rows point at, all rows at once: the account is the
 * workspace's (locked FOR SHARE until the caller's transaction ends, so its
 * currency cannot change meanwhile) and in the row's currency, the category
 * is the workspace's, `assign_id` is on its team, and each attachment is a
 * file of its store. Every problem is reported, each under its field
 * (`transactions.3.account_id`); nothing is written when there is one.
 * Answers the rows' accounts and their normalised attachment paths.
 */
async function checkReferences(
  db: DbOrTx,
  workspaceId: string,
  rows: readonly References[],
  field: (row: number, name: string) => string,
  attachments: Map<string, ReferenceProblem | string>,
): Promise<{ accounts: Map<string, AccountRow> }> {
  const distinct = <T>(values: (T | null | undefined)[]) => [
    ...new Set(values.filter((v): v is T => v !== null && v !== undefined)),
  ];
  const accountIds = distinct(rows.map((r) => r.account_id));
  const categoryIds = distinct(rows.map((r) => r.category));
  const assigneeIds = distinct(rows.map((r) => r.assign_id));
  const [accounts, categories, team] = await Promise.all([
    accountIds.length > 0 ? lockAccountsForShare(db, workspaceId, accountIds) : [],
    categoryIds.length > 0 ? findCategories(db, workspaceId, categoryIds) : [],
    teamMembersAmong(db, workspaceId, assigneeIds),
  ]);
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const categoryIdsFound = new Set(categories.map((c) => c.id));

  const problems: ReferenceProblem[] = [];
  const problem = (code: ErrorCode, at: string, message: string) =>
    problems.push({ code, field: at, message });
  rows.forEach((row, i) => {
    const account = row.account_id ? accountById.get(row.account_id) : undefined;
    if (row.account_id && !account)
      problem('VALIDATION_ERROR', field(i, 'account_id'), 'Conta não encontrada.');
    if (account && row.currency && row.currency !== account.currency)
      problem(
        'CURRENCY_MISMATCH',
        field(i, 'currency'),
        `A moeda do lançamento (${row.currency}) deve ser a mesma da conta (${account.currency}).`,
      );
    if (row.category && !categoryIdsFound.has(row.category))
      problem('VALIDATION_ERROR', field(i, 'category'), 'Categoria não encontrada.');
    if (row.assign_id && !team.has(row.assign_id))
      problem(
        'ASSIGNEE_NOT_MEMBER',
        field(i, 'assign_id'),
        'O responsável deve ser membro do espaço de trabalho.',
      );
    row.attachments?.forEach((a, j) => {
      const checked = attachments.get(a.file_path);
      if (typeof checked === 'object')
        problems.push({ ...checked, field: field(i, `attachments.${j}.file_path`) });
    });
  });
  if (problems.length > 0) {
    // One kind of problem answers its own code (CURRENCY_MISMATCH, FILE_NOT_UPLOADED, ...);
    // a mix is a validation error. Either way every problem is listed under its field.
    const codes = new Set(problems.map((p) => p.code));
    const code = codes.size === 1 ? problems[0]!.code : 'VALIDATION_ERROR';
    throw new AppError(code, problems[0]!.message, {
      errors: problems.map(({ field: f, message }) => ({ field: f, message })),
    });
  }
  return { accounts: accountById };
}

/**
 * Checks each distinct attachment path once against the file store (outside
 * any database transaction: storage calls can be slow). Maps each path to its
 * normalised form, or to the problem the files module answered.
 */
async function checkAttachments(
  ctx: AppContext,
  workspaceId: string,
  rows: readonly References[],
): Promise<Map<string, ReferenceProblem | string>> {
  const paths = [...new Set(rows.flatMap((r) => r.attachments?.map((a) => a.file_path) ?? []))];
  const checked = new Map<string, ReferenceProblem | string>();
  for (const path of paths) {
    try {
      checked.set(path, (await verifyWorkspaceFile(ctx, workspaceId, path)).filePath);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      checked.set(path, { code: err.code, field: '', message: err.message });
    }
  }
  return checked;
}

const normalizedPaths = (
  row: References,
  checked: Map<string, ReferenceProblem | string>,
): string[] | undefined =>
  row.attachments && [...new Set(row.attachments.map((a) => checked.get(a.file_path) as string))];

/** Short-lived view URLs for the attachments of `rows`, one per distinct path. */
async function attachmentUrls(ctx: AppContext, workspaceId: string, rows: TransactionRow[]) {
  const paths = [...new Set(rows.flatMap((r) => r.attachments))];
  const urls = new Map<string, string>();
  await Promise.all(
    paths.map(async (p) => urls.set(p, (await signedViewUrl(ctx, workspaceId, p)).url)),
  );
  return (p: string) => urls.get(p)!;
}

async function toTransactions(ctx: AppContext, workspaceId: string, rows: TransactionRow[]) {
  const url = await attachmentUrls(ctx, workspaceId, rows);
  return rows.map((r) => toTransaction(r, url));
}

/** The money and detail columns of a row, as written by POST and PUT alike. */
function detailColumns(row: Partial<Row>): Partial<NewTransaction> {
  return {
    description: blankToNull(row.description),
    note: blankToNull(row.note),
    conciliationId: blankToNull(row.conciliation_id),
    externalId: blankToNull(row.external_id),
    categoryId: row.category,
    assignId: row.assign_id,
    status: row.status,
    issuedInvoice: row.issued_invoice,
    interestCents: optionalCents(row.interest),
    discountsCents: optionalCents(row.discounts),
    finesCents: optionalCents(row.fines),
    taxesCents: optionalCents(row.taxes),
    feesCents: optionalCents(row.fees),
    priceCents: optionalCents(row.price),
    currencyQuote: row.currency_quote,
  };
}

/**
 * POST /transaction/{ws}: owner; up to 1,000 rows in one database transaction,
 * all or none. Rows an account already has (same import_key) are skipped, so
 * the answer lists only the rows added.
 */
export async function createTransactions(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: CreateBody,
): Promise<TransactionsCreatedResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const today = todayIn(BUSINESS_TIME_ZONE, ctx.clock.now());
  const attachments = await checkAttachments(ctx, workspaceId, body.transactions);
  const inserted = await ctx.db.transaction(async (tx) => {
    const { accounts } = await checkReferences(
      tx,
      workspaceId,
      body.transactions,
      (i, name) => `transactions.${i}.${name}`,
      attachments,
    );
    const rows = await insertTransactions(
      tx,
      body.transactions.map((row): NewTransaction => ({
        ...detailColumns(row),
        workspaceId,
        accountId: row.account_id,
        date: row.date ?? today,
        amountCents: majorToCents(row.amount),
        currency: accounts.get(row.account_id)!.currency,
        label: row.label,
        attachments: normalizedPaths(row, attachments) ?? [],
        importKey: blankToNull(row.import_key) ?? null,
        source: row.import_key ? 'import' : 'manual',
      })),
    );
    if (body.import_mapping)
      await storeImportMapping(tx, [...accounts.keys()], body.import_mapping);
    return rows;
  });
  return { transactions: await toTransactions(ctx, workspaceId, inserted) };
}

/** GET /transactions/{ws}: owner and members; newest first, filtered. */
export async function getTransactions(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: ListQuery,
): Promise<TransactionsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const filter = {
    accountId: query.account_id,
    category: query.category,
    status: query.status,
    from: query.from,
    to: query.to,
    q: query.q || undefined,
  };
  const [rows, total] = await Promise.all([
    listTransactions(
      ctx.db,
      workspaceId,
      filter,
      query.size,
      pageOffset(PAGING.transactions, query.page, query.size),
    ),
    // Without dates or text the maintained figures count the rows (a few hundred figure rows
    // instead of every transaction); with them, the range bounds the count.
    countOf(
      filter.from || filter.to || filter.q
        ? countTransactions(ctx.db, workspaceId, filter)
        : countFromFigures(ctx.db, workspaceId, filter),
    ),
  ]);
  return {
    transactions: await toTransactions(ctx, workspaceId, rows),
    page: query.page,
    size: query.size,
    total,
  };
}

/** GET /transaction/{ws}/{id}: owner and members. */
export async function getTransaction(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
): Promise<Transaction> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const row = await findTransaction(ctx.db, workspaceId, id);
  if (!row) throw transactionNotFound();
  return (await toTransactions(ctx, workspaceId, [row]))[0]!;
}

/**
 * PUT /transaction/{ws}/{id}: owner; the fields sent change. A row that books
 * a Pix charge keeps its account, amount and currency.
 */
export async function changeTransaction(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  body: UpdateBody,
): Promise<Transaction> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const attachments = await checkAttachments(ctx, workspaceId, [body]);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findTransaction(tx, workspaceId, id);
    if (!current) throw transactionNotFound();
    const accountId = body.account_id ?? current.accountId;
    const currency = body.currency ?? current.currency;
    const amountCents = body.amount === undefined ? undefined : majorToCents(body.amount);
    if (
      current.chargeId &&
      (accountId !== current.accountId ||
        currency !== current.currency ||
        (amountCents !== undefined && amountCents !== current.amountCents))
    )
      throw new AppError('PIX_TRANSACTION_LOCKED');
    await checkReferences(
      tx,
      workspaceId,
      [{ ...body, account_id: accountId, currency }],
      (_, name) => name,
      attachments,
    );
    return updateTransaction(tx, id, {
      ...detailColumns(body),
      accountId,
      currency,
      date: body.date,
      amountCents,
      label: body.label,
      attachments: normalizedPaths(body, attachments),
    });
  });
  return (await toTransactions(ctx, workspaceId, [row]))[0]!;
}

/**
 * DELETE /transactions/{ws} { transactions }: owner; all or none. An id that is
 * not this workspace's answers 404 and nothing is deleted; rows that book a
 * Pix charge stay (409).
 */
export async function deleteTransactions(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const unique = [...new Set(ids)];
  const deleted = await ctx.db.transaction(async (tx) => {
    if (await hasPixTransaction(tx, workspaceId, unique))
      throw new AppError('PIX_TRANSACTION_LOCKED');
    const gone = await deleteTransactionRows(tx, workspaceId, unique);
    if (gone.length !== unique.length) {
      const missing = unique.filter((id) => !gone.includes(id));
      // Thrown inside the transaction: the rows already deleted come back.
      throw new AppError(
        'TRANSACTION_NOT_FOUND',
        missing.length === 1
          ? 'Lançamento não encontrado: nada foi excluído.'
          : `${missing.length} lançamentos não foram encontrados: nada foi excluído.`,
        {
          errors: missing.map((id) => ({
            field: `transactions.${ids.indexOf(id)}`,
            message: 'Lançamento não encontrado.',
          })),
        },
      );
    }
    return gone.length;
  });
  return { deleted };
}

/** DELETE /transactions/{ws}/{id}/attachment?file_path=: owner; the file stays in the store. */
export async function removeTransactionAttachment(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  filePath: string,
): Promise<Transaction> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const path = normalizeFilePath(filePath);
  const row = await removeAttachment(ctx.db, workspaceId, id, path);
  if (!row) {
    if (!(await findTransaction(ctx.db, workspaceId, id))) throw transactionNotFound();
    throw new AppError('ATTACHMENT_NOT_FOUND');
  }
  return (await toTransactions(ctx, workspaceId, [row]))[0]!;
}
