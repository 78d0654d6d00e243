/**
 * Prometheus metrics (prom-client, the process's global registry): requests by route pattern
 * (never the raw path), their latency, error answers by code, open event streams, hourly job
 * runs, payment webhooks, the PostgreSQL pool, and the process itself (CPU, memory, event-loop
 * lag, GC). Served by `startMetricsServer` on METRICS_PORT, bound to loopback by default; under
 * `npm run serve` with several workers the primary serves the sum of its workers
 * (docs/operations.md "Metrics").
 */
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import type { Database } from '#src/server/db/client.ts';

const registry = client.register;

// Once per process: the test apps of one worker share these.
const defaultsCollected = { done: false };

/** The process's own metrics (nodejs_*, process_*), once. */
export function collectProcessMetrics(): void {
  if (defaultsCollected.done) return;
  defaultsCollected.done = true;
  client.collectDefaultMetrics({ register: registry });
}

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered by the API, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to the answer (event streams: to their first byte), by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const httpErrors = new client.Counter({
  name: 'http_errors_total',
  help: 'Error answers by API error code (internal: an unexpected error, logged)',
  labelNames: ['code', 'status'] as const,
});

export const openEventStreams = new client.Gauge({
  name: 'events_open_streams',
  help: 'Realtime channels (GET /api/events.php) open now',
});

export const jobRuns = new client.Counter({
  name: 'job_runs_total',
  help: 'Hourly job tasks by outcome: ok, failed, or skipped (another process had the slot)',
  labelNames: ['job', 'outcome'] as const,
});

export const jobDuration = new client.Histogram({
  name: 'job_duration_seconds',
  help: 'How long a task of the hourly job ran',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
});

export const paymentWebhooks = new client.Counter({
  name: 'payment_webhooks_total',
  help: "The payment provider's webhook calls by answer status",
  labelNames: ['status'] as const,
});

/** The pool of a PostgreSQL database, as node-postgres counts it. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolCounts>();

new client.Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
  labelNames: ['state'] as const,
  collect() {
    this.reset();
    for (const pool of pools) {
      this.inc({ state: 'total' }, pool.totalCount);
      this.inc({ state: 'idle' }, pool.idleCount);
      this.inc({ state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Counts the pool of a PostgreSQL database in db_pool_connections until `database` closes. */
export function observeDatabasePool(database: Database): () => void {
  if (database.kind !== 'postgres') return () => undefined;
  const pool = (database.db as unknown as { $client: PoolCounts }).$client;
  pools.add(pool);
  return () => pools.delete(pool);
}

/** The text format of the process's metrics (GET /metrics). */
export function metricsText(): Promise<string> {
  return registry.metrics();
}

/**
 * A server answering GET /metrics with `render()` (this process's metrics, or the primary's
 * sum of its workers) on its own port, apart from the API's.
 */
export async function startMetricsServer(
  port: number,
  host: string,
  render: () => Promise<string> = metricsText,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.method !== 'GET' || incoming.url?.split('?')[0] !== '/metrics') {
      outgoing.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    render().then(
      (text) => outgoing.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => outgoing.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
