/**
 * The baseline of the load benchmark: a bare Hono app with one JSON route on
 * @hono/node-server, in its own process, so each row is compared with what the framework
 * answers on this machine in the same run. Prints `listening <port>`.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ hello: 'world' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening ${info.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
