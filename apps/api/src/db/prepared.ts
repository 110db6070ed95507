import type { Db } from './client';

/**
 * A statement of a hot path (sign-in) built once per database handle and sent as a named
 * prepared statement: neither drizzle's query building nor PostgreSQL's parsing and planning is
 * paid again on each request. `build` uses `sql.placeholder(name)` for the values and ends with
 * `.prepare(statementName)`; call the answer with the handle, then `.execute({ ...values })`.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
