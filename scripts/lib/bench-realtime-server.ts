/**
 * One API process of the realtime benchmark (scripts/lib/bench-realtime.ts starts it with
 * fork): the app as `npm run serve` composes it, on DATABASE_URL, listening on a free port of
 * 127.0.0.1, with the Redis hub on its own channel when BENCH_REDIS_URL is set (so a server
 * of this machine on the same Redis never hears the benchmark). The benchmark asks it over
 * the fork's IPC channel to publish events, which is the bench's trigger: no HTTP route of
 * the product publishes arbitrary events.
 *
 * Messages in: { type: 'publish', accountId, seq } (a `counters` event whose total_unread is
 * seq), { type: 'stop' }. Out: { type: 'ready', port }, { type: 'published', seq }.
 */
import './runtime.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { composeApp } from '#src/server/app.ts';
import { openDatabase } from '#src/server/db/client.ts';
import { loadConfig } from '#src/server/env.ts';
import { createRedisEventHub } from '#src/server/features/events/index.ts';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl || !process.send) throw new Error('bench-realtime-server: run by bench-realtime.ts with DATABASE_URL');
const redisUrl = process.env['BENCH_REDIS_URL'];
const channel = process.env['BENCH_REDIS_CHANNEL'];

const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-realtime-')),
});
const database = await openDatabase({ kind: 'postgres', url: databaseUrl, max: 10 });
const { app, deps } = composeApp(config, database, {
  ...(redisUrl
    ? {
        override: (built) => ({
          ...built,
          events: createRedisEventHub(database.db, redisUrl, channel ? { channel } : {}),
        }),
      }
    : {}),
});
await deps.events.ready();
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

type Message = { type: 'publish'; accountId: number; seq: number } | { type: 'stop' };
process.on('message', (message: Message) => {
  if (message.type === 'publish') {
    deps.events
      .publish([{ accountId: message.accountId, event: { type: 'counters', data: { total_unread: message.seq } } }])
      .then(
        () => process.send?.({ type: 'published', seq: message.seq }),
        (error: unknown) => console.error('[bench-realtime-server] publish failed:', error),
      );
  } else {
    void (async () => {
      await deps.events.close();
      server.close();
      await database.close();
      process.exit(0);
    })();
  }
});
process.send({ type: 'ready', port });
