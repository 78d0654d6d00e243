/**
 * The member search, GET /api/search.php (SPEC §2.7 'Member search', §4 Search,
 * §5 Country filter, §6 Visitor, §7 'Search parameters', §9 age ranges). Each test gets a
 * fresh start (`fresh()`), so the members it creates are the whole site. The clock is FIXED_NOW
 * (2025-06-01 12:00 UTC).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchAnswer, getSearch } from '#src/contract/search.ts';
import { setSiteSettings as setSite, writeSiteData } from './accounts-helpers.ts';
import { SEARCH_COUNT_AHEAD, SEARCH_MAX_RESULTS, SEARCH_PER_PAGE_MAX } from '#src/contract/search.ts';
import type { CountryCode } from '#src/lib/locales.ts';
import {
  accounts,
  blocks,
  conversations,
  messages,
  likes,
  profiles,
  regions,
  searchFilters,
  sites as siteRows,
} from '#src/server/db/schema.ts';
import {
  FIXED_NOW,
  createTestApp,
  createTestMember,
  seedSiteData,
  writeTestPhotoFiles,
  type TestApp,
  errorAnswerOf,
  answerOf,
} from './harness.ts';

let t: TestApp;
let counter = 0;
let originalSettings: Map<string, Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const rows = await t.db.select({ id: siteRows.id, settings: siteRows.settings }).from(siteRows);
  originalSettings = new Map(rows.map((r) => [r.id, r.settings]));
});

afterAll(async () => {
  await t.close();
});

/** Each test starts on an empty site: no members (and what hangs off them), settings as seeded, FIXED_NOW. */
async function fresh(): Promise<void> {
  await t.db.execute(sql`truncate table accounts, profiles restart identity cascade`);
  await writeSiteData(t, async () => {
    for (const [id, settings] of originalSettings) {
      await t.db.update(siteRows).set({ settings }).where(eq(siteRows.id, id));
    }
  });
  t.clock.now = new Date(FIXED_NOW);
}

async function regionId(country: string, code: string): Promise<number> {
  const rows = await t.db.select().from(regions).where(eq(regions.country, country));
  const match = rows.find((r) => r.code === code);
  if (!match) throw new Error(`no region ${country}:${code}`);
  return match.id;
}

interface MemberInit {
  gender?: 'male' | 'female';
  seeking?: 'male' | 'female';
  birthdate?: string;
  country?: CountryCode;
  region?: string | null;
  site?: string;
  status?: 'not_confirmed' | 'confirmed';
  invisible?: boolean;
  privacy?: boolean;
  photo?: boolean;
  name?: string;
}

