import type { Db } from './client';

/**
 * A named prepared statement of a hot path (the sign-in's read), built once per database handle:
 * `build` uses `sql.placeholder(name)` for the values and ends with `.prepare(statementName)`, so
 * neither drizzle's query building nor PostgreSQL's parsing and planning is paid on each request.
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
