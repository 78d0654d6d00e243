/**
 * npm run serve: serves an existing build and database as they are (no build, no seed):
 * the production entry point (`NODE_ENV=production npm run serve` behind a proxy).
 */
import './lib/runtime.ts';
import { loadConfig } from '#src/server/env.ts';
import { openConfiguredDatabase, startServer } from '#src/server/main.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const server = await startServer(config, database);
console.log(`Serving on ${server.url} (${config.env})`);
