/**
 * Finance benchmark: 1,000,000 transactions in one workspace (five years, four
 * accounts, twenty categories), seeded with plain SQL in PostgreSQL, then the
 * transactions list (newest first, with each filter) and the reports measured
 * through app.inject against the reference route (`select 1` behind the same
 * auth and serializer). Prints p50/p95 and the ratios to the reference.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/finance.bench.ts
 *   ... --explain          # also print EXPLAIN (ANALYZE, BUFFERS) of the statements behind them
 *   ... --write-baseline   # store this run in bench/finance-baseline.json
 *   ... --check            # exit 1 when a p50 ratio is 1.5× its baseline
 *   ... --rows=100000      # a smaller seed, for a quick look (not comparable to the baseline)
 *
 * PostgreSQL only: a million rows is past what the embedded PGlite is for.
 * Not part of `npm test`. See bench/README.md and docs/decisions/027-finance-ledger.md.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { countFromFigures, monthlySumsQueries } from '../apps/api/src/modules/finance/figures.repo';
import { addMonths, monthEnd } from '../apps/api/src/modules/finance/periods';
import {
  countTransactions,
  listTransactions,
} from '../apps/api/src/modules/finance/transactions.repo';
import {
  REFERENCE_URL,
  checkAgainstBaseline,
  explain,
  measure,
  print,
  readBaseline,
  signUpUser,
  startBenchApp,
  withPostgres,
  writeBaseline,
} from './measure';
import type { Result } from './measure';

const ROWS = Number(
  /^--rows=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--rows=')) ?? '')?.[1] ?? 1_000_000,
);
const DAYS = 5 * 365;
const ACCOUNTS = 4;
const CATEGORIES = 20;
const CHUNK = 100_000;
const WARMUP = 10;
const ROUNDS = 100;
const BASELINE_FILE = fileURLToPath(new URL('./finance-baseline.json', import.meta.url));
const TOLERANCE = 1.5;

const LABELS = [
  'Padaria Real',
  'Supermercado Bom Preço',
  'Uber',
  'Aluguel',
  'Conta de luz',
  'Internet',
  'Farmácia São João',
  'Posto Shell',
  'Restaurante Sabor',
  'Assinatura streaming',
  'Pix recebido',
  'Venda',
  'Consultoria',
  'Tarifa bancária',
  'Academia',
  'Cinema',
  'Livraria',
  'Mercado Livre',
  'iFood',
  'Estacionamento',
];

/**
 * Straight into the tables with plain SQL, in chunks (the statement triggers
 * keep the monthly figures as they do in production): rows spread over the
 * last five years, 1 in 5 money in, 1 in 10 uncategorized, 5% pending, 3%
 * reconciled, 2% canceled.
 */
