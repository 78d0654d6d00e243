/**
 * The reading calls a scraper would loop over (search, member pages, teasers, city
 * suggestions) count per account and per IP address (LOOKUP_LIMITS) and answer 429 with the
 * translated message beyond either limit, until the hour has passed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOOKUP_LIMITS, LOOKUP_WINDOW_MS, type LookupKind } from '#src/contract/limits.ts';
import { rateLimits } from '#src/server/db/schema.ts';
import { accountKey, ipKey } from '#src/server/http/rate-limit.ts';
import { FIXED_NOW, createTestApp, createTestMember, errorAnswerOf, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
let viewer: { accountId: number; session: string };
let other: { publicId: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const created = await createTestMember(t, { gender: 'male', seeking: 'female' });
  viewer = { accountId: created.accountId, session: await t.login(created.accountId) };
  other = await createTestMember(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimits);
  t.clock.now = new Date(FIXED_NOW);
});

/** Uses up a counter as `max` earlier calls in this window would have. */
async function exhaust(key: string, max: number): Promise<void> {
  await t.db
    .insert(rateLimits)
    .values({ key, windowStart: t.clock.now, count: max })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: t.clock.now, count: max } });
}

// In-process requests have no socket: their address is 'unknown'.
const exhaustIp = async (kind: LookupKind) =>
  exhaust(await ipKey(t.db, `lookup-${kind}`, 'unknown'), LOOKUP_LIMITS[kind].ip);

const calls: Record<LookupKind, (session?: string) => Promise<Response>> = {
  search: (session) => t.request('/api/search.php?auto_load=1&source=members&hideNudity=0', session ? { session } : {}),
  member: (session) => t.request(`/api/member.php?id=${other.publicId}`, session ? { session } : {}),
  teasers: () => t.request('/api/teasers.php?gender=female'),
  cities: (session) => t.request('/api/cities.php?country=NL&q=a', session ? { session } : {}),
};

async function expectLimited(response: Response, message = 'Too many requests, please wait a moment and try again.') {
  expect(response.status).toBe(429);
  expect(await errorAnswerOf(response)).toEqual({ error: { code: 'rate_limited', message } });
}

describe('lookup limits', () => {
  it.each(['search', 'member', 'cities'] as const)('%s: per account, then free again after the hour', async (kind) => {
    expect((await calls[kind](viewer.session)).status).toBe(200);
    const limit = LOOKUP_LIMITS[kind].account;
    await t.db.delete(rateLimits);
    await exhaust(accountKey(`lookup-${kind}`, viewer.accountId), limit);
    await expectLimited(await calls[kind](viewer.session));
    t.clock.now = new Date(FIXED_NOW.getTime() + LOOKUP_WINDOW_MS + 1);
    expect((await calls[kind](viewer.session)).status).toBe(200);
  });

  it.each(['search', 'member', 'teasers', 'cities'] as const)('%s: per IP address, for every account', async (kind) => {
    await exhaustIp(kind);
    await expectLimited(await calls[kind](viewer.session));
  });

  it('counts every call: the limit-th call passes, the next one is refused', async () => {
    await exhaust(await ipKey(t.db, 'lookup-teasers', 'unknown'), LOOKUP_LIMITS.teasers.ip - 1);
    expect((await calls.teasers()).status).toBe(200);
    await expectLimited(await calls.teasers());
  });

  it('answers in the visitor language', async () => {
    const teasers = await t.request('/api/teasers.php?gender=female', { cookies: { locale: 'de' } });
    expect(teasers.status).toBe(200);
    await exhaustIp('teasers');
    await expectLimited(
      await t.request('/api/teasers.php?gender=female', { cookies: { locale: 'de' } }),
      'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
    );
  });
});
