/**
 * Starts the HTTP server: opens and migrates the database, builds the app from its
 * providers, listens, and on SIGINT/SIGTERM shuts down gracefully within SHUTDOWN_DEADLINE_MS
 * (docs/operations.md "Several processes"): /readyz answers 503, the server stops accepting,
 * event streams end (their browsers reconnect after the `retry:` hint each stream opened with
 * and replay from their cursor), requests under way finish, then the database closes.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { composeApp } from './app.ts';
import { productionProblems, type Config } from './env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { startHourlyJob } from './jobs/hourly.ts';
import { closePhotoWorkers } from './features/photos/index.ts';
import { jobGateOf } from './jobs/job-lock.ts';
import { markDraining } from './platform/health.ts';
import { log, routeConsoleToLog, setLogLevel } from './platform/log.ts';
import {
  collectProcessMetrics,
  observeDatabasePool,
  openEventStreams,
  startMetricsServer,
} from './platform/metrics.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './platform/request-scope.ts';
import { staticFastPath } from './static-sites.ts';

/** A shutdown that has not finished by then ends the remaining connections and exits. */
export const SHUTDOWN_DEADLINE_MS = 9_000;

const EVENTS_PATH = '/api/events.php';

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  close(): Promise<void>;
}

/** The configuration's database, migrated unless `migrate` is false (workers: the primary did). */
export async function openConfiguredDatabase(config: Config, { migrate = true } = {}): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'db') });
  if (migrate) await database.migrate();
  return database;
}

export interface ServerOptions {
  /** Serve METRICS_PORT from this process (default true; a cluster's primary serves it instead). */
  metrics?: boolean;
}

let consoleRouted = false;

/** Stops a production start that lacks real mail or a proxy setting, naming what to set. */
export function assertProductionReady(config: Config): void {
  const problems = productionProblems(config);
  if (problems.length > 0) {
    throw new Error(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export async function startServer(
  config: Config,
  database: Database,
  options: ServerOptions = {},
): Promise<RunningServer> {
  assertProductionReady(config);
  setLogLevel(config.logLevel);
  if (!consoleRouted) {
    consoleRouted = true;
    routeConsoleToLog();
  }
  collectProcessMetrics();
  const unobservePool = observeDatabasePool(database);
  const { app, deps } = composeApp(config, database);
  // Static pages held in memory are answered before the app (static-sites.ts, staticFastPath).
  const fast = staticFastPath(deps, app.routes);
  // As @hono/node-server's serve() builds it (the host name stands in for a missing Host header).
  const listener = getRequestListener(app.fetch, { hostname: config.host });
  const server: Server = createServer((incoming, outgoing) => {
    // One id for the request whichever way answers it: the app keeps the sane one it finds
    // (platform/request-scope.ts), the static fast path sends it as it is.
    const incomingId = incoming.headers['x-request-id'];
    const requestId = requestIdOf(typeof incomingId === 'string' ? incomingId : undefined);
    incoming.headers['x-request-id'] = requestId;
    outgoing.setHeader(REQUEST_ID_HEADER, requestId);
    if (incoming.url?.startsWith(EVENTS_PATH)) {
      // Open realtime channels (events_open_streams): until their connection ends.
      openEventStreams.inc();
      outgoing.once('close', () => openEventStreams.dec());
    }
    let answered = false;
    try {
      answered = fast(incoming, outgoing);
    } catch (error) {
      // Never a reason to fail the request: the app answers it (or it ends if half-written).
      // The path only: query strings may hold addresses (http/error-log.ts).
      log.error({ area: 'static', path: incoming.url?.split('?')[0] ?? '', error }, 'fast path failed');
      if (outgoing.headersSent) return void outgoing.destroy();
    }
    if (!answered) void listener(incoming, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const metrics =
    options.metrics !== false && config.metricsPort !== undefined
      ? await startMetricsServer(config.metricsPort, config.metricsHost)
      : null;
  // Purges, cleanups and reminders: the named tasks of jobs/hourly.ts, once across processes.
  const gate = jobGateOf(config.databaseUrl);
  const stopHourlyJob = startHourlyJob(deps, gate);
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      markDraining(deps);
      // No new connections; idle keep-alive ones end now, busy ones once their answer is out
      // (server.close() alone would leave those to the keep-alive timeout).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      void closed.finally(() => clearInterval(idleSweep));
      // Open realtime channels end (the browsers come back elsewhere), or the server would wait for them.
      await deps.events.close();
      await stopHourlyJob();
      await closed;
      const [, , photoWorkers] = await Promise.all([gate.close(), metrics?.close(), closePhotoWorkers()]);
      if (photoWorkers > 0) log.info({ photoWorkers }, 'photo workers ended');
      unobservePool();
      await database.close();
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      const deadline = setTimeout(() => {
        log.warn({ pending: 'connections' }, `shutdown took over ${SHUTDOWN_DEADLINE_MS} ms: ending what is left`);
        server.closeAllConnections();
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS);
      void close().then(
        () => {
          clearTimeout(deadline);
          process.exit(0);
        },
        (error: unknown) => {
          log.error({ error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return { url: `http://localhost:${port}`, port, database, close };
}
