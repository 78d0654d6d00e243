/**
 * The PGlite side of `openDatabase` (./client.ts), in a module of its own so that PGlite
 * (its WebAssembly PostgreSQL and its JavaScript, several MiB a process) loads only when a
 * PGlite database is opened, never in a process on PostgreSQL.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseOptions, Db } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { usePreparedStatements } from './pglite-statements.ts';
import * as schema from './schema.ts';

export async function openPglite(
  options: Extract<DatabaseOptions, { kind: 'pglite' }>,
  migrationsFolder: string,
): Promise<Database> {
  // One process at a time on a data folder (./data-dir-lock.ts), its lock file beside it.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = usePreparedStatements(
      await PGlite.create({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      }),
    );
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, handlers) => {
      await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.reset(true);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
