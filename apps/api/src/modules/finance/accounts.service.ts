import { PAGING, majorToCents, pageOffset } from '@fa-clube/contract';
import type {
  Account,
  AccountsResponse,
  BalancesResponse,
  CreateAccountBody,
  UpdateAccountBody,
} from '@fa-clube/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import {
  accountHasTransactions,
  deleteAccountRow,
  findAccount,
  insertAccount,
  listAccounts,
  listAccountsInCurrency,
  lockAccountForUpdate,
  updateAccount,
} from './accounts.repo';
import { accountBalanceCents, toAccount, totalToMajor } from './dto';
import { accountFigures } from './figures.repo';

type CreateAccount = z.output<typeof CreateAccountBody>;
type UpdateAccount = z.output<typeof UpdateAccountBody>;

export const accountNotFound = () => new AppError('ACCOUNT_NOT_FOUND');

/** '' and null clear an optional text; undefined leaves it. */
export const blankToNull = <T extends string | null | undefined>(v: T) =>
  (v === '' ? null : v) as T extends '' ? null : T;

/** POST /account/{ws}: owner. */
export async function createAccount(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: CreateAccount,
): Promise<Account> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const row = await insertAccount(ctx.db, {
    workspaceId,
    label: body.label,
    accountType: body.account_type,
    description: blankToNull(body.description) ?? null,
    currency: body.currency,
    openingBalanceCents: majorToCents(body.opening_balance),
  });
  return toAccount(row);
}

/** GET /accounts/{ws}: owner and members, oldest first, with balances. */
export async function getAccounts(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number },
): Promise<AccountsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const { rows, total } = await listAccounts(
    ctx.db,
    workspaceId,
    query.size,
    pageOffset(PAGING.accounts, query.page, query.size),
  );
  const figures = await accountFigures(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    accounts: rows.map((r) => toAccount(r, figures.get(r.id))),
    page: query.page,
    size: query.size,
    total,
  };
}

/**
 * PUT /account/{ws}/{id}: owner. The currency of an account with transactions
 * stays (its rows are in it), and so does the Pix account's (Pix is in reais).
 */
export async function changeAccount(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  body: UpdateAccount,
): Promise<Account> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const row = await ctx.db.transaction(async (tx) => {
    // FOR UPDATE: a concurrent insert into the account (which locks it FOR SHARE) waits.
    const account = await lockAccountForUpdate(tx, workspaceId, id);
    if (!account) throw accountNotFound();
    if (body.currency !== undefined && body.currency !== account.currency) {
      if (account.systemKey === 'pix')
        throw new AppError(
          'ACCOUNT_CURRENCY_LOCKED',
          'A conta Pix recebe as assinaturas em reais: a moeda dela não pode ser alterada.',
        );
      if (await accountHasTransactions(tx, id)) throw new AppError('ACCOUNT_CURRENCY_LOCKED');
    }
    return updateAccount(
      tx,
      id,
      {
        label: body.label,
        accountType: body.account_type,
        description: blankToNull(body.description),
        currency: body.currency,
        openingBalanceCents:
          body.opening_balance === undefined ? undefined : majorToCents(body.opening_balance),
      },
      ctx.clock.now(),
    );
  });
  const figures = await accountFigures(ctx.db, [row.id]);
  return toAccount(row, figures.get(row.id));
}

/** DELETE /account/{ws}/{id}: owner; refused while the account has transactions. */
export async function removeAccount(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
): Promise<{ message: string }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const account = await findAccount(ctx.db, workspaceId, id);
  if (!account) throw accountNotFound();
  if (await accountHasTransactions(ctx.db, id)) throw new AppError('ACCOUNT_HAS_TRANSACTIONS');
  try {
    await deleteAccountRow(ctx.db, id);
  } catch (err) {
    // a transaction saved between the check and the delete: the foreign key refuses
    if (isForeignKeyViolation(err)) throw new AppError('ACCOUNT_HAS_TRANSACTIONS');
    throw err;
  }
  return { message: 'Conta excluída.' };
}

/** GET /accounts/{ws}/balances?currency=: owner and members; the accounts in that currency. */
export async function getBalances(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  currency: string,
): Promise<BalancesResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const accounts = await listAccountsInCurrency(ctx.db, workspaceId, currency);
  const figures = await accountFigures(
    ctx.db,
    accounts.map((a) => a.id),
  );
  let balance = 0;
  let projected = 0;
  const lines = accounts.map((account) => {
    const f = figures.get(account.id);
    const settled = accountBalanceCents(account, f);
    const withPending = settled + (f?.pendingCents ?? 0);
    balance += settled;
    projected += withPending;
    return {
      id: account.id,
      label: account.label,
      balance: totalToMajor(settled),
      projected_balance: totalToMajor(withPending),
    };
  });
  return {
    currency,
    accounts: lines,
    balance: totalToMajor(balance),
    projected_balance: totalToMajor(projected),
  };
}
