/**
 * Opens the database: PGlite (embedded WASM PostgreSQL: on disk, or in memory for tests) by
 * default, node-postgres when a DATABASE_URL is given. Both speak the same schema and
 * migrations through Drizzle; the rest of the server sees only `Db`. PGlite's modules
 * (./pglite-client.ts) load only when a PGlite database is opened: a PostgreSQL process never
 * holds them (docs/operations.md "Memory of a process").
 */
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A Drizzle transaction (the argument of `db.transaction(async (tx) => ...)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel: `notify` for each NOTIFY on it (from any process, after the
   * commit), `reset(listening)` when the listener is in place (true; notifications before
   * it were not heard) or lost (false; it reconnects every second). Resolves once the
   * first attempt succeeded or failed. PGlite hears its own process's notifications before
   * the statement that caused them returns; PostgreSQL a few milliseconds after the commit,
   * on a connection of its own. Ended by close().
   */
  listen(channel: string, handlers: ListenHandlers): Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  reset(listening: boolean): void;
}

/** A channel name as LISTEN takes it (quoted identifier). */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
  return `"${channel}"`;
}

/** LISTEN on a dedicated node-postgres connection, reconnecting while the pool is open. */
function postgresListener(url: string) {
  const clients = new Set<pg.Client>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const isClosed = () => closed;
  const listen = async (channel: string, handlers: ListenHandlers): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      clients.delete(client);
      if (closed) return;
      if (error) console.error(`[db] LISTEN ${channel} connection lost:`, error.message);
      handlers.reset(false);
      client.end().catch(() => undefined);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void listen(channel, handlers);
      }, 1_000);
      timer.unref();
      timers.add(timer);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    clients.add(client);
    try {
      await client.connect();
      await client.query(`LISTEN ${channelIdentifier(channel)}`);
      if (isClosed()) {
        await client.end();
        return;
      }
      handlers.reset(true);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const close = async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.all([...clients].map((client) => client.end().catch(() => undefined)));
  };
  return { listen, close };
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The PostgreSQL advisory lock that lets one host at a time migrate (docs/operations.md
 * "Several processes"): hosts started together wait for the first, then find nothing to do.
 */
export const MIGRATION_LOCK_KEY = 7_304_211_001;

/**
 * Runs the migrations while holding MIGRATION_LOCK_KEY on a connection of its own, outside the
 * pool (a pool of one connection still has it for the migrator); ending that session releases
 * the lock whatever happened.
 */
async function migrateLocked(url: string, db: Parameters<typeof migratePg>[0]): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.end().catch(() => undefined);
  }
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; max?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // A request waits at most this long for a connection (a free pooled one, or a new one to a
    // server that does not answer), then fails as unavailable: 503 (platform/unavailable.ts).
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10, connectionTimeoutMillis: 3_000 });
    // A connection the server drops while idle must not crash the process; the pool reconnects.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL connection lost:', error.message));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    const listener = postgresListener(options.url);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateLocked(options.url, db),
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const { openPglite } = await import('./pglite-client.ts');
  return openPglite(options, MIGRATIONS_DIR);
}

/** The raw PGlite client of a database (snapshots in tests, the session cache's triggers); null on PostgreSQL. */
export function pgliteOf(database: Database): PGlite | null {
  if (database.kind !== 'pglite') return null;
  return (database.db as unknown as { $client: PGlite }).$client;
}
