/**
 * `npm run serve` with several worker processes (node:cluster; docs/operations.md "Several
 * processes"): the primary migrates the database once, forks WEB_CONCURRENCY workers that share
 * the port, replaces a worker that dies, serves the workers' summed metrics on METRICS_PORT,
 * and on SIGTERM/SIGINT asks every worker to shut down gracefully, killing what is left after
 * CLUSTER_DEADLINE_MS. Workers need PostgreSQL: PGlite belongs to one process.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import client from 'prom-client';
import type { Config } from '#src/server/env.ts';
import { log, setLogLevel } from './log.ts';
import { startMetricsServer } from './metrics.ts';

/** Workers still running then are killed: the whole shutdown stays within 10 s. */
export const CLUSTER_DEADLINE_MS = 10_000;

/**
 * The V8 flags of `npm run serve`'s processes (docs/operations.md "Memory of a process"):
 * package.json's serve script and the Dockerfile start the process with them, and the primary
 * gives its workers those that the process it runs in lacks, however it was started. V8 sizes
 * the young generation by the machine's memory: two semi-spaces of 64 MiB each on 24 GiB, and
 * once a process has allocated that much (its start does) the 128 MiB stay resident, though a
 * request leaves a few hundred kB of garbage. 16 MiB each keeps the young generation at 32 MiB.
 */
export const SERVE_V8_FLAGS: readonly string[] = ['--max-semi-space-size=16'];

/**
 * A worker's node flags: the primary's own, plus each of SERVE_V8_FLAGS that neither they nor
 * NODE_OPTIONS set (another value the primary was started with wins, and one in NODE_OPTIONS
 * when its command line has none).
 */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const name = (flag: string) => (flag.split('=')[0] ?? flag).replaceAll('_', '-');
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter(Boolean).map(name));
  return [...execArgv, ...SERVE_V8_FLAGS.filter((flag) => !given.has(name(flag)))];
}

/**
 * How many workers to start: WEB_CONCURRENCY, else one per core on PostgreSQL and one on
 * PGlite. Throws (naming the fix) for several workers on PGlite.
 */
export function workerCount(config: Pick<Config, 'webConcurrency' | 'databaseUrl'>): number {
  if (!config.databaseUrl) {
    if ((config.webConcurrency ?? 1) > 1) {
      throw new Error(
        `WEB_CONCURRENCY=${config.webConcurrency} needs DATABASE_URL: the embedded database (PGlite) belongs to one process. ` +
          'Set DATABASE_URL to a PostgreSQL server (and REDIS_URL for realtime across processes), or WEB_CONCURRENCY=1.',
      );
    }
    return 1;
  }
  return config.webConcurrency ?? availableParallelism();
}

/** In a worker: answers the primary's requests for this process's metrics. */
export function answerClusterMetrics(): void {
  new client.AggregatorRegistry();
}

/**
 * Runs the primary: forks `count` workers, keeps them at that number, and stops them on a
 * signal. Resolves with their port once the first `count` workers listen.
 */
export async function runPrimary(config: Config, count: number): Promise<number> {
  setLogLevel(config.logLevel);
  const aggregator = new client.AggregatorRegistry();
  const metrics =
    config.metricsPort !== undefined
      ? await startMetricsServer(config.metricsPort, config.metricsHost, () => aggregator.clusterMetrics())
      : null;
  let stopping = false;
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, config.nodeOptions) });
  // Deaths in the last minute: a worker that keeps dying is restarted ever more slowly.
  const deaths: number[] = [];
  const fork = () => {
    const worker = cluster.fork();
    log.info({ area: 'cluster', worker: worker.id, workerPid: worker.process.pid }, 'worker started');
  };
  let listening = 0;
  let allListening!: (port: number) => void;
  const started = new Promise<number>((resolve) => {
    allListening = resolve;
  });
  cluster.on('listening', (worker: Worker, address: { port: number }) => {
    log.info({ area: 'cluster', worker: worker.id, workerPid: worker.process.pid }, 'worker listening');
    listening += 1;
    // PORT=0: the workers share the one port the first of them was given.
    if (listening === count) allListening(address.port);
  });
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && (deaths[0] ?? now) < now - 60_000) deaths.shift();
    const delay = Math.min(10_000, 100 * 2 ** (deaths.length - 1));
    log.error(
      { area: 'cluster', worker: worker.id, workerPid: worker.process.pid, code, signal, restartInMs: delay },
      'worker died; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });
  for (let i = 0; i < count; i += 1) fork();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ area: 'cluster', signal }, 'stopping the workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const deadline = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      log.warn({ area: 'cluster' }, `workers still running after ${CLUSTER_DEADLINE_MS} ms were killed`);
      process.exit(1);
    }, CLUSTER_DEADLINE_MS);
    const exited = workers.map((worker) =>
      worker.isDead() ? Promise.resolve() : new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    );
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    void Promise.all(exited)
      .then(() => metrics?.close())
      .then(() => {
        clearTimeout(deadline);
        process.exit(0);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return started;
}