/** A confirmed member (by default a 45-year-old woman in Noord-Holland seeking men). */
async function member(init: MemberInit = {}) {
  counter += 1;
  const country = init.country ?? 'NL';
  const created = await createTestMember(t, {
    siteId: init.site ?? 'default',
    name: init.name ?? `Searchable${counter}`,
    gender: init.gender ?? 'female',
    seeking: init.seeking ?? (init.gender === 'male' ? 'female' : 'male'),
    birthdate: init.birthdate ?? '1980-04-12',
    country,
    regionId: init.region === null ? null : await regionId(country, init.region ?? (country === 'NL' ? 'NH' : 'BE')),
    status: init.status ?? 'confirmed',
    invisible: init.invisible ?? false,
    photos: init.photo ? [{ key: await writeTestPhotoFiles(t), status: 'active' }] : [],
  });
  if (init.privacy) {
    await t.db.update(profiles).set({ privacyMode: true }).where(eq(profiles.id, created.profileId));
  }
  return { ...created, session: await t.login(created.accountId), host: `${init.site ?? 'default'}.localhost` };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A manual search (always with source and hideNudity, as the client sends them). */
function searchUrl(params: Record<string, string | number>): string {
  const query = new URLSearchParams({ source: 'members', hideNudity: '0' });
  for (const [key, value] of Object.entries(params)) query.set(key, String(value));
  return `/api/search.php?${query.toString()}`;
}

async function search(viewer: Member | null, params: Record<string, string | number>, host?: string) {
  const response = await t.request(searchUrl(params), {
    host: host ?? viewer?.host ?? 'default.localhost',
    ...(viewer ? { session: viewer.session } : {}),
  });
  return response;
}

async function found(viewer: Member | null, params: Record<string, string | number>): Promise<SearchAnswer> {
  const response = await search(viewer, params);
  expect(response.status).toBe(200);
  return answerOf(getSearch, response);
}

const ids = (answer: SearchAnswer) => answer.profiles.map((p) => p.id).sort();
const sorted = (...members: { publicId: string }[]) => members.map((m) => m.publicId).sort();

/** A man in the Netherlands, 45, seeking women: the usual viewer. */
const viewerInit: MemberInit = { gender: 'male', seeking: 'female' };
const manual = (params: Record<string, string | number>) => ({ manual_search: 1, ...params });

/** Changes the default site's settings (or `siteId`'s); resolves once the app has heard of it. */
const setSiteSettings = (patch: Record<string, unknown>, siteId = 'default') => setSite(t, siteId, patch);

describe('filters', () => {
  it('finds only the gender asked for', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const woman = await member({ gender: 'female' });
    const man = await member({ gender: 'male' });
    expect(ids(await found(viewer, manual({ gender: 'female', country: 'NL' })))).toEqual(sorted(woman));
    expect(ids(await found(viewer, manual({ gender: 'male', country: 'NL' })))).toEqual(sorted(man));
    // No gender: both, the viewer never.
    expect(ids(await found(viewer, manual({ country: 'NL' })))).toEqual(sorted(woman, man));
  });

  it('treats the age bounds as inclusive, by the age on the clock’s day', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    // On 2025-06-01: 26 today, 25 until tomorrow, 35 until tomorrow, 36 today.
    const turns26Today = await member({ birthdate: '1999-06-01' });
    const turns26Tomorrow = await member({ birthdate: '1999-06-02' });
    const turns36Tomorrow = await member({ birthdate: '1989-06-02' });
    const turned36Today = await member({ birthdate: '1989-06-01' });
    const range = manual({ gender: 'female', country: 'NL', min_age: 26, max_age: 35 });
    const today = await found(viewer, range);
    expect(ids(today)).toEqual(sorted(turns26Today, turns36Tomorrow));
    expect(ids(today)).not.toContain(turned36Today.publicId);
    expect(today.profiles.map((p) => p.age).sort()).toEqual([26, 35]);

    t.clock.now = new Date('2025-06-02T08:00:00Z');
    expect(ids(await found(viewer, range))).toEqual(sorted(turns26Today, turns26Tomorrow));

    // Open-ended ranges of SPEC §9: '18–25' sends only max 25, 'over 65' only min 65.
    t.clock.now = new Date('2025-06-01T12:00:00Z');
    const young = await member({ birthdate: '2005-01-01' });
    const old = await member({ birthdate: '1950-01-01' });
    expect(ids(await found(viewer, manual({ gender: 'female', country: 'NL', max_age: 25 })))).toEqual(
      sorted(turns26Tomorrow, young),
    );
    expect(ids(await found(viewer, manual({ gender: 'female', country: 'NL', min_age: 65 })))).toEqual(sorted(old));
    expect(ids(await found(viewer, manual({ gender: 'female', country: 'NL' })))).toHaveLength(6);
  });

  it('counts ages right on 29 February', async () => {
    await fresh();
    t.clock.now = new Date('2024-02-29T12:00:00Z');
    const viewer = await member(viewerInit);
    const just18 = await member({ birthdate: '2006-02-28' });
    await member({ birthdate: '2006-03-01' }); // 17 until tomorrow
    const still18 = await member({ birthdate: '2005-03-01' }); // 19 tomorrow
    await member({ birthdate: '2005-02-28' }); // 19
    const answer = await found(viewer, manual({ gender: 'female', country: 'NL', min_age: 18, max_age: 18 }));
    expect(ids(answer)).toEqual(sorted(just18, still18));
    expect(answer.profiles.map((p) => p.age)).toEqual([18, 18]);
  });

  it('filters by country, by region, or across all countries', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const holland = await member({ country: 'NL', region: 'NH' });
    const utrecht = await member({ country: 'NL', region: 'UT' });
    const belgian = await member({ country: 'BE', region: 'BRU' });
    const german = await member({ country: 'DE', region: 'BE' });

    expect(ids(await found(viewer, manual({ gender: 'female', country: 'NL' })))).toEqual(sorted(holland, utrecht));
    expect(ids(await found(viewer, manual({ gender: 'female', country: 'BE', countryregion: 0 })))).toEqual(
      sorted(belgian),
    );
    const nh = await regionId('NL', 'NH');
    const inRegion = await found(viewer, manual({ gender: 'female', country: 'NL', countryregion: nh }));
    expect(ids(inRegion)).toEqual(sorted(holland));
    expect(inRegion.filter_options.countryregion).toBe(nh);

    const everywhere = await found(viewer, manual({ gender: 'female', country: 'NL', searchAllCountries: 1 }));
    expect(ids(everywhere)).toEqual(sorted(holland, utrecht, belgian, german));
    expect(everywhere.filter_options.country).toBe('NL');
    // No country at all: every country of the site.
    expect(ids(await found(viewer, manual({ gender: 'female' })))).toHaveLength(4);
  });

  it('refuses a country the site does not serve, a region of another country, and crossed ages', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    await setSiteSettings({ countries: ['NL', 'BE'] });
    const refused = async (params: Record<string, string | number>, field: string) => {
      const response = await search(viewer, manual({ gender: 'female', ...params }));
      expect(response.status).toBe(400);
      const body = await errorAnswerOf(response);
      expect(body.error).toMatchObject({ code: 'invalid_input', field });
    };
    await refused({ country: 'DE' }, 'country');
    await refused({ country: 'BE', countryregion: await regionId('NL', 'NH') }, 'countryregion');
    await refused({ countryregion: await regionId('NL', 'NH') }, 'countryregion');
    await refused({ country: 'NL', countryregion: 99999999 }, 'countryregion');
    await refused({ country: 'NL', min_age: 40, max_age: 30 }, 'min_age');
    await refused({ country: 'NL', gender: 'other' }, 'gender');
    await refused({ country: 'NL', page: -1 }, 'page');
    // source and hideNudity are always sent.
    const bare = await t.request('/api/search.php?auto_load=1', { host: viewer.host, session: viewer.session });
    expect(bare.status).toBe(400);
  });

  it('applies only the filters the site offers (search_fields)', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const holland = await member({ region: 'NH' });
    const utrecht = await member({ region: 'UT' });
    await setSiteSettings({ search_fields: ['gender', 'age', 'country'] });
    const answer = await found(
      viewer,
      manual({ gender: 'female', country: 'NL', countryregion: await regionId('NL', 'NH') }),
    );
    expect(ids(answer)).toEqual(sorted(holland, utrecht));
    expect(answer.filter_options.countryregion).toBe(0);
  });
});

