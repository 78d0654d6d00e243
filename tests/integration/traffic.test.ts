/**
 * POST /api/page-hidden.php (SPEC §4 "Page bounce logging", §7): daily counters per site,
 * path, network, locale and lander variant in page_bounces, the page taken from a same-host Referer only, the per-IP
 * limit that answers like any beacon but stops counting, the accepted bodies, and the
 * retention prune.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageBounces, rateLimits } from '#src/server/db/schema.ts';
import { PAGE_HIDDEN_LIMIT } from '#src/server/features/traffic/routes.ts';
import { prunePageBounces } from '#src/server/features/traffic/service.ts';
import { FIXED_NOW, createTestApp, seedSiteData, type TestApp } from './harness.ts';

const DAY = 86_400_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.delete(pageBounces);
  await t.db.delete(rateLimits);
  t.clock.now = new Date(FIXED_NOW);
});

interface BeaconInit {
  host?: string;
  referer?: string | null;
  cookie?: string;
  body?: string;
  contentType?: string;
}

/** A beacon as the browser sends it: JSON '{}', the page as Referer. */
function beacon(init: BeaconInit = {}) {
  const host = init.host ?? 'default.localhost';
  const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/json' };
  const referer = init.referer === undefined ? `http://${host}/landers/swipe?lb=1` : init.referer;
  if (referer !== null) headers['referer'] = referer;
  if (init.cookie) headers['cookie'] = init.cookie;
  return t.request('/api/page-hidden.php', {
    method: 'POST',
    host,
    headers,
    ...(init.body === undefined ? { body: '{}' } : { body: init.body }),
  });
}

async function rows() {
  return t.db
    .select()
    .from(pageBounces)
    .orderBy(
      asc(pageBounces.siteId),
      asc(pageBounces.day),
      asc(pageBounces.path),
      asc(pageBounces.network),
      asc(pageBounces.locale),
      asc(pageBounces.variant),
    );
}

