// Without zod: the web client's first load needs these paths, not finance.ts's schemas.

/** Every finance path, relative to API_PREFIX, in Fastify's `:param` form (fill with apiPath). */
export const financePaths = {
  /** POST: create an account. */
  account: '/account/:ws',
  /** PUT, DELETE: one account. */
  accountItem: '/account/:ws/:id',
  /** GET: paged accounts. */
  accounts: '/accounts/:ws',
  /** GET ?currency=: balances per account and in total. */
  accountBalances: '/accounts/:ws/balances',
  /** POST { transactions }: create up to TRANSACTIONS_BATCH_MAX rows, all or none. */
  transaction: '/transaction/:ws',
  /** GET, PUT: one transaction. */
  transactionItem: '/transaction/:ws/:id',
  /** GET: paged and filtered list; DELETE { transactions: [ids] }: all or none. */
  transactions: '/transactions/:ws',
  /** DELETE ?file_path=: remove one attachment. */
  transactionAttachment: '/transactions/:ws/:id/attachment',
  /** POST { from_columns, to_columns?, account_id? } -> { mapping, invert_amounts }. Writes nothing. */
  importMapping: '/transactions/:ws/mapping',
  /** POST { data, data_encoding?, columns?, account_id?, invert_amounts? } -> { transactions, errors, file }. Writes nothing. */
  importFormat: '/transactions/:ws/format',
  /** POST { transactions } -> the same rows with a suggested category. Writes nothing. */
  importCategorize: '/transactions/:ws/categorize',
  /** GET, POST: categories. */
  categories: '/categories/:ws',
  /** PUT, DELETE: one category. */
  categoryItem: '/categories/:ws/:id',
  /** GET ?currency=&from=&to=: expenses by category. */
  categoryExpenses: '/categories/:ws/expenses',
  /** GET ?currency=&from=&to=: income, expenses and net per month. */
  cashflow: '/balances/cashflow/:ws',
  /** GET ?currency=: the workspace's Pix charges by status. */
  chargesReport: '/balances/charges/:ws',
} as const;