describe('who is never found', () => {
  it('leaves out the viewer, blocked pairs, invisible, hidden privacy-mode, unconfirmed and other sites', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const shown = await member();
    const blockedByMe = await member();
    const blockedMe = await member();
    const invisible = await member({ invisible: true });
    const invisibleInTouch = await member({ invisible: true });
    const privacy = await member({ privacy: true });
    const privacyLikedMe = await member({ privacy: true });
    const privacyChat = await member({ privacy: true });
    const unconfirmed = await member({ status: 'not_confirmed' });
    const banned = await member();
    await member({ site: 'she' });
    // A man who would match the viewer's own search if the viewer were a woman.
    const self = await member({ gender: 'female', seeking: 'female' });

    await t.db.insert(blocks).values([
      { blockerId: viewer.profileId, blockedId: blockedByMe.profileId },
      { blockerId: blockedMe.profileId, blockedId: viewer.profileId },
    ]);
    await t.db.insert(likes).values([
      { likerId: privacyLikedMe.profileId, likedId: viewer.profileId },
      { likerId: invisibleInTouch.profileId, likedId: viewer.profileId },
    ]);
    const [low, high] = [viewer.profileId, privacyChat.profileId].sort((a, b) => a - b) as [number, number];
    const [chat] = await t.db
      .insert(conversations)
      .values({
        publicId: `conv${counter}`.padEnd(12, '0'),
        profileLow: low,
        profileHigh: high,
        startedBy: privacyChat.profileId,
      })
      .returning({ id: conversations.id });
    await t.db.insert(messages).values({
      publicId: `msg${counter}`.padEnd(12, '0'),
      conversationId: chat!.id,
      senderId: privacyChat.profileId,
      kind: 'text',
      body: 'Hello',
    });
    // An account that is no longer confirmed while its profile stayed active.
    await t.db.update(accounts).set({ status: 'banned' }).where(eq(accounts.id, banned.accountId));

    const answer = await found(viewer, manual({ gender: 'female', country: 'NL' }));
    expect(ids(answer)).toEqual(sorted(shown, privacyLikedMe, privacyChat, self));
    expect(answer.paging.num_results).toBe(4);
    for (const hidden of [blockedByMe, blockedMe, invisible, invisibleInTouch, privacy, unconfirmed, banned]) {
      expect(ids(answer)).not.toContain(hidden.publicId);
    }
    // Both genders: the same people, merged from two walks plus the privacy-mode ones in touch.
    expect(ids(await found(viewer, manual({ country: 'NL' })))).toEqual(
      sorted(shown, privacyLikedMe, privacyChat, self),
    );
    const likedMe = answer.profiles.find((p) => p.id === privacyLikedMe.publicId);
    expect(likedMe).toMatchObject({ liked_by_profile: true, like_new: true, did_like_profile: false });

    // The self-seeking woman does not find herself, and neither blocked side finds the other.
    const own = await found(self, manual({ gender: 'female', country: 'NL' }));
    expect(ids(own)).not.toContain(self.publicId);
    expect(ids(await found(blockedMe, manual({ gender: 'male', country: 'NL' })))).not.toContain(viewer.publicId);
    expect(ids(await found(blockedByMe, manual({ gender: 'male', country: 'NL' })))).not.toContain(viewer.publicId);
  });

  it('treats a member logged in on another site as a visitor of this one', async () => {
    await fresh();
    const elsewhere = await member({ ...viewerInit, site: 'she' });
    const here = await member();
    const response = await t.request(searchUrl(manual({ gender: 'female', country: 'NL' })), {
      host: 'default.localhost',
      session: elsewhere.session,
    });
    expect(response.status).toBe(200);
    const answer = await answerOf(getSearch, response);
    expect(ids(answer)).toEqual(sorted(here));
  });
});

