/**
 * Prepared statements for the reads every request makes (the session, the current user).
 * On PostgreSQL a named statement is parsed once per pooled connection, and after a few
 * runs planned once too: a profile of the load benchmark showed planning (about 0.5 ms)
 * costing ten times the execution (0.05 ms) of these indexed reads, and Drizzle building
 * the same SQL text again for every request. Values go in through `sql.placeholder(name)`.
 * PGlite takes the same prepared query (it ignores the name).
 */
import type { Db } from './client.ts';

/**
 * The query `build` makes for a database handle, built once per handle (the app's, a
 * test's, a transaction's) and kept as long as that handle lives.
 */
export function preparedFor<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
