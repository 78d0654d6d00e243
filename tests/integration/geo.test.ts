/**
 * GET /api/geocode.php (SPEC §4, §5 'Geolocation', §7): country and region of a
 * browser position, offline, for places in several served countries (including those whose
 * place data is listed a level below our regions or under newer codes), at sea and abroad;
 * login only; the member's position is stored snapped to the grid, never shown to anyone,
 * and goes with the profile when the account is purged.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeocodeAnswer, getGeocode } from '#src/contract/geo.ts';
import { accounts, profiles } from '#src/server/db/schema.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/deletion.ts';
import { createLocalStorageProvider } from '#src/server/providers/storage/local.ts';
import { GEOCODE_LIMIT } from '#src/server/features/geo/routes.ts';
import { regionIds } from '#src/server/seed/index.ts';
import {
  FIXED_NOW,
  createTestApp,
  createTestMember,
  seedSiteData,
  type TestApp,
  errorAnswerOf,
  answerOf,
} from './harness.ts';

const DAY = 86_400_000;

let t: TestApp;
let regions: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  regions = await regionIds(t.db);
});

afterAll(async () => {
  await t.close();
});

async function member() {
  const created = await createTestMember(t, { photos: [{ key: 'geotestkey', status: 'active' }] });
  return { ...created, session: await t.login(created.accountId) };
}

type Member = Awaited<ReturnType<typeof member>>;

const geocode = (viewer: Member | null, lat: number | string, lon: number | string) =>
  t.request(`/api/geocode.php?lat=${lat}&lon=${lon}`, viewer ? { session: viewer.session } : {});

/** The answer expected for a region code of our regions table ('NL:NH'). */
function inRegion(key: string): GeocodeAnswer {
  const [country, code] = key.split(':') as [string, string];
  const id = regions.get(key);
  if (id === undefined) throw new Error(`no region ${key}`);
  return { country, countryregion: id, region_code: code.startsWith(`${country}-`) ? code : `${country}-${code}` };
}

describe('GET /api/geocode.php', () => {
  it.each([
    ['Amsterdam', 52.3731, 4.8922, 'NL:NH'],
    ['Rotterdam', 51.9244, 4.4777, 'NL:ZH'],
    ['Munich', 48.1372, 11.5756, 'DE:BY'],
    ['Vienna', 48.2082, 16.3738, 'AT:9'],
    ['Brussels', 50.8467, 4.3525, 'BE:BRU'],
    ['Ghent', 51.0543, 3.7174, 'BE:VLG'],
    ['Zürich', 47.3769, 8.5417, 'CH:ZH'],
    ['Edinburgh', 55.9533, -3.1883, 'GB:EDH'],
    // The places data lists Northampton under the 2021 unitary authorities.
    ['Northampton', 52.2405, -0.9027, 'GB:NTH'],
    // Ireland's places are filed by province: the county centroids decide.
    ['Dublin', 53.3498, -6.2603, 'IE:D'],
    // France and Italy: places by department / province, regions one level up.
    ['Paris', 48.8566, 2.3522, 'FR:IDF'],
    ['Lyon', 45.764, 4.8357, 'FR:ARA'],
    ['Ajaccio', 41.9192, 8.7386, 'FR:COR'],
    ['Milan', 45.4642, 9.19, 'IT:25'],
    ['Palermo', 38.1157, 13.3615, 'IT:82'],
    // Norway: the places data has the 2024 counties, our regions the 2020 ones.
    ['Drammen', 59.7439, 10.2045, 'NO:30'],
    ['Bergen', 60.3913, 5.3221, 'NO:46'],
    // Codes stored with their country prefix.
    ['Copenhagen', 55.6761, 12.5683, 'DK:DK-84'],
    ['Helsinki', 60.1699, 24.9384, 'FI:FI-18'],
    ['Toronto', 43.6532, -79.3832, 'CA:ON'],
    ['Sydney', -33.8688, 151.2093, 'AU:NSW'],
    ['Chicago', 41.8781, -87.6298, 'US:IL'],
    // An overseas part that country-coder names apart is a region of its country.
    ['Cayenne', 4.9224, -52.3135, 'FR:GF'],
    ['San Juan', 18.4655, -66.1057, 'US:PR'],
  ])('finds %s', async (_name, lat, lon, region) => {
    const viewer = await member();
    const response = await geocode(viewer, lat, lon);
    expect(response.status).toBe(200);
    expect(await answerOf(getGeocode, response)).toEqual(inRegion(region));
  });

  it('answers no country at sea and no region in a country no site serves', async () => {
    const viewer = await member();
    expect(await answerOf(getGeocode, await geocode(viewer, 53.5, 3.0))).toEqual({
      country: null,
      countryregion: 0,
      region_code: null,
    });
    expect(await answerOf(getGeocode, await geocode(viewer, 50.0755, 14.4378))).toEqual({
      country: 'CZ',
      countryregion: 0,
      region_code: null,
    });
    // Jersey is not part of the United Kingdom's regions: its own code, so the client marks it.
    expect(await answerOf(getGeocode, await geocode(viewer, 49.1868, -2.1064))).toEqual({
      country: 'JE',
      countryregion: 0,
      region_code: null,
    });
  });

  it('is for logged-in members only and checks the coordinates', async () => {
    const visitor = await geocode(null, 52.37, 4.89);
    expect(visitor.status).toBe(403);
    expect((await errorAnswerOf(visitor)).error.code).toBe('authentication_required');

    const viewer = await member();
    const bad = await geocode(viewer, 91, 4.89);
    expect(bad.status).toBe(400);
    expect((await errorAnswerOf(bad)).error.field).toBe('lat');
    expect((await geocode(viewer, 52.37, 'east')).status).toBe(400);
  });

  it(`allows ${GEOCODE_LIMIT.max} calls an hour per member`, async () => {
    const viewer = await member();
    for (let i = 0; i < GEOCODE_LIMIT.max; i++) expect((await geocode(viewer, 52.37, 4.89)).status).toBe(200);
    const limited = await geocode(viewer, 52.37, 4.89);
    expect(limited.status).toBe(429);
    expect((await errorAnswerOf(limited)).error.code).toBe('rate_limited');
  });
});