describe('first request and saved filters', () => {
  it('auto_load fills the filters from the member: sought gender, own country, own age range', async () => {
    await fresh();
    const viewer = await member({ gender: 'male', seeking: 'female', birthdate: '1980-04-12' });
    const match = await member({ gender: 'female', birthdate: '1985-01-01' });
    await member({ gender: 'female', birthdate: '1995-01-01' });
    await member({ gender: 'male', birthdate: '1985-01-01' });
    await member({ gender: 'female', birthdate: '1985-01-01', country: 'DE', region: 'BE' });

    const answer = await found(viewer, { auto_load: 1 });
    expect(answer.filter_options).toEqual({
      gender: 'female',
      country: 'NL',
      countryregion: 0,
      min_age: 36,
      max_age: 45,
    });
    expect(ids(answer)).toEqual(sorted(match));
    expect(answer.paging).toEqual({ num_results: 1, capped: false, page: 0, per_page: 12 });
  });

  it('auto_load without a sought gender takes the other gender; young members get 18–25', async () => {
    await fresh();
    const viewer = await member({ gender: 'female', seeking: 'female', birthdate: '2003-03-03' });
    await t.db.update(profiles).set({ seeking: null }).where(eq(profiles.id, viewer.profileId));
    const answer = await found(viewer, { auto_load: 1 });
    expect(answer.filter_options).toMatchObject({ gender: 'male', min_age: null, max_age: 25 });
  });

  it('a manual search is remembered for the next auto_load; do_not_save and the similar search are not', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const nh = await regionId('NL', 'NH');
    await found(viewer, manual({ gender: 'male', country: 'NL', countryregion: nh, min_age: 26, max_age: 35 }));
    const saved = { gender: 'male', country: 'NL', countryregion: nh, min_age: 26, max_age: 35 };
    expect((await found(viewer, { auto_load: 1 })).filter_options).toEqual(saved);

    // do_not_save: a search that leaves the saved filters alone.
    await found(viewer, manual({ gender: 'female', country: 'BE', do_not_save: 1 }));
    expect((await found(viewer, { auto_load: 1 })).filter_options).toEqual(saved);

    // The similar search ('other members near you'): all regions, ages widened by 5, not saved.
    const inRegion = await member({ gender: 'male', birthdate: '1995-01-01', region: 'NH' });
    const otherRegion = await member({ gender: 'male', birthdate: '1995-01-01', region: 'UT' });
    const older = await member({ gender: 'male', birthdate: '1985-01-01', region: 'UT' });
    const tooOld = await member({ gender: 'male', birthdate: '1980-01-01', region: 'UT' });
    const main = await found(viewer, manual({ ...saved, do_not_save: 0 }));
    expect(ids(main)).toEqual(sorted(inRegion));
    const similar = await found(
      viewer,
      manual({ gender: 'male', country: 'NL', countryregion: 0, min_age: 21, max_age: 40, do_not_save: 1 }),
    );
    expect(ids(similar)).toEqual(sorted(inRegion, otherRegion, older));
    expect(ids(similar)).not.toContain(tooOld.publicId);
    expect((await found(viewer, { auto_load: 1 })).filter_options).toEqual(saved);
    const rows = await t.db.select().from(searchFilters).where(eq(searchFilters.accountId, viewer.accountId));
    expect(rows).toHaveLength(1);
  });

  it('auto_load quietly drops a saved country the site no longer serves', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    await found(viewer, manual({ gender: 'female', country: 'DE', min_age: 26, max_age: 35 }));
    await setSiteSettings({ countries: ['NL', 'BE'] });
    const answer = await found(viewer, { auto_load: 1 });
    expect(answer.filter_options).toEqual({
      gender: 'female',
      country: null,
      countryregion: 0,
      min_age: 26,
      max_age: 35,
    });
  });
});