async function seed(database: Database, workspaceId: string) {
  const { db } = database;
  const accounts = (
    (await db.execute(sql`
      insert into finance_accounts (workspace_id, label, account_type, currency)
      select ${workspaceId}, 'Conta ' || i, 'checking', 'BRL' from generate_series(1, ${ACCOUNTS}) i
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  const categories = (
    (await db.execute(sql`
      insert into finance_categories (workspace_id, label, color, category_type)
      select ${workspaceId}, 'Categoria ' || i, '#64748B',
        case when i <= 15 then 'expense' when i <= 18 then 'income' else 'transfer' end
      from generate_series(1, ${CATEGORIES}) i
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  const accountArray = sql`${`{${accounts.join(',')}}`}::uuid[]`;
  const categoryArray = sql`${`{${categories.join(',')}}`}::uuid[]`;
  const labelArray = sql`${`{${LABELS.map((l) => `"${l}"`).join(',')}}`}::text[]`;
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await db.execute(sql`
      insert into finance_transactions (workspace_id, account_id, date, amount_cents, currency,
        label, category_id, status, source, created_at)
      select ${workspaceId}, (${accountArray})[1 + i % ${ACCOUNTS}],
        current_date - (i % ${DAYS}),
        case when i % 5 = 0 then 1 else -1 end * (1 + (i::bigint * 7919) % 250000),
        'BRL', (${labelArray})[1 + (i * 31) % ${LABELS.length}],
        case when i % 10 = 0 then null else (${categoryArray})[1 + (i * 7) % ${CATEGORIES}] end,
        case when i % 50 = 0 then 'canceled' when i % 20 = 0 then 'pending'
          when i % 33 = 0 then 'reconciled' else 'paid' end,
        'manual', now() - make_interval(secs => i)
      from generate_series(${from}::int, ${to}::int) i`);
    process.stdout.write(`  ${to.toLocaleString('pt-BR')} rows\r`);
  }
  // the steady state: autovacuum has set the visibility map (index-only scans) and the statistics
  await db.execute(sql`vacuum analyze`);
  // categories[0] only gets the uncategorized rows' turn (i % 20 = 0): take the next one
  return { account: accounts[0]!, category: categories[1]! };
}

async function run(database: Database, withPlans: boolean): Promise<Result> {
  const bench = await startBenchApp(database);
  const { app } = bench;
  try {
    const owner = await signUpUser(app, {
      full_name: 'Criadora',
      email: 'criadora@bench.test',
      username: 'criadora',
      password: 'senha-segura-123',
    });
    const ws = owner.workspaceId;
    const started = Date.now();
    const { account, category } = await seed(database, ws);
    console.log(
      `  seeded ${ROWS.toLocaleString('pt-BR')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const today = new Date().toISOString().slice(0, 10);
    const lastYear = { from: addMonths(today, -11), to: monthEnd(today) };
    const oneMonth = { from: addMonths(today, -2), to: monthEnd(addMonths(today, -2)) };
    // Mid-month to mid-month: the edges are read from the rows.
    const partial = {
      from: `${addMonths(today, -12).slice(0, 8)}15`,
      to: `${addMonths(today, -1).slice(0, 8)}14`,
    };
    if (withPlans) {
      const { db } = database;
      const plan = (title: string, query: Parameters<typeof explain>[2]) =>
        explain(database, title, query, 'analyze, buffers, costs off');
      await plan('list page 1 (newest first)', listTransactions(db, ws, {}, 20, 0));
      await plan('list page 50', listTransactions(db, ws, {}, 20, 980));
      await plan('list by account', listTransactions(db, ws, { accountId: account }, 20, 0));
      await plan('list by category', listTransactions(db, ws, { category }, 20, 0));
      await plan('list pending', listTransactions(db, ws, { status: 'pending' }, 20, 0));
      await plan('list one month', listTransactions(db, ws, oneMonth, 20, 0));
      await plan('list total (figures)', countFromFigures(db, ws, {}));
      await plan(
        'list total by account (figures)',
        countFromFigures(db, ws, { accountId: account }),
      );
      await plan('list total of one month', countTransactions(db, ws, oneMonth));
      await plan('list total of a text search', countTransactions(db, ws, { q: 'padaria' }));
      for (const [i, query] of monthlySumsQueries(db, ws, 'BRL', lastYear).entries())
        await plan(`cash flow, last 12 months (${i})`, query);
      for (const [i, query] of monthlySumsQueries(db, ws, 'BRL', partial).entries())
        await plan(`cash flow, partial months (${i === 0 ? 'whole months' : 'edges'})`, query);
    }

    const base = `/api/v1`;
    const targets: Record<string, string> = {
      reference: REFERENCE_URL,
      'list page 1 (20)': `${base}/transactions/${ws}`,
      'list page 1 (100)': `${base}/transactions/${ws}?size=100`,
      'list page 50 (20)': `${base}/transactions/${ws}?page=50`,
      'list by account': `${base}/transactions/${ws}?account_id=${account}`,
      'list by category': `${base}/transactions/${ws}?category=${category}`,
      'list pending': `${base}/transactions/${ws}?status=pending`,
      'list one month': `${base}/transactions/${ws}?from=${oneMonth.from}&to=${oneMonth.to}`,
      'list text search': `${base}/transactions/${ws}?q=padaria`,
      'cash flow (12 months)': `${base}/balances/cashflow/${ws}`,
      'cash flow (partial months)': `${base}/balances/cashflow/${ws}?from=${partial.from}&to=${partial.to}`,
      'cash flow (60 months)': `${base}/balances/cashflow/${ws}?from=${addMonths(today, -59)}&to=${monthEnd(today)}`,
      'expenses by category': `${base}/categories/${ws}/expenses`,
      balances: `${base}/accounts/${ws}/balances`,
    };
    const check = await app.inject({
      method: 'GET',
      url: targets['list page 1 (20)']!,
      headers: owner.headers,
    });
    if (check.statusCode !== 200 || check.json().total !== ROWS)
      throw new Error(`unexpected list: ${check.statusCode} total ${check.json().total}`);
    return await measure(app, targets, owner.headers, { warmup: WARMUP, rounds: ROUNDS });
  } finally {
    await bench.close();
  }
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    console.error(
      'Set BENCH_DATABASE_URL (a PostgreSQL server where the user may create databases).',
    );
    process.exitCode = 2;
    return;
  }
  const baseline = readBaseline(BASELINE_FILE);
  console.log(
    `Seeding ${ROWS.toLocaleString('pt-BR')} transactions in one workspace; ${ROUNDS} rounds.`,
  );
  const results = { postgres: await withPostgres(pgUrl, (db) => run(db, args.has('--explain'))) };
  print('postgres', results.postgres, ROWS === 1_000_000 ? baseline?.results.postgres : undefined);
  if (args.has('--write-baseline'))
    await writeBaseline(
      BASELINE_FILE,
      { transactions: ROWS, accounts: ACCOUNTS, categories: CATEGORIES, rounds: ROUNDS },
      results,
    );
  if (args.has('--check') && baseline) checkAgainstBaseline(results, baseline.results, TOLERANCE);
}

await main();
