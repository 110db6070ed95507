import type { Db } from './client';

/**
 * Something of a hot path (sign-in) built once per database handle: a named prepared statement
 * — `build` uses `sql.placeholder(name)` for the values and ends with `.prepare(statementName)`,
 * so neither drizzle's query building nor PostgreSQL's parsing and planning is paid again on each
 * request — or a queue that writes on that handle (lib/group-commit.ts).
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (!value) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
