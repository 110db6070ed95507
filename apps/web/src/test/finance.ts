/**
 * An in-memory finance API for the finance screens' tests, answering through mockFetch like the
 * server does (api-conventions § Finance): accounts with balances, categories, the filtered and
 * paged transactions, the reports and the three import calls. Every request is recorded.
 */
import type {
  Account,
  Category,
  ImportedTransaction,
  Transaction,
  TransactionStatus,
} from '@fa-clube/contract';
import { mockFetch } from './fetch';
import type { Call } from './fetch';
import { storedWorkspaces } from './session';

export const FIN_WS = '0d0d0d0d-0000-4000-8000-000000000001';
export const finId = (n: number) => `0e0e0e0e-0000-4000-8000-${String(n).padStart(12, '0')}`;

const cents = (major: number) => Math.round(major * 100);
const major = (c: number) => c / 100;
const counts = (status: TransactionStatus) => status === 'paid' || status === 'reconciled';

export function account(n: number, extra: Partial<Account> = {}): Account {
  return {
    id: finId(n),
    label: `Conta ${n}`,
    account_type: 'checking',
    description: null,
    currency: 'BRL',
    opening_balance: 0,
    balance: 0,
    created_at: '2026-01-01T12:00:00.000Z',
    ...extra,
  };
}

export function category(n: number, extra: Partial<Category> = {}): Category {
  return {
    id: finId(100 + n),
    label: `Categoria ${n}`,
    color: '#7C3AED',
    category_type: 'expense',
    description: null,
    match: [],
    ...extra,
  };
}

export function transaction(n: number, extra: Partial<Transaction> = {}): Transaction {
  return {
    id: finId(1000 + n),
    account_id: finId(1),
    date: '2026-11-10',
    amount: -10,
    label: `Lançamento ${n}`,
    description: null,
    currency: 'BRL',
    assign_id: null,
    note: null,
    conciliation_id: null,
    attachments: [],
    category: null,
    status: 'paid',
    issued_invoice: false,
    interest: null,
    discounts: null,
    fines: null,
    taxes: null,
    fees: null,
    price: null,
    currency_quote: null,
    external_id: null,
    source: 'manual',
    created_at: '2026-11-10T12:00:00.000Z',
    ...extra,
  };
}

export interface FinanceState {
  accounts: Account[];
  categories: Category[];
  transactions: Transaction[];
  /** What POST .../format answers (the rows get `duplicate` from the import keys already saved). */
  statement?: {
    transactions: Partial<ImportedTransaction>[];
    errors?: { row: number; message: string }[];
  };
  /** Answer these paths (method + path) with this error once, after letting `after` calls pass. */
  failOnce?: Record<string, { status: number; code: string; message: string; after?: number }>;
  /** Milliseconds before each answer. */
  delay?: number;
}

const NAMES: Record<string, string> = {
  data: 'date',
  valor: 'amount',
  descrição: 'label',
  descricao: 'label',
  identificador: 'external_id',
};

function withBalance(state: FinanceState, a: Account): Account {
  const rows = state.transactions.filter((t) => t.account_id === a.id && counts(t.status));
  return {
    ...a,
    balance: major(cents(a.opening_balance) + rows.reduce((s, t) => s + cents(t.amount), 0)),
  };
}

function listTransactions(state: FinanceState, q: URLSearchParams) {
  const text = q.get('q')?.toLowerCase();
  const rows = state.transactions
    .filter((t) => !q.get('account_id') || t.account_id === q.get('account_id'))
    .filter((t) => {
      const c = q.get('category');
      return !c || (c === 'none' ? t.category === null : t.category === c);
    })
    .filter((t) => !q.get('status') || t.status === q.get('status'))
    .filter((t) => !q.get('from') || t.date >= q.get('from')!)
    .filter((t) => !q.get('to') || t.date <= q.get('to')!)
    .filter((t) => !text || `${t.label} ${t.note ?? ''}`.toLowerCase().includes(text))
    .sort((a, b) => b.date.localeCompare(a.date));
  const page = Number(q.get('page') ?? 1);
  const size = Number(q.get('size') ?? 20);
  return {
    transactions: rows.slice((page - 1) * size, page * size),
    page,
    size,
    total: rows.length,
  };
}

/** The month list from `from` to `to`, as the cash-flow report gives it. */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

function reportRows(state: FinanceState, q: URLSearchParams) {
  const currency = q.get('currency') ?? 'BRL';
  return state.transactions.filter(
    (t) =>
      t.currency === currency &&
      t.status !== 'canceled' &&
      (!q.get('from') || t.date >= q.get('from')!) &&
      (!q.get('to') || t.date <= q.get('to')!),
  );
}

const notFound = (code: string) => ({ status: 404, body: { message: 'Não encontrado.', code } });

