// Contract for the finance domain (issue 9): accounts, transactions, categories,
// reports and the bank-file import. Request and response schemas, path
// constants, enums, error codes and the pt-BR validation messages, shared by
// the API and the web client. See api-conventions.md § Finance and
// docs/decisions/020-finance-import.md.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineErrors } from './errors';
import { DEFAULT_CURRENCY, isMajorAmount } from './money';
import { PAGING } from './paging';
import { pageQuery, paged } from './paged';
import { isIsoDate } from './dates';

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

/** Largest amount in absolute value, in centavos: R$ 999.999.999,99 (stored as bigint). */
export const AMOUNT_MAX_CENTS = 99_999_999_999;
/** AMOUNT_MAX_CENTS in reais, as the API's amounts are written. */
export const AMOUNT_MAX = AMOUNT_MAX_CENTS / 100;
/** Rows in one POST /transaction or DELETE /transactions. */
export const TRANSACTIONS_BATCH_MAX = 1000;
/** Bytes of one imported bank file. */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENTS_MAX = 10;
export const ACCOUNT_TYPES = [
  'checking',
  'savings',
  'credit_card',
  'cash',
  'investment',
  'payment_account',
  'other',
] as const;
export const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  checking: 'Conta corrente',
  savings: 'Poupança',
  credit_card: 'Cartão de crédito',
  cash: 'Dinheiro',
  investment: 'Investimento',
  payment_account: 'Conta de pagamento',
  other: 'Outra',
};
/** `canceled` rows count nowhere; balances count `paid` and `reconciled`, projections `pending` too. */
export const TRANSACTION_STATUSES = ['pending', 'paid', 'reconciled', 'canceled'] as const;
export const TRANSACTION_STATUS_LABELS: Record<(typeof TRANSACTION_STATUSES)[number], string> = {
  pending: 'Pendente',
  paid: 'Pago',
  reconciled: 'Conciliado',
  canceled: 'Cancelado',
};
export const CATEGORY_TYPES = ['income', 'expense', 'transfer'] as const;
export const CATEGORY_TYPE_LABELS: Record<(typeof CATEGORY_TYPES)[number], string> = {
  income: 'Receita',
  expense: 'Despesa',
  transfer: 'Transferência',
};
/** Transaction fields a bank-file column can be mapped to (null: the column is ignored). */
export const IMPORT_FIELDS = [
  'date',
  'amount',
  'label',
  'description',
  'external_id',
  'category',
  'note',
] as const;

/** The dates finance accepts: from 1900 to 2100. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';

/** `IsoDate`'s rule: an existing date 'YYYY-MM-DD' from 1900 to 2100. */
export const isFinanceDate = (value: string) =>
  isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX;

// ---- Limits --------------------------------------------------------------------------

/**
 * Characters of `data` in POST .../format: the base64 of IMPORT_FILE_MAX_BYTES
 * plus room for a `data:` URL prefix (the route's body limit must allow it).
 */
export const IMPORT_DATA_MAX_CHARS = Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4 + 256;
/** Transactions one imported file may hold; the client saves them in batches of TRANSACTIONS_BATCH_MAX. */
export const IMPORT_ROWS_MAX = 5000;
/** Columns of one imported file's header. */
export const IMPORT_COLUMNS_MAX = 100;
/** Characters of one line of an imported CSV (a bank's line is a few hundred). */
export const IMPORT_LINE_MAX_CHARS = 10_000;
/** Months one cash-flow report may span. */
export const CASHFLOW_MONTHS_MAX = 120;
/** Months in the cash-flow report when no range is given. */
export const CASHFLOW_DEFAULT_MONTHS = 12;
export const ACCOUNT_LABEL_MAX = 60;
export const CATEGORY_LABEL_MAX = 40;
export const TRANSACTION_LABEL_MAX = 200;
export const TEXT_MAX = 2000;
export const EXTERNAL_ID_MAX = 255;
export const IMPORT_KEY_MAX = 100;
/** Categories one workspace may have (the Pix 'Assinaturas' category, made by the system, aside). */
export const CATEGORIES_MAX = 200;
/** Match patterns (rules) one category may hold, and the length of each. */
export const CATEGORY_MATCH_MAX = 20;
export const CATEGORY_MATCH_LENGTH_MAX = 60;
/** Label of the uncategorized line in the expenses report. */
export const UNCATEGORIZED_LABEL = 'Sem categoria';

