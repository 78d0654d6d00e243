/**
 * The HTTP hardening (docs/security.md): the client IP behind trusted proxies,
 * the JSON body limit, the CSRF guards, and the production defaults (dev inbox, unknown
 * hosts, Secure cookies, HSTS, the pages' Content-Security-Policy, the start refusal).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '#src/i18n/index.ts';
import { loadConfig, productionProblems } from '#src/server/env.ts';
import { JSON_BODY_MAX_BYTES } from '#src/server/http/body-limit.ts';
import { forwardedClient } from '#src/server/http/client-ip.ts';
import { assertProductionReady } from '#src/server/main.ts';
import { accounts } from '#src/server/db/schema.ts';
import { hashPassword } from '#src/server/features/accounts/password.ts';
import { seed, seedIfEmpty } from '#src/server/seed/index.ts';
import { PASSWORD, uniqueEmail } from './accounts-helpers.ts';
import { createTestApp, createTestMember, errorAnswerOf, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
let proxied: TestApp;
let production: TestApp;
let passwordHash: string;

beforeAll(async () => {
  [t, proxied, production] = await Promise.all([
    createTestApp(),
    createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, trustProxy: true, proxyHops: 1 } }) }),
    createTestApp({ env: 'production' }),
  ]);
  await Promise.all([t, proxied, production].map(seedSiteData));
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => Promise.all([t, proxied, production].map((app) => app.close())));

describe('client IP behind proxies', () => {
  it('takes the entry the trusted proxies wrote, not what the client put in front of it', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient(' 203.0.113.7 ', 1)).toBe('203.0.113.7');
    expect(forwardedClient('[2001:db8::1]', 1)).toBe('2001:db8::1');
    expect(forwardedClient('203.0.113.7:4711', 1)).toBe('203.0.113.7');
    // Fewer entries than proxies: the left-most, written by our outer proxy.
    expect(forwardedClient('203.0.113.7', 3)).toBe('203.0.113.7');
    expect(forwardedClient('not-an-ip', 1)).toBeNull();
    expect(forwardedClient('203.0.113.7', 0)).toBeNull();
  });

  it('reads TRUST_PROXY as a number of hops and CLIENT_IP_HEADER as the CDN header', () => {
    expect(loadConfig({ TRUST_PROXY: '2' })).toMatchObject({ trustProxy: true, proxyHops: 2 });
    expect(loadConfig({ TRUST_PROXY: '1' })).toMatchObject({ trustProxy: true, proxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, proxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: '0' })).toMatchObject({ trustProxy: false, proxyHops: 0 });
    expect(loadConfig({})).toMatchObject({ trustProxy: false, proxyConfigured: false });
    expect(loadConfig({ CLIENT_IP_HEADER: 'CF-Connecting-IP' }).clientIpHeader).toBe('cf-connecting-ip');
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('counts a spoofed X-Forwarded-For against the real client: the IP limit still holds', async () => {
    // 20 failed logins per IP per 15 minutes; the client writes a new first entry each time.
    const login = (i: number) =>
      proxied.request('/api/user.php', {
        method: 'POST',
        json: { email: uniqueEmail('spray'), password: 'Wrong-Password-1' },
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.70` },
      });
    for (let i = 0; i < 20; i++) expect((await login(i)).status).toBe(401);
    const refused = await login(99);
    expect(refused.status).toBe(429);
    expect((await errorAnswerOf(refused)).error.code).toBe('rate_limited');
  });

  it('takes the configured CDN header over X-Forwarded-For', async () => {
    const cdn = await createTestApp({
      deps: (d) => ({
        ...d,
        config: { ...d.config, trustProxy: true, proxyHops: 1, clientIpHeader: 'cf-connecting-ip' },
      }),
    });
    try {
      await seedSiteData(cdn);
      const login = (i: number) =>
        cdn.request('/api/user.php', {
          method: 'POST',
          json: { email: uniqueEmail('cdn'), password: 'Wrong-Password-1' },
          headers: { 'cf-connecting-ip': '203.0.113.80', 'x-forwarded-for': `198.51.100.${i}` },
        });
      for (let i = 0; i < 20; i++) expect((await login(i)).status).toBe(401);
      expect((await login(99)).status).toBe(429);
    } finally {
      await cdn.close();
    }
  });
});

describe('JSON body limit', () => {
  it('refuses a body over 64 KB with 413 and a translated message, before reading it', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    for (const path of ['/api/page-hidden.php', '/api/user.php', '/api/signup.php']) {
      const response = await t.request(path, {
        method: 'POST',
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, path).toBe(413);
      const { error } = await errorAnswerOf(response);
      expect(error).toEqual({ code: 'payload_too_large', message: catalogues.en.api.payload_too_large });
    }
    const german = await t.request('/api/page-hidden.php', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
      cookies: { locale: 'de' },
    });
    expect((await errorAnswerOf(german)).error.message).toBe(catalogues.de.api.payload_too_large);
  });

  it('counts a body without Content-Length as it streams in', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await t.app.request('/api/page-hidden.php', {
      method: 'POST',
      body,
      headers: { host: 'default.localhost', 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('lets ordinary bodies and multipart uploads (their own limit) through', async () => {
    expect((await t.request('/api/page-hidden.php', { method: 'POST', json: {} })).status).toBe(204);
    const member = await createTestMember(t);
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(200 * 1024)], { type: 'image/jpeg' }), 'big.jpg');
    const upload = await t.app.request('/api/photos.php', {
      method: 'POST',
      body: form,
      headers: {
        host: 'default.localhost',
        cookie: `auth.session=${await t.login(member.accountId)}`,
        'x-request-type': 'client',
      },
    });
    // Past the JSON limit: the photo route decides (here: not an image), not a 413.
    expect(upload.status).not.toBe(413);
    expect(upload.status).toBeLessThan(500);
  });
});

describe('CSRF', () => {
  const loginBody = (email: string) => JSON.stringify({ email, password: PASSWORD });

  it('refuses a JSON body sent as a form-compatible type, whatever its parameters say', async () => {
    const { accountId } = await createTestMember(t, { passwordHash });
    const email = uniqueEmail('csrf');
    await createTestMember(t, { email, passwordHash });
    for (const type of [
      'text/plain; x=application/json',
      'text/plain;application/json',
      'application/x-www-form-urlencoded; a=application/json',
    ]) {
      const response = await t.request('/api/user.php', {
        method: 'POST',
        body: loginBody(email),
        headers: { 'content-type': type },
      });
      expect(response.status, type).toBe(415);
    }
    expect(accountId).toBeGreaterThan(0);
    const exact = await t.request('/api/user.php', {
      method: 'POST',
      body: loginBody(email),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(exact.status).toBe(200);
  });

  it('refuses writes whose Origin is another site, even with the client header', async () => {
    const email = uniqueEmail('origin');
    await createTestMember(t, { email, passwordHash });
    for (const origin of ['https://evil.example', 'null', 'http://bdsm.localhost']) {
      const response = await t.request('/api/user.php', {
        method: 'POST',
        json: { email, password: PASSWORD },
        headers: { origin, 'x-request-type': 'client' },
      });
      expect(response.status, origin).toBe(403);
      const { error } = await errorAnswerOf(response);
      expect(error).toEqual({ code: 'cross_site', message: catalogues.en.api.cross_site });
    }
    const crossSite = await t.request('/api/page-hidden.php', {
      method: 'POST',
      json: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('accepts writes from the site itself and from its other host names', async () => {
    const email = uniqueEmail('same');
    await createTestMember(t, { email, passwordHash });
    for (const origin of ['http://default.localhost', 'http://de.default.localhost']) {
      const response = await t.request('/api/user.php', {
        method: 'POST',
        json: { email, password: PASSWORD },
        headers: { origin },
      });
      expect(response.status, origin).toBe(200);
    }
  });
});

describe('production defaults', () => {
  it('has no dev inbox unless DEV_INBOX is on, and answers it only on local host names', async () => {
    expect(loadConfig({}).devInbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_INBOX: '1' })).toThrow(/DEV_INBOX/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1' })).toThrow(/DEMO_SEED/);
    const closed = await createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, devInbox: false } }) });
    try {
      await closed.mail.send({ to: 'a@example.test', subject: 'Reset', text: 'secret link', siteId: 'default' });
      // Without the inbox the path is just another page of the (local) index of sites.
      const answer = await closed.request('/_dev/mail.json', { host: 'localhost' });
      expect(answer.headers.get('content-type')).not.toContain('json');
      expect(await answer.text()).not.toContain('secret link');
    } finally {
      await closed.close();
    }
    expect((await t.request('/_dev/mail.json', { host: 'localhost' })).status).toBe(200);
    expect((await t.request('/_dev/mail.json', { host: 'flirtmoment.com' })).status).toBe(404);
    expect((await t.request('/_dev/mail', { host: 'evil.example' })).status).toBe(404);
    expect((await t.request('/_dev/sms.json', { host: 'flirtmoment.nl' })).status).toBe(404);
  });

  it('seeds no demo logins (known passwords, staff among them) into a production database', async () => {
    await expect(seed(production.database, production.config, { membersPerSite: 1 })).rejects.toThrow(
      /Refusing to seed demo members/,
    );
    expect(await seedIfEmpty(production.database, production.config)).toBeNull();
    expect(await seedIfEmpty(t.database, { ...t.config, demoSeed: false })).toBeNull();
    const staff = await production.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'moderator'));
    expect(staff).toEqual([]);
  });

  it('answers an unknown host with 404 in production instead of the list of brands', async () => {
    const local = await t.request('/', { host: 'unknown.example' });
    expect(await local.text()).toContain('Flirtmoment');
    const answer = await production.request('/', { host: 'unknown.example' });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('Flirtmoment');
  });

  it('marks the session cookies Secure in production even when the request looks like http', async () => {
    const email = uniqueEmail('secure');
    await createTestMember(production, { email, passwordHash });
    const response = await production.request('/api/user.php', { method: 'POST', json: { email, password: PASSWORD } });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('auth.session='))).toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith('auth.loggedIn='))).toMatch(/Secure/);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await t.request('/api/interests.php')).headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses to start in production without SMTP and a proxy setting, naming both', () => {
    const bare = loadConfig({ NODE_ENV: 'production' });
    expect(productionProblems(bare).join('\n')).toMatch(/SMTP_URL[\s\S]*TRUST_PROXY/);
    expect(() => assertProductionReady(bare)).toThrow(/Refusing to start in production:[\s\S]*SMTP_URL/);
    const ready = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', TRUST_PROXY: '0' });
    expect(productionProblems(ready)).toEqual([]);
    expect(() => assertProductionReady(ready)).not.toThrow();
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });

  it('sends static pages with a CSP that names the hashes of their inline scripts', async () => {
    const inline = "document.documentElement.dataset.ready='1'";
    const root = join(production.config.sitesDir, 'default', 'en');
    await mkdir(root, { recursive: true });
    await writeFile(
      join(root, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script><script type="module" src="/_astro/x.js"></script></head><body></body></html>`,
    );
    const response = await production.request('/', { host: 'flirtmoment.com' });
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
