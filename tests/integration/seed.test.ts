/** The demo world: deterministic, idempotent, with working demo logins. */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteById, sites } from '#sites-config';
import { accounts, creditLedger, photos, profiles } from '#src/server/db/schema.ts';
import { verifyPassword } from '#src/server/features/accounts/password.ts';
import { COUNTRIES } from '#src/lib/locales.ts';
import { CITIES } from '#src/server/seed/lists/cities.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, generateMembers, seed, type PhotoPool } from '#src/server/seed/index.ts';
import { sourceRegions } from '#src/server/seed/reference.ts';
import { createTestApp, FIXED_NOW, type TestApp } from './harness.ts';

const OPTIONS = { membersPerSite: 40, photoPoolSize: 4, seed: 'test-world', now: FIXED_NOW, sites: sites.slice(0, 3) };

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

async function world(t: TestApp) {
  return t.db
    .select({
      id: profiles.id,
      publicId: profiles.publicId,
      name: profiles.name,
      site: profiles.siteId,
      birthdate: profiles.birthdate,
    })
    .from(profiles)
    .orderBy(asc(profiles.id));
}

describe('seed', () => {
  it('makes the same world from the same options', async () => {
    const first = await seed(a.database, a.config, OPTIONS);
    const second = await seed(b.database, b.config, OPTIONS);
    expect(first).toMatchObject({ skipped: false, members: 120 });
    expect(second.members).toBe(first.members);
    const worldA = await world(a);
    expect(worldA).toHaveLength(120 + DEMO_LOGINS.length);
    expect(await world(b)).toEqual(worldA);
  });

  it('does nothing when members exist, and --reset makes the same world again', async () => {
    const before = await world(a);
    const again = await seed(a.database, a.config, OPTIONS);
    expect(again.skipped).toBe(true);
    expect(await world(a)).toEqual(before);
    const reset = await seed(a.database, a.config, { ...OPTIONS, reset: true });
    expect(reset.skipped).toBe(false);
    expect(await world(a)).toEqual(before);
  });

  it('creates the demo logins with argon2id hashes of the demo password and their credits', async () => {
    const rows = await a.db
      .select({
        email: accounts.email,
        role: accounts.role,
        hash: accounts.passwordHash,
        credits: accounts.credits,
        paid: accounts.paidUser,
      })
      .from(accounts)
      .where(eq(accounts.siteId, 'default'))
      .orderBy(asc(accounts.id));
    const demo = rows.filter((r) => r.email?.endsWith('@demo.test'));
    expect(demo.map((r) => [r.email, r.role])).toEqual([
      ['free@demo.test', 'member'],
      ['premium@demo.test', 'member'],
      ['moderator@demo.test', 'moderator'],
      ['operator@demo.test', 'operator'],
    ]);
    for (const r of demo) {
      expect(r.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(r.hash!, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(r.hash!, 'wrong-password')).toBe(false);
    }
    expect(demo[0]).toMatchObject({ credits: 20, paid: false });
    expect(demo[1]).toMatchObject({ credits: 250, paid: true });
    const ledger = await a.db
      .select({ reason: creditLedger.reason, delta: creditLedger.delta })
      .from(creditLedger)
      .innerJoin(accounts, eq(accounts.id, creditLedger.accountId))
      .where(sql`${accounts.email} like '%@demo.test'`)
      .orderBy(asc(creditLedger.id));
    expect(ledger).toEqual([
      { reason: 'signup_bonus', delta: 20 },
      { reason: 'purchase', delta: 250 },
    ]);
  });

  it('writes believable members: fictional ones without account, photos on disk, balances matching the ledger', async () => {
    const counts = await a.db
      .select({
        type: profiles.type,
        withAccount: sql<number>`count(${profiles.accountId})::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(profiles)
      .groupBy(profiles.type);
    const fictional = counts.find((c) => c.type === 'fictional');
    expect(fictional?.withAccount).toBe(0);
    expect(fictional?.all).toBeGreaterThan(0);
    const mismatched = await a.db.execute(
      sql`select a.id from accounts a left join (select account_id, sum(delta) as total from credit_ledger group by 1) l on l.account_id = a.id where a.credits <> coalesce(l.total, 0)`,
    );
    expect((mismatched as { rows: unknown[] }).rows).toEqual([]);
    const statuses = await a.db.selectDistinct({ status: photos.status }).from(photos);
    expect(statuses.map((s) => s.status).sort()).toEqual(['active', 'being_inspected']);
  });
});

describe('the member generator', () => {
  const pool: PhotoPool = {
    photos: [{ key: 'k'.repeat(24), style: 'long', premium: false }],
    choices: () => pool.photos,
  };
  const take = (siteId: string, count: number) => [
    ...generateMembers(siteById(siteId)!, { count, seed: 'unit', now: FIXED_NOW, pool }),
  ];

  it('is deterministic', () => {
    expect(take('default', 200)).toEqual(take('default', 200));
  });

  it('follows the niche of each site', () => {
    const age = (m: { age: number }) => m.age;
    const gilfWomen = take('gilf', 400).filter((m) => m.gender === 'female');
    expect(Math.min(...gilfWomen.map(age))).toBeGreaterThanOrEqual(55);
    const milfWomen = take('milf', 400).filter((m) => m.gender === 'female');
    expect(Math.max(...milfWomen.map(age))).toBeLessThanOrEqual(55);
    expect(take('gay', 300).every((m) => m.gender === 'male' && m.seeking === 'male')).toBe(true);
    const bbwWomen = take('bbw', 400).filter((m) => m.gender === 'female');
    expect(bbwWomen.filter((m) => m.bodyType === 'fat').length / bbwWomen.length).toBeGreaterThan(0.6);
    const bdsm = take('bdsm', 400);
    expect(bdsm.filter((m) => m.interests.includes('bondage')).length / bdsm.length).toBeGreaterThan(0.4);
    const all = take('default', 1000);
    expect(all.every((m) => m.age >= 18 && m.age <= 80)).toBe(true);
    const share = all.filter((m) => m.fictional).length / all.length;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.11);
  });

  it('places every shipped city in a region the regions table has', () => {
    for (const country of COUNTRIES) {
      const codes = new Set(sourceRegions(country).map((r) => r.code));
      for (const city of CITIES[country]) expect(codes.has(city[1]), `${country} ${city[0]} → ${city[1]}`).toBe(true);
    }
  });
});
