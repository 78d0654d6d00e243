/**
 * A prepared query that runs on the app's database and inside any transaction of it.
 *
 * `preparedFor` (prepared.ts) builds a query once per database handle; a transaction is a new
 * handle each time, so a query run inside transactions would be built by Drizzle again for
 * every one of them (the chat's send builds its events' queries inside its transaction). Here
 * the query is built once per kind of database (PGlite or node-postgres) and, for a
 * transaction, bound to the transaction's connection: Drizzle's prepared query keeps the
 * client it runs on (`client`) beside the finished SQL text and the mapping of its fields,
 * so a copy with the transaction's client runs the same statement in the transaction.
 */
import type { Db } from './client.ts';
import type { Tx } from '#src/server/features/credits/ledger.ts';

/** What a Drizzle handle (database or transaction) carries of its session. */
interface HandleInternals {
  _: { session: { client: unknown } };
}

/** The part of a Drizzle prepared query this relies on. */
interface BoundQuery {
  client: unknown;
}

export function preparedAnywhere<Q extends object>(build: (db: Db | Tx) => Q): (db: Db | Tx) => Q {
  const built = new Map<unknown, Q>();
  return (db) => {
    const { session } = (db as unknown as HandleInternals)._;
    let query = built.get(session.constructor);
    if (query === undefined) {
      query = build(db);
      built.set(session.constructor, query);
    }
    if ((query as BoundQuery).client === session.client) return query;
    return Object.assign(Object.create(Object.getPrototypeOf(query) as object) as Q, query, { client: session.client });
  };
}