/** 5000 -> "5.000", as the messages write numbers. */
const count = (n: number) => n.toLocaleString('pt-BR');

// ---- Error codes ---------------------------------------------------------------

/**
 * The finance domain's error codes, each with its HTTP status and default pt-BR
 * message; index.ts composes them into the one catalogue (ERRORS). Validation
 * errors use the shared `VALIDATION_ERROR`.
 */
export const FINANCE_ERRORS = defineErrors({
  ACCOUNT_NOT_FOUND: {
    status: 404,
    message: 'Conta não encontrada.',
  },
  ACCOUNT_HAS_TRANSACTIONS: {
    status: 409,
    message: 'Esta conta tem lançamentos. Exclua ou mova os lançamentos antes de excluir a conta.',
  },
  ACCOUNT_CURRENCY_LOCKED: {
    status: 409,
    message: 'A moeda de uma conta com lançamentos não pode ser alterada.',
  },
  TRANSACTION_NOT_FOUND: {
    status: 404,
    message: 'Lançamento não encontrado.',
  },
  PIX_TRANSACTION_LOCKED: {
    status: 409,
    message:
      'Este lançamento registra uma cobrança Pix paga: ele não pode ser excluído, nem ter a conta, o valor ou a moeda alterados.',
  },
  ATTACHMENT_NOT_FOUND: {
    status: 404,
    message: 'Anexo não encontrado neste lançamento.',
  },
  CATEGORY_NOT_FOUND: {
    status: 404,
    message: 'Categoria não encontrada.',
  },
  CATEGORY_LABEL_TAKEN: {
    status: 409,
    message: 'Já existe uma categoria com este nome.',
  },
  FINANCE_TOTAL_TOO_LARGE: {
    status: 409,
    message:
      'Os valores somados passam do maior total que o relatório consegue mostrar com exatidão.',
  },
  CURRENCY_MISMATCH: {
    status: 400,
    message: 'A moeda do lançamento deve ser a mesma da conta.',
  },
  ASSIGNEE_NOT_MEMBER: {
    status: 400,
    message: 'O responsável deve ser membro do espaço de trabalho.',
  },
  IMPORT_FILE_INVALID: {
    status: 400,
    message:
      'Não foi possível ler o arquivo. Envie o extrato em CSV (separado por vírgula ou ponto e vírgula) ou OFX.',
  },
  IMPORT_DATA_ENCODING_INVALID: {
    status: 400,
    message: 'O conteúdo do arquivo não está em base64 válido.',
  },
  IMPORT_FILE_TOO_LARGE: {
    status: 413,
    message: `O arquivo é grande demais: o limite é de ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 413,
    message: `O arquivo tem lançamentos demais: o limite é de ${count(IMPORT_ROWS_MAX)} por importação. Divida-o por período.`,
  },
  IMPORT_TOO_MANY_COLUMNS: {
    status: 400,
    message: `O arquivo tem colunas demais: o limite é de ${IMPORT_COLUMNS_MAX}. Envie o extrato como o banco o exporta, em CSV ou OFX.`,
  },
  IMPORT_LINE_TOO_LONG: {
    status: 400,
    message: `O arquivo tem uma linha longa demais: o limite é de ${count(IMPORT_LINE_MAX_CHARS)} caracteres por linha. Envie o extrato como o banco o exporta, em CSV ou OFX.`,
  },
  IMPORT_FILE_TOO_COMPLEX: {
    status: 400,
    message:
      'Não conseguimos ler este arquivo a tempo. Confira se é o extrato exportado pelo banco (CSV ou OFX) ou divida-o por período.',
  },
  CATEGORY_LIMIT_REACHED: {
    status: 409,
    message: `Este espaço de trabalho já tem ${CATEGORIES_MAX} categorias, o máximo. Exclua ou junte categorias antes de criar outra.`,
  },
});
export type FinanceErrorCode = keyof typeof FINANCE_ERRORS;

// ---- Money, dates and currency (shared by the server and the web forms) ---------------

/**
 * An amount in the API: a JSON number in major units (29.9 = R$ 29,90), signed
 * (positive is money in, negative is money out), finite, at most two decimals,
 * at most AMOUNT_MAX in absolute value. Zero is allowed here (balances, fees);
 * a transaction's own amount is TransactionAmount.
 */
export const Amount = z
  .number({ message: 'Informe o valor como número, com ponto decimal (ex.: -1234.56).' })
  .refine(
    (v) => Math.abs(v) <= AMOUNT_MAX,
    'O valor deve estar entre -999.999.999,99 e 999.999.999,99.',
  )
  .refine(isMajorAmount, 'Use no máximo duas casas decimais.');

/** A transaction's amount: an Amount that is not zero. */
export const TransactionAmount = Amount.refine(
  (v) => v !== 0,
  'O valor não pode ser zero: use positivo para receitas e negativo para despesas.',
);

/** Fees, taxes, discounts and the like: an Amount that is not negative. */
export const NonNegativeAmount = Amount.refine((v) => v >= 0, 'O valor não pode ser negativo.');

/** A calendar date `YYYY-MM-DD` that exists (2024-02-30 is refused), between 1900 and 2100. */
/** Built from `isFinanceDate`. */
export const IsoDate = z.iso
  .date({ message: 'Use uma data existente no formato AAAA-MM-DD.' })
  .refine(isFinanceDate, 'A data deve estar entre 1900 e 2100.');

/** `YYYY-MM`, as the cash-flow report names its months. */
export const YearMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use o mês no formato AAAA-MM.');

/** ISO 4217 codes this runtime knows (Intl), e.g. BRL, USD, EUR. */
const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code, case-insensitive on input (`brl` -> `BRL`). */
export const Currency = z
  .string({ message: 'Informe a moeda (código ISO 4217, ex.: BRL).' })
  .trim()
  .toUpperCase()
  .refine((v) => CURRENCY_CODES.has(v), 'Moeda inválida: use um código ISO 4217, como BRL ou USD.');

const optionalText = (max: number, tooLong: string) =>
  z.string({ message: 'Texto inválido.' }).trim().max(max, tooLong).nullish();

/** Refinement: `from` no later than `to`, when both are given. */
const fromNotAfterTo: [
  (q: { from?: string; to?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: 'A data inicial deve ser anterior ou igual à data final.', path: ['to'] },
];

// ---- Enums ---------------------------------------------------------------------

export const AccountType = z.enum(ACCOUNT_TYPES, {
  message:
    'Tipo de conta inválido: use checking, savings, credit_card, cash, investment, payment_account ou other.',
});
export type AccountType = z.infer<typeof AccountType>;

export const TransactionStatus = z.enum(TRANSACTION_STATUSES, {
  message: 'Situação inválida: use pending, paid, reconciled ou canceled.',
});
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const CategoryType = z.enum(CATEGORY_TYPES, {
  message: 'Tipo de categoria inválido: use income, expense ou transfer.',
});
export type CategoryType = z.infer<typeof CategoryType>;

/** Where a transaction came from; read-only for clients. */
export const TRANSACTION_SOURCES = ['manual', 'import', 'pix'] as const;
export const TransactionSource = z.enum(TRANSACTION_SOURCES);
export type TransactionSource = z.infer<typeof TransactionSource>;

/** Why categorize suggested a category: a workspace rule or the workspace's own history. */
export const CATEGORY_SOURCES = ['rule', 'history'] as const;
export const CategorySource = z.enum(CATEGORY_SOURCES, {
  message: 'Origem da categoria inválida: use rule ou history.',
});
export type CategorySource = z.infer<typeof CategorySource>;

export const ImportField = z.enum(IMPORT_FIELDS, {
  message: 'Campo inválido: use date, amount, label, description, external_id, category ou note.',
});
export type ImportField = z.infer<typeof ImportField>;

/** A bank file's column name. */
const ColumnName = z
  .string({ message: 'Nome de coluna inválido.' })
  .max(200, 'Nome de coluna longo demais.');

/** Each column of the header and the field it fills, or null when it is ignored (e.g. Saldo). */
export const ColumnMapping = z
  .record(ColumnName, ImportField.nullable())
  .refine(
    (m) => Object.keys(m).length <= IMPORT_COLUMNS_MAX,
    `No máximo ${IMPORT_COLUMNS_MAX} colunas.`,
  );
export type ColumnMapping = z.infer<typeof ColumnMapping>;

/**
 * An import mapping as the user confirmed it: the columns and whether the
 * amounts were inverted. Sent with the saved rows, it is remembered per account
 * and suggested first by POST .../mapping for that account.
 */
export const ImportMapping = z.object({
  columns: ColumnMapping,
  invert_amounts: z.boolean({ message: 'Informe verdadeiro ou falso.' }).default(false),
});
export type ImportMapping = z.output<typeof ImportMapping>;

// ---- Params ----------------------------------------------------------------------

export const FinanceWorkspaceParams = z.object({ ws: Uuid });
export const FinanceItemParams = z.object({ ws: Uuid, id: Uuid });

// ---- Accounts --------------------------------------------------------------------

const AccountLabel = z
  .string({ message: 'Informe o nome da conta.' })
  .trim()
  .min(1, 'Informe o nome da conta.')
  .max(ACCOUNT_LABEL_MAX, `O nome da conta deve ter no máximo ${ACCOUNT_LABEL_MAX} caracteres.`);

export const CreateAccountBody = z.object({
  label: AccountLabel,
  account_type: AccountType.default('checking'),
  description: optionalText(TEXT_MAX, `A descrição deve ter no máximo ${TEXT_MAX} caracteres.`),
  currency: Currency.default(DEFAULT_CURRENCY),
  /** Balance before the first transaction, in reais. */
  opening_balance: Amount.default(0),
});
export type CreateAccountBody = z.input<typeof CreateAccountBody>;

/** PUT /account/{ws}/{id}: the fields to change. */
export const UpdateAccountBody = z.object({
  label: AccountLabel.optional(),
  account_type: AccountType.optional(),
  description: optionalText(TEXT_MAX, `A descrição deve ter no máximo ${TEXT_MAX} caracteres.`),
  currency: Currency.optional(),
  opening_balance: Amount.optional(),
});
export type UpdateAccountBody = z.input<typeof UpdateAccountBody>;

export const Account = z
  .object({
    id: Uuid,
    label: z.string(),
    account_type: AccountType,
    description: z.string().nullable(),
    currency: z.string(),
    opening_balance: z.number(),
    /** opening_balance plus the account's paid and reconciled transactions. */
    balance: z.number(),
    created_at: Timestamp,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

/** Accounts and transactions page from 1, 20 per page (spec section 9). */
export const AccountsQuery = pageQuery(PAGING.accounts);
export const AccountsResponse = paged('accounts', Account).meta({ id: 'AccountsResponse' });
export type AccountsResponse = z.infer<typeof AccountsResponse>;

export const CurrencyQuery = z.object({ currency: Currency.default(DEFAULT_CURRENCY) });

export const AccountBalance = z.object({
  id: Uuid,
  label: z.string(),
  balance: z.number(),
  /** balance plus the pending transactions. */
  projected_balance: z.number(),
});
/** GET /accounts/{ws}/balances: only the accounts in `currency`. */
export const BalancesResponse = z
  .object({
    currency: z.string(),
    accounts: z.array(AccountBalance),
    balance: z.number(),
    projected_balance: z.number(),
  })
  .meta({ id: 'BalancesResponse' });
export type BalancesResponse = z.infer<typeof BalancesResponse>;

// ---- Transactions ----------------------------------------------------------------------

const TransactionLabel = z
  .string({ message: 'Informe a descrição do lançamento.' })
  .trim()
  .min(1, 'Informe a descrição do lançamento.')
  .max(
    TRANSACTION_LABEL_MAX,
    `A descrição do lançamento deve ter no máximo ${TRANSACTION_LABEL_MAX} caracteres.`,
  );

/** A file-store path of this workspace (as POST /workspaces/objects/{ws} answered it). */
const AttachmentInput = z.object({
  file_path: z
    .string({ message: 'Informe o caminho do anexo.' })
    .trim()
    .min(1, 'Informe o caminho do anexo.')
    .max(500, 'Caminho de anexo inválido.'),
});

/** Exchange rate of the row's currency to the workspace's, when it differs. */
const CurrencyQuote = z
  .number({ message: 'Cotação inválida.' })
  .positive('A cotação deve ser maior que zero.')
  .max(1_000_000, 'Cotação inválida.');

const transactionFields = {
  account_id: Uuid,
  /** Default: today in America/Sao_Paulo. */
  date: IsoDate.optional(),
  amount: TransactionAmount,
  label: TransactionLabel,
  description: optionalText(TEXT_MAX, `A descrição deve ter no máximo ${TEXT_MAX} caracteres.`),
  /** Default: the account's currency; another one than the account's is refused (CURRENCY_MISMATCH). */
  currency: Currency.optional(),
  /** A member of the workspace responsible for the row. */
  assign_id: Uuid.nullish(),
  note: optionalText(TEXT_MAX, `A observação deve ter no máximo ${TEXT_MAX} caracteres.`),
  conciliation_id: optionalText(100, 'Identificador de conciliação inválido.'),
  attachments: z
    .array(AttachmentInput)
    .max(ATTACHMENTS_MAX, `No máximo ${ATTACHMENTS_MAX} anexos por lançamento.`)
    .optional(),
  /** A category id of this workspace, or null (uncategorized). */
  category: Uuid.nullish(),
  status: TransactionStatus.default('paid'),
  /** Whether an invoice (nota fiscal) was issued for the row. */
  issued_invoice: z.boolean({ message: 'Informe verdadeiro ou falso.' }).default(false),
  interest: NonNegativeAmount.nullish(),
  discounts: NonNegativeAmount.nullish(),
  fines: NonNegativeAmount.nullish(),
  taxes: NonNegativeAmount.nullish(),
  fees: NonNegativeAmount.nullish(),
  price: Amount.nullish(),
  currency_quote: CurrencyQuote.nullish(),
  /** The bank's own id of the row (OFX FITID, Nubank "Identificador"). */
  external_id: optionalText(EXTERNAL_ID_MAX, 'Identificador do banco longo demais.'),
  /**
   * De-duplication key that POST .../format gave the row; the server keeps one
   * row per (account, import_key), so saving an imported file twice adds nothing.
   */
  import_key: optionalText(IMPORT_KEY_MAX, 'Chave de importação inválida.'),
};

/**
 * One row of POST /transaction/{ws}. Unknown fields are dropped, so the rows
 * that format/categorize answered are accepted as they are; `source` is set by
 * the server (`import` when the row has an import_key, else `manual`).
 */
export const TransactionInput = z.object(transactionFields);
export type TransactionInput = z.input<typeof TransactionInput>;

export const CreateTransactionsBody = z.object({
  transactions: z
    .array(TransactionInput, { message: 'Envie a lista de lançamentos.' })
    .min(1, 'Envie ao menos um lançamento.')
    .max(
      TRANSACTIONS_BATCH_MAX,
      `No máximo ${count(TRANSACTIONS_BATCH_MAX)} lançamentos por envio.`,
    ),
  /**
   * The mapping the rows were imported with (POST .../format's `columns` and
   * `invert_amounts`): remembered for each account the rows are saved into.
   */
  import_mapping: ImportMapping.optional(),
});
export type CreateTransactionsBody = z.input<typeof CreateTransactionsBody>;

/** PUT /transaction/{ws}/{id}: the fields to change (import_key cannot change). */
export const UpdateTransactionBody = z.object({
  account_id: transactionFields.account_id.optional(),
  date: IsoDate.optional(),
  amount: TransactionAmount.optional(),
  label: TransactionLabel.optional(),
  description: transactionFields.description,
  currency: Currency.optional(),
  assign_id: transactionFields.assign_id,
  note: transactionFields.note,
  conciliation_id: transactionFields.conciliation_id,
  attachments: transactionFields.attachments,
  category: transactionFields.category,
  status: TransactionStatus.optional(),
  issued_invoice: z.boolean({ message: 'Informe verdadeiro ou falso.' }).optional(),
  interest: transactionFields.interest,
  discounts: transactionFields.discounts,
  fines: transactionFields.fines,
  taxes: transactionFields.taxes,
  fees: transactionFields.fees,
  price: transactionFields.price,
  currency_quote: transactionFields.currency_quote,
  external_id: transactionFields.external_id,
});
export type UpdateTransactionBody = z.input<typeof UpdateTransactionBody>;

export const TransactionAttachment = z.object({
  file_path: z.string(),
  /** Short-lived signed URL. */
  url: z.string(),
});

export const Transaction = z
  .object({
    id: Uuid,
    account_id: Uuid,
    date: z.string(),
    amount: z.number(),
    label: z.string(),
    description: z.string().nullable(),
    currency: z.string(),
    assign_id: Uuid.nullable(),
    note: z.string().nullable(),
    conciliation_id: z.string().nullable(),
    attachments: z.array(TransactionAttachment),
    category: Uuid.nullable(),
    status: TransactionStatus,
    issued_invoice: z.boolean(),
    interest: z.number().nullable(),
    discounts: z.number().nullable(),
    fines: z.number().nullable(),
    taxes: z.number().nullable(),
    fees: z.number().nullable(),
    price: z.number().nullable(),
    currency_quote: z.number().nullable(),
    external_id: z.string().nullable(),
    source: TransactionSource,
    created_at: Timestamp,
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof Transaction>;

export const TransactionsCreatedResponse = z
  .object({ transactions: z.array(Transaction) })
  .meta({ id: 'TransactionsCreatedResponse' });
export type TransactionsCreatedResponse = z.infer<typeof TransactionsCreatedResponse>;

/** GET /transactions/{ws}: newest first. `category=none` lists the uncategorized rows. */
export const TransactionsQuery = pageQuery(PAGING.transactions)
  .extend({
    account_id: Uuid.optional(),
    category: z
      .string({ message: 'Categoria inválida.' })
      .refine(
        (v) => v === 'none' || Uuid.safeParse(v).success,
        'Categoria inválida: use o id de uma categoria ou none.',
      )
      .optional(),
    status: TransactionStatus.optional(),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    q: z.string().trim().max(100, 'A busca deve ter no máximo 100 caracteres.').optional(),
  })
  .refine(...fromNotAfterTo);
export type TransactionsQuery = z.input<typeof TransactionsQuery>;
export const TransactionsResponse = paged('transactions', Transaction).meta({
  id: 'TransactionsResponse',
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/** DELETE /transactions/{ws}: all or none; an id that is not this workspace's gives 404. */
export const DeleteTransactionsBody = z.object({
  transactions: z
    .array(Uuid, { message: 'Envie a lista de lançamentos a excluir.' })
    .min(1, 'Envie ao menos um lançamento.')
    .max(TRANSACTIONS_BATCH_MAX, `No máximo ${count(TRANSACTIONS_BATCH_MAX)} lançamentos por vez.`),
});
export type DeleteTransactionsBody = z.infer<typeof DeleteTransactionsBody>;
export const DeleteTransactionsResponse = z.object({ deleted: z.number().int() });
export type DeleteTransactionsResponse = z.infer<typeof DeleteTransactionsResponse>;

export const AttachmentQuery = z.object({
  file_path: z
    .string({ message: 'Informe o caminho do anexo.' })
    .trim()
    .min(1, 'Informe o caminho do anexo.')
    .max(500, 'Caminho de anexo inválido.'),
});

// ---- Categories -----------------------------------------------------------------------

const CategoryLabel = z
  .string({ message: 'Informe o nome da categoria.' })
  .trim()
  .min(1, 'Informe o nome da categoria.')
  .max(
    CATEGORY_LABEL_MAX,
    `O nome da categoria deve ter no máximo ${CATEGORY_LABEL_MAX} caracteres.`,
  );

export const Color = z
  .string({ message: 'Informe a cor.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a cor no formato #RRGGBB.')
  .transform((v) => v.toUpperCase());

/**
 * The category's rules for POST .../categorize: words or phrases that, found
 * whole in a row's description (case, accents and the banks' boilerplate
 * ignored), suggest this category ("padaria", "uber", "aluguel").
 */
export const CategoryMatch = z
  .array(
    z
      .string({ message: 'Informe a palavra-chave.' })
      .trim()
      .min(2, 'Cada palavra-chave deve ter ao menos 2 caracteres.')
      .max(
        CATEGORY_MATCH_LENGTH_MAX,
        `Cada palavra-chave deve ter no máximo ${CATEGORY_MATCH_LENGTH_MAX} caracteres.`,
      ),
    { message: 'Envie as palavras-chave como uma lista.' },
  )
  .max(CATEGORY_MATCH_MAX, `No máximo ${CATEGORY_MATCH_MAX} palavras-chave por categoria.`);

export const CreateCategoryBody = z.object({
  label: CategoryLabel,
  color: Color.default('#64748B'),
  category_type: CategoryType.default('expense'),
  description: optionalText(TEXT_MAX, `A descrição deve ter no máximo ${TEXT_MAX} caracteres.`),
  match: CategoryMatch.default([]),
});
export type CreateCategoryBody = z.input<typeof CreateCategoryBody>;

export const UpdateCategoryBody = z.object({
  label: CategoryLabel.optional(),
  color: Color.optional(),
  category_type: CategoryType.optional(),
  description: optionalText(TEXT_MAX, `A descrição deve ter no máximo ${TEXT_MAX} caracteres.`),
  match: CategoryMatch.optional(),
});
export type UpdateCategoryBody = z.input<typeof UpdateCategoryBody>;

export const Category = z
  .object({
    id: Uuid,
    label: z.string(),
    color: z.string(),
    category_type: CategoryType,
    description: z.string().nullable(),
    /** Words that suggest this category on import (see CategoryMatch). */
    match: z.array(z.string()),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const CategoriesResponse = z
  .object({ categories: z.array(Category) })
  .meta({ id: 'CategoriesResponse' });
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

// ---- Reports ---------------------------------------------------------------------------

/** Whole months from `from` to `to`, both included ('2024-01-15'..'2024-03-01' is 3). */
function monthsSpanned(from: string, to: string): number {
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  return months(to) - months(from) + 1;
}

/** `?currency=&from=&to=`: only rows in `currency` count. */
export const ReportQuery = z
  .object({
    currency: Currency.default(DEFAULT_CURRENCY),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
  })
  .refine(...fromNotAfterTo);
export type ReportQuery = z.input<typeof ReportQuery>;

/** Cash flow: every month of the range (default: the last CASHFLOW_DEFAULT_MONTHS). */
export const CashflowQuery = ReportQuery.refine(
  (q) => !q.from || !q.to || monthsSpanned(q.from, q.to) <= CASHFLOW_MONTHS_MAX,
  {
    message: `O período do fluxo de caixa é de no máximo ${CASHFLOW_MONTHS_MAX} meses.`,
    path: ['from'],
  },
);
export type CashflowQuery = z.input<typeof CashflowQuery>;

export const CashflowMonth = z.object({
  month: YearMonth,
  income: z.number(),
  /** Negative (or zero). */
  expenses: z.number(),
  /** income + expenses. */
  net: z.number(),
});
/** Transfers and canceled rows are left out. */
export const CashflowResponse = z
  .object({ currency: z.string(), months: z.array(CashflowMonth) })
  .meta({ id: 'CashflowResponse' });
export type CashflowResponse = z.infer<typeof CashflowResponse>;

export const ExpenseCategory = z.object({
  /** null: the uncategorized expenses, labelled UNCATEGORIZED_LABEL. */
  category: Uuid.nullable(),
  label: z.string(),
  color: z.string().nullable(),
  /** Negative: the sum of the category's expenses. */
  total: z.number(),
  count: z.number().int(),
  /** Fraction of all expenses, 0 to 1. */
  share: z.number(),
});
export const ExpensesResponse = z
  .object({ currency: z.string(), total: z.number(), categories: z.array(ExpenseCategory) })
  .meta({ id: 'ExpensesResponse' });
export type ExpensesResponse = z.infer<typeof ExpensesResponse>;

const ChargeBucket = z.object({ count: z.number().int(), total: z.number() });
export const ChargesReportResponse = z
  .object({
    currency: z.string(),
    pending: ChargeBucket,
    paid: ChargeBucket,
    expired: ChargeBucket,
  })
  .meta({ id: 'ChargesReportResponse' });
export type ChargesReportResponse = z.infer<typeof ChargesReportResponse>;

// ---- Import: mapping, format, categorize ------------------------------------------------

/** POST .../mapping: a bank file's header; `to_columns` limits the fields to map to (default: all). */
export const MappingBody = z.object({
  from_columns: z
    .array(ColumnName, { message: 'Envie as colunas do arquivo.' })
    .min(1, 'Envie ao menos uma coluna.')
    .max(IMPORT_COLUMNS_MAX, `No máximo ${IMPORT_COLUMNS_MAX} colunas.`),
  to_columns: z.array(ImportField).max(IMPORT_FIELDS.length).optional(),
  /** The account the file is for: its last confirmed mapping is used first for the columns it knows. */
  account_id: Uuid.optional(),
});
export type MappingBody = z.infer<typeof MappingBody>;

export const MappingResponse = z
  .object({
    mapping: ColumnMapping,
    /**
     * Suggested for a credit-card bill that lists purchases as positive numbers
     * (Nubank's `date,title,amount`): send it back in format's `invert_amounts`.
     */
    invert_amounts: z.boolean(),
  })
  .meta({ id: 'MappingResponse' });
export type MappingResponse = z.infer<typeof MappingResponse>;

/** How `data` carries the file: `base64` of the raw bytes (what the web sends) or already decoded `text`. */
export const IMPORT_DATA_ENCODINGS = ['base64', 'text'] as const;

/** How the server read the file's bytes (`text`: the client sent it decoded). */
export const IMPORT_TEXT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'text',
] as const;
export type ImportTextEncoding = (typeof IMPORT_TEXT_ENCODINGS)[number];

/**
 * POST .../format. `data` is the whole file (CSV with `,` or `;`, OFX 1.x/2.x or QFX):
 * with `data_encoding: "base64"` the base64 of its bytes (a `data:` URL prefix is
 * accepted) so the server detects the encoding (UTF-8 with or without BOM, else
 * Windows-1252); with `"text"` (default) the text as it is. `columns` is the mapping
 * (default: the one /mapping suggests for the file's header; ignored for OFX);
 * `account_id` marks the rows already in that account as `duplicate`;
 * `invert_amounts` flips the signs of a CSV whose money out is positive.
 */
export const FormatBody = z.object({
  data: z
    .string({ message: 'Envie o conteúdo do arquivo em data.' })
    .min(1, 'O arquivo está vazio.')
    .max(IMPORT_DATA_MAX_CHARS, FINANCE_ERRORS.IMPORT_FILE_TOO_LARGE.message),
  data_encoding: z
    .enum(IMPORT_DATA_ENCODINGS, { message: 'Use data_encoding base64 ou text.' })
    .default('text'),
  columns: ColumnMapping.optional(),
  account_id: Uuid.optional(),
  invert_amounts: z.boolean({ message: 'Informe verdadeiro ou falso.' }).default(false),
});
export type FormatBody = z.input<typeof FormatBody>;

/**
 * A row read from a bank file, as format answers it and categorize takes and
 * answers it; POST /transaction/{ws} accepts it as it is (row, duplicate and
 * category_source are dropped there).
 */
export const ImportedTransaction = z
  .object({
    /** CSV: the line in the file; OFX: the transaction's position (1 = first). */
    row: z.number().int().min(1).optional(),
    account_id: Uuid.nullable(),
    date: IsoDate,
    amount: TransactionAmount,
    label: TransactionLabel,
    description: transactionFields.description,
    currency: Currency.default(DEFAULT_CURRENCY),
    external_id: transactionFields.external_id,
    import_key: z.string().max(IMPORT_KEY_MAX).nullish(),
    category: Uuid.nullish(),
    /** Set by categorize: why `category` was suggested; null when the user chose it or nothing fit. */
    category_source: CategorySource.nullish(),
    note: transactionFields.note,
    status: TransactionStatus.default('paid'),
    /** Already in the account (same import_key): saving it again adds nothing. */
    duplicate: z.boolean().default(false),
  })
  .meta({ id: 'ImportedTransaction' });
export type ImportedTransaction = z.output<typeof ImportedTransaction>;

export const ImportRowError = z.object({
  /** Same numbering as ImportedTransaction.row. */
  row: z.number().int(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const FormatResponse = z
  .object({
    transactions: z.array(ImportedTransaction),
    errors: z.array(ImportRowError),
    /** What the server read: format, encoding and, when the file states it, its closing balance. */
    file: z.object({
      format: z.enum(['csv', 'ofx']),
      encoding: z.enum(IMPORT_TEXT_ENCODINGS),
      currency: z.string().nullable(),
      balance: z.number().nullable(),
      balance_date: z.string().nullable(),
    }),
  })
  .meta({ id: 'FormatResponse' });
export type FormatResponse = z.infer<typeof FormatResponse>;

export const CategorizeBody = z.object({
  transactions: z
    .array(ImportedTransaction, { message: 'Envie a lista de lançamentos.' })
    .min(1, 'Envie ao menos um lançamento.')
    .max(IMPORT_ROWS_MAX, `No máximo ${count(IMPORT_ROWS_MAX)} lançamentos por vez.`),
});
export type CategorizeBody = z.input<typeof CategorizeBody>;

export const CategorizeResponse = z
  .object({ transactions: z.array(ImportedTransaction) })
  .meta({ id: 'CategorizeResponse' });
export type CategorizeResponse = z.infer<typeof CategorizeResponse>;
