/**
 * GET /api/cities.php: suggestions come from the city_suggestions table (rebuilt by the hourly
 * job and the seed), per site, from profiles visitors may see, and only for cities at least
 * CITY_SUGGESTION_MIN_MEMBERS of them give, so one member's free-text city never shows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getCities } from '#src/contract/profile.ts';
import { citySuggestions, profiles, rateLimits } from '#src/server/db/schema.ts';
import { CITY_SUGGESTION_MIN_MEMBERS, refreshCitySuggestions } from '#src/server/features/geo/cities.ts';
import { runHourlyTasks } from '#src/server/jobs/hourly.ts';
import { regionIds, type NewMember } from '#src/server/seed/index.ts';
import { answerOf, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
let session: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const viewer = await createTestMember(t, { city: null });
  session = await t.login(viewer.accountId);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimits);
});

async function members(n: number, overrides: Partial<NewMember>) {
  const created = [];
  for (let i = 0; i < n; i++) created.push(await createTestMember(t, overrides));
  return created;
}

async function suggest(query: string): Promise<string[]> {
  return (await answerOf(getCities, await t.request(`/api/cities.php?${query}`, { session }))).cities;
}

describe('GET /api/cities.php', () => {
  it('suggests cities of at least three visible members, most common first, matching what was typed', async () => {
    expect(CITY_SUGGESTION_MIN_MEMBERS).toBe(3);
    await members(4, { city: 'Amsterdam' });
    // Spellings that differ in case and spaces count as one; the most common is shown.
    await members(2, { city: 'Amstelveen' });
    await members(1, { city: ' amstelveen' });
    // One member's own place: never suggested to anyone.
    await members(1, { city: 'Amsterdam-Noord, Kerkstraat 12' });
    // Another site's members do not count here.
    await members(3, { city: 'Amersfoort', siteId: 'gay' });
    await refreshCitySuggestions(t.db);

    expect(await suggest('country=NL&q=ams')).toEqual(['Amsterdam', 'Amstelveen']);
    expect(await suggest('country=NL&q=AMST')).toEqual(['Amsterdam', 'Amstelveen']);
    expect(await suggest('country=NL&q=ame')).toEqual([]);
    expect(await suggest('country=NL&q=%25')).toEqual([]);
    expect(await suggest('country=DE&q=ams')).toEqual([]);
    expect((await t.request('/api/cities.php?country=NL')).status).toBe(403);
  });

  it('filters by region and leaves out invisible, privacy-mode and unconfirmed members', async () => {
    const regions = await regionIds(t.db, ['NL']);
    const utrecht = regions.get('NL:UT') ?? null;
    await members(2, { city: 'Zeist', regionId: utrecht });
    const hidden = await members(1, { city: 'Zeist', regionId: utrecht, invisible: true });
    const [privateOne] = await members(1, { city: 'Zeist', regionId: utrecht });
    await t.db
      .update(profiles)
      .set({ privacyMode: true })
      .where(eq(profiles.id, privateOne?.profileId ?? 0));
    await members(1, { city: 'Zeist', regionId: utrecht, status: 'not_confirmed' });
    await refreshCitySuggestions(t.db);
    expect(await suggest('country=NL&q=zei')).toEqual([]);

    // A third visible member makes the city common enough.
    await t.db
      .update(profiles)
      .set({ invisible: false })
      .where(eq(profiles.id, hidden[0]?.profileId ?? 0));
    await refreshCitySuggestions(t.db);
    expect(await suggest('country=NL&q=zei')).toEqual(['Zeist']);
    expect(await suggest(`country=NL&countryregion=${utrecht}&q=zei`)).toEqual(['Zeist']);
    expect(await suggest(`country=NL&countryregion=${regions.get('NL:NH')}&q=zei`)).toEqual([]);
  });

  it('is rebuilt by the hourly job: a member who leaves stops counting', async () => {
    const created = await members(3, { city: 'Haarlem' });
    await runHourlyTasks(t.deps);
    expect(await suggest('country=NL&q=haar')).toEqual(['Haarlem']);
    await t.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, created[0]?.profileId ?? 0));
    await runHourlyTasks(t.deps);
    expect(await suggest('country=NL&q=haar')).toEqual([]);
    const rows = await t.db.select().from(citySuggestions).where(eq(citySuggestions.cityKey, 'haarlem'));
    expect(rows.map((r) => r.members)).toEqual([2]);
  });
});
