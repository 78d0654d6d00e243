/**
 * The static fast path (src/server/static-sites.ts, staticFastPath): static pages held in
 * memory are answered before the Hono app, byte for byte and header for header as the
 * app answers them; everything it does not know goes to the app.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFastPath } from '#src/server/static-sites.ts';
import { createTestApp, type TestApp } from './harness.ts';

interface Served {
  app: TestApp;
  server: Server;
  port: number;
  /** Answers the fast path gave. */
  fast: number;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const PAGE = `<!doctype html><html><head><script>document.documentElement.dataset.ready='1'</script></head><body>${'<p>Flirt</p>'.repeat(200)}</body></html>`;

async function serve(app: TestApp): Promise<Served> {
  for (const locale of ['en', 'fr']) {
    const root = join(app.config.sitesDir, 'default', locale);
    await mkdir(join(root, '_astro'), { recursive: true });
    await writeFile(join(root, 'index.html'), PAGE.replace('Flirt', `Flirt ${locale}`));
    await writeFile(join(root, '404.html'), `<!doctype html><title>Not found</title>${'<p>Lost</p>'.repeat(100)}`);
    await writeFile(join(root, 'robots.txt'), 'User-agent: *\n');
    await writeFile(join(root, '_astro/app.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  }
  const fast = staticFastPath(app.deps, app.app.routes);
  const listener = getRequestListener(app.app.fetch);
  const served: Served = { app, server: createServer(), port: 0, fast: 0 };
  served.server.on('request', (incoming, outgoing) => {
    if (fast(incoming, outgoing)) served.fast++;
    else void listener(incoming, outgoing);
  });
  await new Promise<void>((resolve) => served.server.listen(0, '127.0.0.1', resolve));
  served.port = (served.server.address() as AddressInfo).port;
  return served;
}

function get(served: Served, path: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: served.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: { ...res.headers }, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The app's own answer to the same request, in-process (the fast path is not on this way). */
async function fromApp(served: Served, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const response = await served.app.app.request(path, { headers });
  const answer: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') answer[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) answer['set-cookie'] = cookies;
  return { status: response.status, headers: answer, body: Buffer.from(await response.arrayBuffer()) };
}

/** Headers the HTTP layer adds (connection, date, length) and the request's own id left out. */
const LAYER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id']);
function comparable(headers: RawAnswer['headers']): RawAnswer['headers'] {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !LAYER_HEADERS.has(name)));
}

let plain: Served;
let proxied: Served;
let production: Served;
beforeAll(async () => {
  const [a, b, c] = await Promise.all([
    createTestApp(),
    createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, trustProxy: true } }) }),
    createTestApp({ env: 'production' }),
  ]);
  [plain, proxied, production] = await Promise.all([serve(a), serve(b), serve(c)]);
});
afterAll(async () => {
  for (const served of [plain, proxied, production]) {
    await new Promise<void>((resolve) => served.server.close(() => resolve()));
    await served.app.close();
  }
});

describe('static pages before the app', () => {
  const cases: [string, () => Served, string, Record<string, string>][] = [
    ['a page, brotli, first visit (the locale cookie is set)', () => plain, '/', { 'accept-encoding': 'gzip, br' }],
    ['a page in the cookie’s language, gzip', () => plain, '/', { 'accept-encoding': 'gzip', cookie: 'locale=fr' }],
    ['a page with a query string', () => plain, '/?utm_source=x', { cookie: 'locale=en' }],
    ['a small text file', () => plain, '/robots.txt', { 'accept-encoding': 'br' }],
    ['a hashed asset', () => plain, '/_astro/app.js', { 'accept-encoding': 'br', cookie: 'locale=en' }],
    ['a missing page (404)', () => plain, '/nope', { 'accept-encoding': 'br' }],
    ['the geoip country cookie beside the locale cookie', () => proxied, '/', { 'cf-ipcountry': 'BE' }],
    ['production (HSTS)', () => production, '/', { 'accept-encoding': 'br' }],
    ['production, a file that is not a page (HSTS)', () => production, '/robots.txt', {}],
  ];
  for (const [name, which, path, extra] of cases) {
    it(`answers as the app does: ${name}`, async () => {
      const served = which();
      const headers = { host: served === production ? 'flirtmoment.com' : 'default.localhost', ...extra };
      await get(served, path, headers);
      const before = served.fast;
      const fast = await get(served, path, headers);
      expect(served.fast).toBe(before + 1);
      const app = await fromApp(served, path, headers);
      expect(fast.status).toBe(app.status);
      expect(comparable(fast.headers)).toEqual(comparable(app.headers));
      expect(fast.headers['content-length']).toBe(String(app.body.length));
      expect(fast.body.equals(app.body)).toBe(true);
    });
  }

  it('leaves HEAD, other routes, unknown hosts and unusual paths to the app', async () => {
    const host = { host: 'default.localhost' };
    await get(plain, '/', host);
    const before = plain.fast;
    expect((await get(plain, '/', host, 'HEAD')).status).toBe(200);
    expect((await get(plain, '/lang-config?locale=fr', host)).status).toBe(302);
    expect((await get(plain, '/_dev/mail', host)).status).toBe(200);
    expect((await get(plain, '/api/settings.php', host)).status).not.toBe(200);
    expect((await get(plain, '/', { host: 'elsewhere.example' })).status).toBe(200);
    expect((await get(plain, '/%72obots.txt', host)).status).toBe(200);
    expect((await get(plain, '/pages/../robots.txt', host)).status).toBe(200);
    expect(plain.fast).toBe(before);
  });
});
