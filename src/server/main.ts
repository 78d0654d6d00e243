/**
 * Starts the HTTP server: opens and migrates the database, builds the app from its
 * providers, listens, and closes everything on SIGINT/SIGTERM.
 */
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { composeApp } from './app.ts';
import type { Config } from './env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { purgeDeletedAccounts } from './features/accounts/deletion.ts';
import { pruneAccountEvents } from './events/index.ts';

/** How often the server purges accounts whose reactivation window has passed. */
export const PURGE_INTERVAL_MS = 3_600_000;

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  close(): Promise<void>;
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'db') });
  await database.migrate();
  return database;
}

export async function startServer(config: Config, database: Database): Promise<RunningServer> {
  const { app, deps } = composeApp(config, database);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Hourly: erase accounts deleted longer than the reactivation window ago (issue 3).
  const purge = () => {
    purgeDeletedAccounts(database.db, deps.now(), deps.photoStorage).catch((error: unknown) => {
      console.error('[purge] failed:', error instanceof Error ? error.message : error);
    });
    // The realtime event log keeps a day: reconnects replay from it, older news is in the chats.
    pruneAccountEvents(database.db, deps.now()).catch((error: unknown) => {
      console.error('[events] pruning failed:', error instanceof Error ? error.message : error);
    });
  };
  const purgeTimer = setInterval(purge, PURGE_INTERVAL_MS);
  purgeTimer.unref();
  const close = async () => {
    clearInterval(purgeTimer);
    // Open realtime channels end first, or the server would wait for them to be closed.
    await deps.events.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void close().then(() => process.exit(0));
    });
  }
  return { url: `http://localhost:${port}`, port, database, close };
}
