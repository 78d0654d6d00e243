/**
 * Starts the HTTP server: opens and migrates the database, builds the app from its
 * providers, listens, and closes everything on SIGINT/SIGTERM.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { composeApp } from './app.ts';
import { productionProblems, type Config } from './env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { startHourlyJob } from './jobs/hourly.ts';
import { staticFastPath } from './static-sites.ts';

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
  // Static pages held in memory are answered before the app (static-sites.ts, staticFastPath).
  const fast = staticFastPath(deps, app.routes);
  // As @hono/node-server's serve() builds it (the host name stands in for a missing Host header).
  const listener = getRequestListener(app.fetch, { hostname: config.host });
  const server: Server = createServer((incoming, outgoing) => {
    let answered = false;
    try {
      answered = fast(incoming, outgoing);
    } catch (error) {
      // Never a reason to fail the request: the app answers it (or it ends if half-written).
      // The path only: query strings may hold addresses (http/error-log.ts).
      console.error(`[static] fast path failed on ${incoming.url?.split('?')[0] ?? ''}:`, error);
      if (outgoing.headersSent) return void outgoing.destroy();
    }
    if (!answered) void listener(incoming, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
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