describe('POST /api/page-hidden.php', () => {
  it('answers 204 without a body and counts per site, day, path and network', async () => {
    const first = await beacon({ referer: 'http://default.localhost/landers/swipe?lb=1&network=adnet' });
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    expect(first.headers.get('cache-control')).toBe('no-store');

    await beacon({ referer: 'http://default.localhost/landers/swipe?network=adnet&lb' });
    await beacon({ referer: 'http://default.localhost/landers/swipe?lb=1&network=other' });
    await beacon({ referer: 'http://default.localhost/landers/swipe?lb=1' });
    await beacon({ referer: 'http://default.localhost/?lb=1&network=adnet#hero' });
    await beacon({ host: 'bdsm.localhost', referer: 'http://bdsm.localhost/landers/swipe?lb=1&network=adnet' });
    t.clock.now = new Date(FIXED_NOW.getTime() + DAY);
    await beacon({ referer: 'http://default.localhost/landers/swipe?lb=1&network=adnet' });

    expect(await rows()).toEqual([
      {
        siteId: 'bdsm',
        day: '2025-06-01',
        path: '/landers/swipe',
        network: 'adnet',
        locale: 'en',
        variant: 'control',
        count: 1,
      },
      { siteId: 'default', day: '2025-06-01', path: '/', network: 'adnet', locale: 'en', variant: '', count: 1 },
      {
        siteId: 'default',
        day: '2025-06-01',
        path: '/landers/swipe',
        network: '',
        locale: 'en',
        variant: 'control',
        count: 1,
      },
      {
        siteId: 'default',
        day: '2025-06-01',
        path: '/landers/swipe',
        network: 'adnet',
        locale: 'en',
        variant: 'control',
        count: 2,
      },
      {
        siteId: 'default',
        day: '2025-06-01',
        path: '/landers/swipe',
        network: 'other',
        locale: 'en',
        variant: 'control',
        count: 1,
      },
      {
        siteId: 'default',
        day: '2025-06-02',
        path: '/landers/swipe',
        network: 'adnet',
        locale: 'en',
        variant: 'control',
        count: 1,
      },
    ]);
  });

  it('counts the day in UTC', async () => {
    t.clock.now = new Date('2025-06-01T23:59:59.000Z');
    await beacon();
    t.clock.now = new Date('2025-06-02T00:00:00.000Z');
    await beacon();
    expect((await rows()).map((r) => [r.day, r.count])).toEqual([
      ['2025-06-01', 1],
      ['2025-06-02', 1],
    ]);
  });

  it.each([
    ['another host', 'http://evil.test/landers/swipe?network=spam'],
    ['another site of ours', 'http://bdsm.localhost/landers/swipe?network=x'],
    ['another port', 'http://default.localhost:8080/landers/swipe'],
    ['no URL', 'not a url'],
    ['another scheme', 'ftp://default.localhost/landers/swipe'],
    ['no Referer', null],
  ])('counts %s as the unknown path without a network', async (_case, referer) => {
    expect((await beacon({ referer })).status).toBe(204);
    expect(await rows()).toEqual([
      { siteId: 'default', day: '2025-06-01', path: '(unknown)', network: '', locale: 'en', variant: '', count: 1 },
    ]);
  });

  it('keeps the locale the page was shown in and the lander variant the visitor was shown', async () => {
    // gallery runs an experiment on default/en (control and b); the static server keeps the
    // variant it served in the lander_variants cookie.
    await beacon({ referer: 'http://default.localhost/landers/gallery?lb=1', cookie: 'lander_variants=gallery.b' });
    await beacon({ referer: 'http://default.localhost/landers/gallery?lb=1', cookie: 'lander_variants=gallery.zz' });
    await beacon({ referer: 'http://default.localhost/landers/gallery?lb=1', cookie: 'locale=de' });
    await beacon({ referer: 'http://default.localhost/signup?lb=1', cookie: 'lander_variants=gallery.b' });
    expect((await rows()).map((r) => [r.path, r.locale, r.variant, r.count])).toEqual([
      ['/landers/gallery', 'de', 'control', 1],
      ['/landers/gallery', 'en', 'b', 1],
      ['/landers/gallery', 'en', 'control', 1],
      ['/signup', 'en', '', 1],
    ]);
  });

  it('keeps the port of the own host, cuts long networks, cleans the network', async () => {
    await beacon({
      host: 'default.localhost:4321',
      referer: `http://default.localhost:4321/landers/video/spring-sale?network=${'n'.repeat(300)}`,
    });
    await beacon({ referer: 'http://default.localhost/members/ab12cd34ef56/landing2/summer?network=%7Bnet%7D%0A' });
    const [cut, clean] = await rows();
    expect(cut).toMatchObject({ path: '/landers/video/spring-sale', network: 'n'.repeat(100) });
    expect(clean).toMatchObject({ path: '/members/ab12cd34ef56/landing2/summer', network: 'net' });
  });

  it.each([
    '/',
    '/signup',
    '/signup-matches/',
    '/members/ab12cd34ef56/landing',
    '/members/ab12cd34ef56/signup',
    '/members/ab12cd34ef56/landing3',
    '/landers/swipe',
    '/landers/alonetonight',
    '/landers/maplanding/bdsm-nearby',
  ])('counts the lander %s', async (path) => {
    await beacon({ referer: `http://default.localhost${path}?lb=1` });
    expect((await rows()).map((r) => r.path)).toEqual([path]);
  });

  it.each([
    '/members',
    '/members/ab12cd34ef56',
    '/chats/12',
    '/pages/terms',
    '/landers/not-a-lander',
    '/landers/video/a/b',
    `/landers/video/${'s'.repeat(81)}`,
    '/x',
    '/wp-admin/any-path-a-script-likes',
  ])('counts nothing for the own page %s, which is no lander', async (path) => {
    expect((await beacon({ referer: `http://default.localhost${path}?lb=1&network=spam` })).status).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('stores no visitor data: no address, no cookie, no time of day', async () => {
    await beacon();
    const [row] = await rows();
    expect(Object.keys(row ?? {}).sort()).toEqual(['count', 'day', 'locale', 'network', 'path', 'siteId', 'variant']);
    // The rate limit keeps a keyed hash, never the address itself.
    const limits = await t.db.select().from(rateLimits);
    expect(limits.map((l) => l.key)).toEqual([expect.stringMatching(/^page-hidden:ip:[0-9a-f]{32}$/)]);
  });

  it('answers 204 over the per-IP limit but stops counting, until the hour has passed', async () => {
    for (let i = 0; i < PAGE_HIDDEN_LIMIT.max; i++) expect((await beacon()).status).toBe(204);
    const over = await beacon();
    expect(over.status).toBe(204);
    expect((await rows())[0]?.count).toBe(PAGE_HIDDEN_LIMIT.max);

    t.clock.now = new Date(FIXED_NOW.getTime() + PAGE_HIDDEN_LIMIT.windowMs + 1);
    await beacon();
    expect((await rows())[0]?.count).toBe(PAGE_HIDDEN_LIMIT.max + 1);
  });

  it('answers 204 on a host that is no site, counting nothing', async () => {
    const response = await beacon({ host: 'unknown.example', referer: 'http://unknown.example/' });
    expect(response.status).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('accepts an empty body as well as {}', async () => {
    expect((await beacon({ body: '' })).status).toBe(204);
    expect((await rows())[0]?.count).toBe(1);
  });

  it('refuses a body that is not an empty object, and a non-JSON content type', async () => {
    expect((await beacon({ body: '{"path":"/x"}' })).status).toBe(400);
    expect((await beacon({ body: 'not json' })).status).toBe(400);
    expect((await beacon({ contentType: 'text/plain' })).status).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers %s with not_found', async (method) => {
    const response = await t.request('/api/page-hidden.php', {
      method,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(await rows()).toEqual([]);
  });
});

describe('prunePageBounces', () => {
  it('drops the days older than 400 days and keeps the rest', async () => {
    for (const daysAgo of [401, 400, 10, 0]) {
      t.clock.now = new Date(FIXED_NOW.getTime() - daysAgo * DAY);
      await beacon();
    }
    await prunePageBounces(t.db, FIXED_NOW);
    expect((await rows()).map((r) => r.day)).toEqual(['2024-04-27', '2025-05-22', '2025-06-01']);
  });
});
