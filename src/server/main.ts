/**
 * Starts the HTTP server: opens and migrates the database, builds the app from its
 * providers, listens, and closes everything on SIGINT/SIGTERM.
 */
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { composeApp } from './app.ts';
import { productionProblems, type Config } from './env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { startHourlyJob } from './jobs/hourly.ts';

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

/** Stops a production start that lacks real mail or a proxy setting, naming what to set. */
export function assertProductionReady(config: Config): void {
  const problems = productionProblems(config);
  if (problems.length > 0) {
    throw new Error(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export async function startServer(config: Config, database: Database): Promise<RunningServer> {
  assertProductionReady(config);
  const { app, deps } = composeApp(config, database);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Purges, cleanups and reminders: the named tasks of jobs/hourly.ts.
  const stopHourlyJob = startHourlyJob(deps);
  const close = async () => {
    stopHourlyJob();
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