/** Installs the fake; `calls` records every request. */
export function financeApi(state: FinanceState) {
  const base = `/api/v1`;
  const ws = FIN_WS;
  const savedKeys = new Map<string, Set<string>>();
  let seq = 5000;

  return mockFetch((call: Call) => {
    const reply = (body: unknown, status = 200) => ({ status, body, delay: state.delay });
    const failure = state.failOnce?.[`${call.method} ${call.path}`];
    if (failure?.after) failure.after -= 1;
    else if (failure) {
      delete state.failOnce![`${call.method} ${call.path}`];
      return { status: failure.status, body: { message: failure.message, code: failure.code } };
    }
    const { path, method, query } = call;
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (path === `${base}/workspaces`) return storedWorkspaces();

    // accounts
    if (path === `${base}/accounts/${ws}` && method === 'GET') {
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      const all = state.accounts.map((a) => withBalance(state, a));
      return reply({
        accounts: all.slice((page - 1) * size, page * size),
        page,
        size,
        total: all.length,
      });
    }
    if (path === `${base}/accounts/${ws}/balances`) {
      const currency = query.get('currency') ?? 'BRL';
      const accounts = state.accounts
        .filter((a) => a.currency === currency)
        .map((a) => {
          const balance = withBalance(state, a).balance;
          const pending = state.transactions
            .filter((t) => t.account_id === a.id && t.status === 'pending')
            .reduce((s, t) => s + cents(t.amount), 0);
          return {
            id: a.id,
            label: a.label,
            balance,
            projected_balance: major(cents(balance) + pending),
          };
        });
      return reply({
        currency,
        accounts,
        balance: major(accounts.reduce((s, a) => s + cents(a.balance), 0)),
        projected_balance: major(accounts.reduce((s, a) => s + cents(a.projected_balance), 0)),
      });
    }
    if (path === `${base}/account/${ws}` && method === 'POST') {
      const created = account(state.accounts.length + 1, {
        ...(body as Partial<Account>),
        id: finId(++seq),
      });
      state.accounts.push(created);
      return reply(withBalance(state, created), 201);
    }
    const accountItem = new RegExp(`^${base}/account/${ws}/([^/]+)$`).exec(path);
    if (accountItem) {
      const found = state.accounts.find((a) => a.id === accountItem[1]);
      if (!found) return notFound('ACCOUNT_NOT_FOUND');
      if (method === 'DELETE') {
        if (state.transactions.some((t) => t.account_id === found.id))
          return {
            status: 409,
            body: {
              message:
                'Esta conta tem lançamentos. Exclua ou mova os lançamentos antes de excluir a conta.',
              code: 'ACCOUNT_HAS_TRANSACTIONS',
            },
          };
        state.accounts = state.accounts.filter((a) => a !== found);
        return { status: 204 };
      }
      Object.assign(found, body);
      return reply(withBalance(state, found));
    }

    // categories
    if (path === `${base}/categories/${ws}` && method === 'GET')
      return reply({ categories: state.categories });
    if (path === `${base}/categories/${ws}` && method === 'POST') {
      if (state.categories.some((c) => c.label.toLowerCase() === String(body.label).toLowerCase()))
        return {
          status: 409,
          body: {
            message: 'Já existe uma categoria com este nome.',
            code: 'CATEGORY_LABEL_TAKEN',
            errors: [{ field: 'label', message: 'Já existe uma categoria com este nome.' }],
          },
        };
      const created = category(state.categories.length + 1, {
        ...(body as Partial<Category>),
        id: finId(++seq),
      });
      state.categories.push(created);
      return reply(created, 201);
    }
    const categoryItem = new RegExp(`^${base}/categories/${ws}/([^/]+)$`).exec(path);
    if (categoryItem && categoryItem[1] !== 'expenses') {
      const found = state.categories.find((c) => c.id === categoryItem[1]);
      if (!found) return notFound('CATEGORY_NOT_FOUND');
      if (method === 'DELETE') {
        state.categories = state.categories.filter((c) => c !== found);
        for (const t of state.transactions) if (t.category === found.id) t.category = null;
        return { status: 204 };
      }
      Object.assign(found, body);
      return reply(found);
    }

    // transactions
    if (path === `${base}/transactions/${ws}` && method === 'GET')
      return reply(listTransactions(state, query));
    if (path === `${base}/transactions/${ws}` && method === 'DELETE') {
      const ids = body.transactions as string[];
      state.transactions = state.transactions.filter((t) => !ids.includes(t.id));
      return reply({ deleted: ids.length });
    }
    if (path === `${base}/transaction/${ws}` && method === 'POST') {
      const created: Transaction[] = [];
      for (const row of body.transactions as Record<string, unknown>[]) {
        const key = row.import_key as string | undefined;
        const keys = savedKeys.get(row.account_id as string) ?? new Set<string>();
        savedKeys.set(row.account_id as string, keys);
        if (key && keys.has(key)) continue;
        if (key) keys.add(key);
        const saved = transaction(++seq, {
          ...(row as Partial<Transaction>),
          id: finId(++seq),
          date: (row.date as string | undefined) ?? '2026-11-24',
          source: key ? 'import' : 'manual',
          attachments: [],
        });
        state.transactions.push(saved);
        created.push(saved);
      }
      return reply({ transactions: created }, 201);
    }
    const attachment = new RegExp(`^${base}/transactions/${ws}/([^/]+)/attachment$`).exec(path);
    if (attachment) {
      const found = state.transactions.find((t) => t.id === attachment[1]);
      if (!found) return notFound('TRANSACTION_NOT_FOUND');
      found.attachments = found.attachments.filter((a) => a.file_path !== query.get('file_path'));
      return { status: 204 };
    }
    const transactionItem = new RegExp(`^${base}/transaction/${ws}/([^/]+)$`).exec(path);
    if (transactionItem) {
      const found = state.transactions.find((t) => t.id === transactionItem[1]);
      if (!found) return notFound('TRANSACTION_NOT_FOUND');
      const { attachments, ...rest } = body as Partial<Transaction> & {
        attachments?: { file_path: string }[];
      };
      Object.assign(found, rest);
      if (attachments)
        found.attachments = attachments.map((a) => ({
          file_path: a.file_path,
          url: `http://localhost/storage/${a.file_path}`,
        }));
      return reply(found);
    }
    if (path === `${base}/workspaces/objects/${ws}` && method === 'POST')
      return reply({
        presigned_url: 'http://localhost/storage/upload?sig=1',
        method: 'PUT',
        headers: { 'Content-Type': 'image/jpeg' },
        expires_at: '2026-11-24T13:00:00.000Z',
        max_size: 15 * 1024 * 1024,
        file_path: `uploads/recibo-${++seq}.jpg`,
      });

    // import
    if (path === `${base}/transactions/${ws}/mapping`) {
      const mapping: Record<string, string | null> = {};
      for (const column of body.from_columns as string[])
        mapping[column] = NAMES[column.toLowerCase()] ?? null;
      return reply({ mapping, invert_amounts: false });
    }
    if (path === `${base}/transactions/${ws}/format`) {
      const keys = savedKeys.get(body.account_id as string) ?? new Set<string>();
      const rows = (state.statement?.transactions ?? []).map((row, i) => ({
        row: i + 2,
        account_id: (body.account_id as string | undefined) ?? null,
        date: '2026-11-01',
        amount: -10,
        label: `Linha ${i + 1}`,
        description: null,
        currency: 'BRL',
        external_id: null,
        import_key: `k${i + 1}`,
        category: null,
        category_source: null,
        note: null,
        status: 'paid',
        ...row,
        duplicate: keys.has(row.import_key ?? `k${i + 1}`),
      }));
      return reply({
        transactions: rows,
        errors: state.statement?.errors ?? [],
        file: {
          format: 'csv',
          encoding: 'utf-8',
          currency: null,
          balance: null,
          balance_date: null,
        },
      });
    }
    if (path === `${base}/transactions/${ws}/categorize`) {
      const rows = (body.transactions as ImportedTransaction[]).map((row) => {
        if (row.category) return row;
        const rule = state.categories.find((c) =>
          c.match.some((word) => row.label.toLowerCase().includes(word.toLowerCase())),
        );
        return rule ? { ...row, category: rule.id, category_source: 'rule' } : row;
      });
      return reply({ transactions: rows });
    }

    // reports
    if (path === `${base}/balances/cashflow/${ws}`) {
      const rows = reportRows(state, query);
      const months = monthsBetween(query.get('from')!, query.get('to')!).map((month) => {
        const inMonth = rows.filter((t) => t.date.startsWith(month));
        const income = inMonth.filter((t) => t.amount > 0).reduce((s, t) => s + cents(t.amount), 0);
        const expenses = inMonth
          .filter((t) => t.amount < 0)
          .reduce((s, t) => s + cents(t.amount), 0);
        return {
          month,
          income: major(income),
          expenses: major(expenses),
          net: major(income + expenses),
        };
      });
      return reply({ currency: query.get('currency'), months });
    }
    if (path === `${base}/categories/${ws}/expenses`) {
      const rows = reportRows(state, query).filter((t) => t.amount < 0);
      const total = rows.reduce((s, t) => s + cents(t.amount), 0);
      const ids = [...new Set(rows.map((t) => t.category))];
      const categories = ids.map((id) => {
        const mine = rows.filter((t) => t.category === id);
        const sum = mine.reduce((s, t) => s + cents(t.amount), 0);
        const found = state.categories.find((c) => c.id === id);
        return {
          category: id,
          label: found?.label ?? 'Sem categoria',
          color: found?.color ?? null,
          total: major(sum),
          count: mine.length,
          share: total === 0 ? 0 : sum / total,
        };
      });
      return reply({ currency: query.get('currency'), total: major(total), categories });
    }
    if (path === `${base}/balances/charges/${ws}`)
      return reply({
        currency: query.get('currency'),
        pending: { count: 1, total: 19.9 },
        paid: { count: 2, total: 39.8 },
        expired: { count: 0, total: 0 },
      });
    return { status: 404, body: { message: 'não encontrado', code: 'NOT_FOUND' } };
  });
}