describe('pages', () => {
  it('pages through every match once, in a stable order, with the total', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const everyone: Member[] = [];
    for (let i = 0; i < 30; i++) {
      // Pairs share a birthdate: the order must still be total.
      everyone.push(await member({ birthdate: `19${70 + Math.floor(i / 2)}-05-05` }));
    }
    const pages: SearchAnswer[] = [];
    for (let page = 0; page < 4; page++) pages.push(await found(viewer, manual({ gender: 'female', page })));
    expect(pages.map((p) => p.profiles.length)).toEqual([12, 12, 6, 0]);
    for (const page of pages) expect(page.paging.num_results).toBe(30);
    const seen = pages.flatMap((p) => p.profiles.map((c) => c.id));
    expect(new Set(seen).size).toBe(30);
    expect([...seen].sort()).toEqual(sorted(...everyone));
    // Youngest first.
    const ages = pages.flatMap((p) => p.profiles.map((c) => c.age));
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    // The same request answers the same page.
    expect((await found(viewer, manual({ gender: 'female', page: 1 }))).profiles).toEqual(pages[1]?.profiles);
    expect(pages[1]?.paging).toEqual({ num_results: 30, capped: false, page: 1, per_page: 12 });
  });

  it('serves at most SEARCH_PER_PAGE_MAX profiles per page', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    for (let i = 0; i < SEARCH_PER_PAGE_MAX + 2; i++) await member({ birthdate: '1990-01-01' });
    const big = await found(viewer, manual({ gender: 'female', pp: 100 }));
    expect(big.profiles).toHaveLength(SEARCH_PER_PAGE_MAX);
    expect(big.paging).toEqual({ num_results: SEARCH_PER_PAGE_MAX + 2, capped: false, page: 0, per_page: 48 });
    const small = await found(viewer, manual({ gender: 'female', pp: 5, page: 2 }));
    expect(small.profiles).toHaveLength(5);
    expect((await search(viewer, manual({ gender: 'female', pp: 0 }))).status).toBe(400);
  });
});

