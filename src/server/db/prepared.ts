/**
 * Prepared statements for the reads that run on (nearly) every request: the session, the
 * current user, the viewer, the chat's list, conversation and unread queries, search. On
 * PostgreSQL a named statement is parsed once per pooled connection, and after a few runs
 * planned once too: a profile of the load benchmark showed planning (about 0.5 ms) costing
 * ten times the execution (0.05 ms) of these indexed reads, and Drizzle building the same
 * SQL text again for every request (for the chat list's query, about as long as running it).
 * Values go in through `sql.placeholder(name)`. PGlite keeps every statement prepared anyway
 * (pglite-statements.ts); here it saves Drizzle's building.
 *
 * `preparedFor(build)` builds the query once per kind of database (PGlite or node-postgres)
 * and runs it on whichever handle it is given: the app's database, a test's, or a
 * transaction (a new handle each time: the chat's send builds its events inside its
 * transaction). Drizzle's prepared query keeps the client it runs on (`client`) beside the
 * finished SQL text and the mapping of its fields, so for another handle it is a copy with
 * that handle's client: the same statement on the transaction's connection.
 */
import type { Tx } from '#src/server/db/client.ts';
import type { Db } from './client.ts';

/** What a Drizzle handle (database or transaction) carries of its session. */
interface HandleInternals {
  _: { session: { client: unknown } };
}

/** The part of a Drizzle prepared query this relies on. */
interface BoundQuery {
  client: unknown;
}

export function preparedFor<Q extends object>(build: (db: Db | Tx) => Q): (db: Db | Tx) => Q {
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
