/**
 * The bank-file import engine (issue 9): pure functions, no database, no clock.
 * A finance service calls them for the three import calls that write nothing:
 *
 * - POST .../mapping `{ from_columns, to_columns? }`:
 *   `suggestMapping(from_columns, to_columns)` -> `{ mapping, invertAmounts }`.
 * - POST .../format `{ data, data_encoding, columns?, account_id?, invert_amounts? }`:
 *   `readStatement({ data, dataEncoding, columns, invertAmounts })`, run in a worker
 *   thread (parse-worker.ts, through lib/worker-pool.ts), -> a Statement
 *   (rows in signed integer centavos with dates `YYYY-MM-DD` and an `importKey`
 *   each, per-row errors, the file's format, encoding, currency and stated
 *   balance) or an ImportFailure `{ code, message }` (a code of the contract's FINANCE_ERRORS).
 *   The service then marks `duplicate` the rows whose importKey the account
 *   already has, resolves `categoryLabel` to a category of the workspace, and
 *   converts centavos to the API's reais.
 * - POST .../categorize `{ transactions }`: `suggestCategory(row, rules, history)`
 *   per row, with `indexRules(<the categories' words>)` and
 *   `buildCategorizationHistory(<the workspace's categorized rows>)` built once per call.
 *
 * `parseAmount` and `parseDate` (amount.ts, dates.ts) are the one amount and date
 * parser of the import. The finance services import this file only.
 */
export type { ReadStatementInput, StatementResult } from './statement';
export { suggestMapping, normalizeColumnName } from './mapping';
export {
  buildCategorizationHistory,
  categoryFitsAmount,
  indexRules,
  normalizeDescription,
  suggestCategory,
} from './categorize';