describe('counting on a big site', () => {
  it('counts exactly up to SEARCH_COUNT_AHEAD past the page, and serves SEARCH_MAX_RESULTS at most', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const pals = SEARCH_MAX_RESULTS + 100;
    // Chat pals (no account needed) born on 3,000 different days, written in one statement.
    await t.db.execute(sql`insert into profiles (public_id, site_id, type, status, name, gender, birthdate, country)
      select 'pal' || g, 'default', 'fictional', 'active', 'Pal' || g, 'female', date '1975-01-01' + (g % 3000), 'NL'
      from generate_series(1, ${pals}) g`);
    const first = await found(viewer, manual({ gender: 'female', do_not_save: 1 }));
    expect(first.paging).toEqual({ num_results: SEARCH_COUNT_AHEAD, capped: true, page: 0, per_page: 12 });

    // Deeper pages count further; the one after the last served is empty but says how many.
    const deep = await found(viewer, manual({ gender: 'female', page: 200, do_not_save: 1 }));
    expect(deep.profiles).toHaveLength(12);
    expect(deep.paging).toMatchObject({ num_results: 2_400 + SEARCH_COUNT_AHEAD, capped: true });
    const lastServed = SEARCH_MAX_RESULTS / 12 - 1;
    const last = await found(viewer, manual({ gender: 'female', page: lastServed, do_not_save: 1 }));
    expect(last.profiles).toHaveLength(12);
    expect(last.paging).toMatchObject({ num_results: SEARCH_MAX_RESULTS, capped: true });
    const beyond = await found(viewer, manual({ gender: 'female', page: lastServed + 1, do_not_save: 1 }));
    expect(beyond.profiles).toHaveLength(0);
    expect(beyond.paging).toMatchObject({ num_results: SEARCH_MAX_RESULTS, capped: true });

    // Consecutive deep pages do not overlap and keep the order.
    const next = await found(viewer, manual({ gender: 'female', page: 201, do_not_save: 1 }));
    const both = [...deep.profiles, ...next.profiles];
    expect(new Set(both.map((p) => p.id)).size).toBe(24);
    const ages = both.map((p) => p.age);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));

    // A smaller set is counted exactly.
    const narrow = await found(viewer, manual({ gender: 'female', min_age: 48, max_age: 48, do_not_save: 1 }));
    expect(narrow.paging.capped).toBe(false);
    const [exact] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(
        sql`${profiles.type} = 'fictional' and ${profiles.birthdate} > '1976-06-01' and ${profiles.birthdate} <= '1977-06-01'`,
      );
    expect(narrow.paging.num_results).toBe(exact?.n);
  });
});

