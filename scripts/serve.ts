/**
 * npm run serve: serves an existing build and database as they are (no build, no seed):
 * the production entry point (`NODE_ENV=production npm run serve` behind a proxy). With
 * WEB_CONCURRENCY above one (the default on PostgreSQL: one per core) a primary process
 * migrates the database and runs that many workers (src/server/platform/cluster.ts;
 * docs/operations.md "Several processes").
 */
import './lib/runtime.ts';
import cluster from 'node:cluster';
import { loadConfig } from '#src/server/env.ts';
import { openConfiguredDatabase, startServer } from '#src/server/main.ts';
import { answerClusterMetrics, runPrimary, workerCount } from '#src/server/platform/cluster.ts';

const config = loadConfig();

if (cluster.isWorker) {
  answerClusterMetrics();
  const database = await openConfiguredDatabase(config, { migrate: false });
  await startServer(config, database, { metrics: false });
} else {
  let count: number;
  try {
    count = workerCount(config);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (count === 1) {
    const database = await openConfiguredDatabase(config);
    const server = await startServer(config, database);
    console.log(`Serving on ${server.url} (${config.env})`);
  } else {
    // Migrations run here once, not in every worker at the same time.
    const database = await openConfiguredDatabase(config);
    await database.close();
    const port = await runPrimary(config, count);
    console.log(`Serving on http://localhost:${port} (${config.env}, ${count} worker processes)`);
  }
}
