/**
 * The security headers of every kind of answer (docs/security.md, the hardening round's
 * finding "Headers"): Permissions-Policy and Cross-Origin-Opener-Policy on API answers,
 * static pages and files (through the app and through the static fast path alike), no
 * referrer from API answers, a framing-proof policy on the unsubscribe landing page, HSTS in
 * production only.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PATH } from '#src/contract/notifications.ts';
import { staticFastPath } from '#src/server/static-sites.ts';
import { HSTS, PERMISSIONS_POLICY } from '#src/server/http/security-headers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let development: TestApp;
let production: TestApp;
const servers: Server[] = [];

async function withSite(app: TestApp): Promise<number> {
  const root = join(app.config.sitesDir, 'default', 'en');
  await mkdir(root, { recursive: true });
  await writeFile(join(root, 'index.html'), `<!doctype html><html><body>${'<p>Flirt</p>'.repeat(50)}</body></html>`);
  await writeFile(join(root, 'robots.txt'), 'User-agent: *\n');
  const fast = staticFastPath(app.deps, app.app.routes);
  const listener = getRequestListener(app.app.fetch);
  const server = createServer((incoming, outgoing) => {
    if (!fast(incoming, outgoing)) void listener(incoming, outgoing);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

let developmentPort = 0;
let productionPort = 0;

beforeAll(async () => {
  [development, production] = await Promise.all([createTestApp(), createTestApp({ env: 'production' })]);
  developmentPort = await withSite(development);
  productionPort = await withSite(production);
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await Promise.all([development.close(), production.close()]);
});

/** GET over a socket (the fast path answers the second request of a page). */
function get(port: number, path: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, ...response.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const EVERY_ANSWER = {
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
};

describe('security headers', () => {
  it('the Permissions-Policy turns camera, microphone and payment off and keeps geolocation to the site', () => {
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
    expect(PERMISSIONS_POLICY).toContain('payment=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
  });

  it('API answers: Permissions-Policy, COOP, no referrer, a closed policy; no HSTS outside production', async () => {
    const answer = await get(developmentPort, '/api/settings.php', { host: 'default.localhost' });
    expect(answer).toMatchObject({ ...EVERY_ANSWER, 'referrer-policy': 'no-referrer' });
    expect(answer['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer['strict-transport-security']).toBeUndefined();
  });

  it('the unsubscribe landing page cannot be framed and runs no script', async () => {
    const answer = await get(developmentPort, `${UNSUBSCRIBE_PATH}?token=nope`, {
      host: 'default.localhost',
      accept: 'text/html',
    });
    expect(String(answer['content-type'])).toContain('text/html');
    const policy = String(answer['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    expect(answer).toMatchObject({ ...EVERY_ANSWER, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
  });

  it('static pages and files carry the app’s headers, from the app and from the fast path', async () => {
    for (const path of ['/', '/robots.txt']) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(developmentPort, path, { host: 'default.localhost', cookie: 'locale=en' });
        expect(answer, `${path} #${i}`).toMatchObject({ status: 200, ...EVERY_ANSWER });
      }
    }
    const page = await get(developmentPort, '/', { host: 'default.localhost', cookie: 'locale=en' });
    expect(page).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
    expect(String(page['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('production adds HSTS to API answers, pages and files', async () => {
    for (const path of ['/api/settings.php', '/', '/', '/robots.txt', '/robots.txt']) {
      const answer = await get(productionPort, path, { host: 'flirtmoment.com', cookie: 'locale=en' });
      expect(answer, path).toMatchObject({ ...EVERY_ANSWER, 'strict-transport-security': HSTS });
      if (!path.startsWith('/api/')) expect(answer['status'], path).toBe(200);
    }
  });
});