describe('visitors', () => {
  it('may search when logged_out_search is open, seeing no privacy-mode or invisible members', async () => {
    await fresh();
    const open = await member();
    await member({ privacy: true });
    await member({ invisible: true });
    const answer = await found(null, manual({ gender: 'female', country: 'NL' }));
    expect(ids(answer)).toEqual(sorted(open));
    expect(answer.profiles[0]).toMatchObject({ like_new: false, did_like_profile: false, liked_by_profile: false });
  });

  it('needs a traffic source when only logged_out_search_trafficsource is open, else must log in', async () => {
    await fresh();
    const open = await member();
    await setSiteSettings({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' });
    const refused = await search(null, manual({ gender: 'female' }));
    expect(refused.status).toBe(403);
    expect((await errorAnswerOf(refused)).error.code).toBe('authentication_required');
    expect(ids(await found(null, manual({ gender: 'female', trafficsource: 'partner1' })))).toEqual(sorted(open));

    await setSiteSettings({ logged_out_search_trafficsource: 'none' });
    expect((await search(null, manual({ gender: 'female', trafficsource: 'partner1' }))).status).toBe(403);
    // Members still search.
    const viewer = await member(viewerInit);
    expect(ids(await found(viewer, manual({ gender: 'female' })))).toEqual(sorted(open));
  });

  it('auto_load for a visitor: both genders, the chosen country, and nothing saved', async () => {
    await fresh();
    const woman = await member({ country: 'BE', region: 'BRU' });
    const man = await member({ gender: 'male', country: 'BE', region: 'BRU' });
    await member({ country: 'NL' });
    const response = await t.request(searchUrl({ auto_load: 1 }), { cookies: { country: 'BE' } });
    const answer = await answerOf(getSearch, response);
    expect(answer.filter_options).toEqual({
      gender: null,
      country: 'BE',
      countryregion: 0,
      min_age: null,
      max_age: null,
    });
    expect(ids(answer)).toEqual(sorted(woman, man));
    expect(answer.country_options).toEqual(['BE', 'NL']);
  });
});

describe('country options (SPEC §5)', () => {
  it('offers the own country, its neighbour and the selection, only where the site serves', async () => {
    await fresh();
    const dutch = await member(viewerInit);
    expect((await found(dutch, { auto_load: 1 })).country_options).toEqual(['BE', 'NL']);
    expect((await found(dutch, manual({ gender: 'female', country: 'DE' }))).country_options).toEqual([
      'BE',
      'DE',
      'NL',
    ]);
    const british = await member({ ...viewerInit, country: 'GB', region: 'LND' });
    expect((await found(british, { auto_load: 1 })).country_options).toEqual(['GB', 'IE']);
    const french = await member({ ...viewerInit, country: 'FR', region: 'IDF' });
    expect((await found(french, { auto_load: 1 })).country_options).toEqual(['FR']);
    await setSiteSettings({ countries: ['NL', 'DE'] });
    expect((await found(dutch, manual({ gender: 'female', country: 'DE' }))).country_options).toEqual(['DE', 'NL']);
  });
});

describe('privacy of the answer', () => {
  it('carries no e-mail address, coordinates or internal ids', async () => {
    await fresh();
    const viewer = await member(viewerInit);
    const target = await member({ photo: true });
    await t.db.update(profiles).set({ lat: 52370, lon: 4890 }).where(eq(profiles.id, target.profileId));
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, target.accountId));
    const response = await search(viewer, manual({ gender: 'female', country: 'NL' }));
    const text = await response.clone().text();
    const answer = await answerOf(getSearch, response);
    expect(answer.profiles).toHaveLength(1);
    const card = answer.profiles[0];
    expect(card?.id).toBe(target.publicId);
    expect(card?.main_image?.thumb_filename).toContain('/api/photo.php');
    expect(Object.keys(card ?? {}).sort()).toEqual(
      [
        'id',
        'name',
        'age',
        'type',
        'language',
        'city',
        'main_image',
        'like_new',
        'did_like_profile',
        'liked_by_profile',
      ].sort(),
    );
    expect(text).not.toContain(account?.email ?? '@');
    expect(text).not.toContain('52370');
    expect(text).not.toContain('4890');
    expect(text).not.toMatch(/"(lat|lon|email|account_?[iI]d|profile_?[iI]d)"/);
    expect(text).not.toContain(`"id":${target.profileId}`);
  });
});