describe('the stored position', () => {
  it('is snapped to the 0.1° grid on the member’s own profile only', async () => {
    const viewer = await member();
    const other = await member();
    const [before] = await t.db.select().from(profiles).where(eq(profiles.id, other.profileId));
    await geocode(viewer, 52.3731, 4.8922);
    const [own] = await t.db.select().from(profiles).where(eq(profiles.id, viewer.profileId));
    expect(own).toMatchObject({ lat: 52400, lon: 4900, geoAt: FIXED_NOW });
    await geocode(viewer, -33.8688, 151.2093);
    const [moved] = await t.db.select().from(profiles).where(eq(profiles.id, viewer.profileId));
    expect(moved).toMatchObject({ lat: -33900, lon: 151200 });
    const [after] = await t.db.select().from(profiles).where(eq(profiles.id, other.profileId));
    expect(after).toEqual(before);
  });

  it('never leaves the server in a profile, card or user answer', async () => {
    const viewer = await member();
    const target = await member();
    await geocode(target, 51.4416, 5.4697);
    const [stored] = await t.db.select().from(profiles).where(eq(profiles.id, target.profileId));
    expect(stored).toMatchObject({ lat: 51400, lon: 5500 });

    const searchPath =
      '/api/search.php?manual_search=1&gender=female&country=NL&do_not_save=1&pp=48&source=members&hideNudity=0';
    const answers = {
      member: await t.request(`/api/member.php?id=${target.publicId}`, { session: viewer.session }),
      search: await t.request(searchPath, { session: viewer.session }),
      user: await t.request('/api/user.php', { session: target.session }),
      profile: await t.request('/api/profile.php', { session: target.session }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.status, name).toBe(200);
      const text = await response.text();
      expect(text, name).not.toMatch(/51\.4|51400|5\.5\b|5500|"(lat|lon)[a-z_0-9]*":|geo_?at/i);
      // Each answer is about the target, so the check above looked at its data.
      if (name !== 'user' && name !== 'profile') expect(text, name).toContain(target.publicId);
    }
  });

  it('is erased with the profile when the deleted account is purged', async () => {
    const viewer = await member();
    await geocode(viewer, 52.3731, 4.8922);
    await t.db
      .update(accounts)
      .set({ status: 'deleted', deletedAt: new Date(FIXED_NOW.getTime() - 15 * DAY) })
      .where(eq(accounts.id, viewer.accountId));
    const photosDir = await mkdtemp(join(tmpdir(), 'flirt-geo-photos-'));
    try {
      expect(
        await purgeDeletedAccounts(t.db, FIXED_NOW, createLocalStorageProvider({ dir: photosDir })),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await rm(photosDir, { recursive: true, force: true });
    }
    expect(await t.db.select().from(profiles).where(eq(profiles.id, viewer.profileId))).toEqual([]);
  });
});
