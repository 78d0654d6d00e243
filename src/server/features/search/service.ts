/**
 * The member search (SPEC §2.7 'Member search', §4 Search, §5 Country filter, §6 Visitor):
 * who is searching, which filters a request means, the profiles of one page with how many
 * match, and the member's saved filters. README.md in this folder explains the technique;
 * in short, per request:
 *
 * 1. One query for the searcher: account, profile, saved filters, and the exceptions to
 *    the search index (profiles blocked either way; privacy-mode profiles in touch).
 * 2. One query for the page: walks of the partial indexes `profiles_searchable*`
 *    (schema.ts; they hold the profiles search may list to anyone: active, not invisible,
 *    not in privacy mode) in the search order, youngest first (birthdate desc, id desc),
 *    reading the index only; the rows from the page's start up to SEARCH_COUNT_AHEAD are
 *    counted, the page's rows become cards under `visibleTo(viewer, { listedIn: 'search' })`
 *    (or `visibleToVisitors`), the one statement of who may see whom. So nothing is ever
 *    shown that those rules forbid. The index matches them as long as a profile is active
 *    only while its account is confirmed (signup, deletion and reactivation keep that so);
 *    a profile breaking it is dropped at the cards, leaving its page one card short.
 * 3. Only when the filters changed: one upsert of the saved filters.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProfileCard } from '#src/contract/members.ts';
import {
  SEARCH_COUNT_AHEAD,
  SEARCH_MAX_RESULTS,
  type SearchAnswer,
  type SearchFilterOptions,
  type SearchQuery,
} from '#src/contract/search.ts';
import { AGE_RANGES, COUNTRY_NEIGHBOURS, MIN_AGE, type Gender } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import {
  accounts,
  blocks,
  conversations,
  likes,
  photos,
  profiles,
  regions,
  searchFilters,
} from '#src/server/db/schema.ts';
import { invalidInput } from '#src/server/http/errors.ts';
import { cardColumns, mainPhotoJoin, toProfileCard, type CardContext } from '../members/cards.ts';
import { viewerColumns, visibleTo, visibleToVisitors, type Viewer } from '../members/visibility.ts';
import { ageOf } from '../profile/service.ts';

/** The filters of one search, after defaults, the site's search_fields and validation. */
export interface SearchFilters {
  gender: Gender | null;
  /** null: every country of the site. */
  country: string | null;
  /** 0: all regions. */
  regionId: number;
  minAge: number | null;
  maxAge: number | null;
  /** searchAllCountries=1: the country (and region) are kept but not applied. */
  allCountries: boolean;
}

/** A logged-in member searching: who they are, their saved filters, their exceptions. */
export interface Searcher {
  viewer: Viewer;
  gender: Gender;
  seeking: Gender | null;
  birthdate: string;
  country: string;
  saved: SearchFilterOptions | null;
  /** Profiles either side of a block with the member. */
  blocked: number[];
  /** Listable privacy-mode profiles of the site that liked the member or share a conversation. */
  privacyInTouch: number[];
}

/** What a search depends on besides its query. */
export interface SearchContext extends CardContext {
  db: Db;
  siteId: string;
  /** The logged-in member, or null for a visitor. */
  searcher: Searcher | null;
  /** The site's countries (settings.countries) and offered filters (settings.search_fields). */
  countries: readonly string[];
  searchFields: readonly string[];
  /** A visitor's country (country cookie or geoip); unused for members. */
  visitorCountry: string | null;
}

const toIds = (value: unknown) => ((value as unknown[] | null) ?? []).map(Number);

/**
 * The session's member on this site with everything the search needs, in one query; null
 * for an account of another site (a visitor here) or without a profile.
 */
export async function loadSearcher(db: Db, accountId: number, siteId: string): Promise<Searcher | null> {
  const me = profiles.id;
  const [row] = await db
    .select({
      ...viewerColumns,
      gender: profiles.gender,
      seeking: profiles.seeking,
      birthdate: profiles.birthdate,
      country: profiles.country,
      savedAt: searchFilters.updatedAt,
      savedGender: searchFilters.gender,
      savedCountry: searchFilters.country,
      savedRegion: searchFilters.regionId,
      savedMin: searchFilters.minAge,
      savedMax: searchFilters.maxAge,
      blocked: sql<unknown>`array(
        select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${me}
        union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${me})`,
      privacyInTouch: sql<unknown>`array(
        select other.id from ${profiles} other where other.id in (
          select ${likes.likerId} from ${likes} where ${likes.likedId} = ${me}
          union all select ${conversations.profileHigh} from ${conversations} where ${conversations.profileLow} = ${me}
          union all select ${conversations.profileLow} from ${conversations} where ${conversations.profileHigh} = ${me})
        and other.site_id = ${accounts.siteId} and other.privacy_mode = true
        and other.status = 'active' and other.invisible = false)`,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(searchFilters, eq(searchFilters.accountId, accounts.id))
    .where(and(eq(accounts.id, accountId), eq(accounts.siteId, siteId)))
    .limit(1);
  if (!row) return null;
  return {
    viewer: { accountId: row.accountId, profileId: row.profileId, siteId: row.siteId, paid: row.paid, role: row.role },
    gender: row.gender,
    seeking: row.seeking,
    birthdate: row.birthdate,
    country: row.country,
    saved:
      row.savedAt === null
        ? null
        : {
            gender: row.savedGender,
            country: row.savedCountry,
            countryregion: row.savedRegion ?? 0,
            min_age: row.savedMin,
            max_age: row.savedMax,
          },
    blocked: toIds(row.blocked),
    privacyInTouch: toIds(row.privacyInTouch),
  };
}

/** The age range of SPEC §9 the age falls in (the first one, so 65 is 56–65). */
export function ageRangeAround(age: number): { min: number | null; max: number | null } {
  const range = AGE_RANGES.find((r) => r.key !== 'all' && (r.min ?? MIN_AGE) <= age && (r.max ?? Infinity) >= age);
  return range ? { min: range.min, max: range.max } : { min: null, max: null };
}

const OPPOSITE: Record<Gender, Gender> = { male: 'female', female: 'male' };

/**
 * Defaults of a first request without saved filters (SPEC §4 Search): the sought gender
 * (else the other one), the own country, the age range around the own age, all regions.
 * A visitor: both genders, their country, all ages.
 */
function defaultFilters(ctx: SearchContext): SearchFilterOptions {
  const { searcher } = ctx;
  if (!searcher) {
    return { gender: null, country: ctx.visitorCountry, countryregion: 0, min_age: null, max_age: null };
  }
  const range = ageRangeAround(ageOf(searcher.birthdate, ctx.now));
  return {
    gender: searcher.seeking ?? OPPOSITE[searcher.gender],
    country: searcher.country,
    countryregion: 0,
    min_age: range.min,
    max_age: range.max,
  };
}

/** Region id → country, per database: reference data whose ids never change. */
const regionCountries = new WeakMap<Db, Map<number, string>>();

async function countryOfRegion(db: Db, regionId: number): Promise<string | null> {
  let known = regionCountries.get(db);
  if (!known?.has(regionId)) {
    const rows = await db.select({ id: regions.id, country: regions.country }).from(regions);
    known = new Map(rows.map((r) => [r.id, r.country]));
    regionCountries.set(db, known);
  }
  return known.get(regionId) ?? null;
}

/**
 * The filters a request means. `auto_load` takes the saved filters, else the defaults, and
 * quietly drops what no longer fits (a country the site stopped serving); a manual search
 * takes the query and answers 400 naming the field for a country the site does not serve,
 * a region of another country (or without one) and min_age above max_age. Filters the
 * site does not offer (search_fields) are neither applied nor echoed.
 */
export async function resolveFilters(ctx: SearchContext, query: SearchQuery): Promise<SearchFilters> {
  const offered = (field: string) => ctx.searchFields.includes(field);
  const auto = query.auto_load;
  const source: SearchFilterOptions = auto
    ? (ctx.searcher?.saved ?? defaultFilters(ctx))
    : {
        gender: query.gender ?? null,
        country: query.country ?? null,
        countryregion: query.countryregion,
        min_age: query.min_age ?? null,
        max_age: query.max_age ?? null,
      };
  let country = offered('country') ? source.country : null;
  if (country !== null && !ctx.countries.includes(country)) {
    if (!auto) throw invalidInput('country');
    country = null;
  }
  let regionId = offered('countryregion') ? source.countryregion : 0;
  if (regionId !== 0 && (country === null || (await countryOfRegion(ctx.db, regionId)) !== country)) {
    if (!auto) throw invalidInput('countryregion');
    regionId = 0;
  }
  // Nobody is younger than MIN_AGE: a lower bound under it is no bound.
  let minAge = offered('age') && source.min_age !== null && source.min_age >= MIN_AGE ? source.min_age : null;
  let maxAge = offered('age') ? source.max_age : null;
  if (minAge !== null && maxAge !== null && minAge > maxAge) {
    if (!auto) throw invalidInput('min_age');
    minAge = null;
    maxAge = null;
  }
  return {
    gender: offered('gender') ? source.gender : null,
    country,
    regionId,
    minAge,
    maxAge,
    allCountries: !auto && query.searchAllCountries,
  };
}

/** The latest birthdate of someone at least `years` old on `now` (29 Feb → 28 Feb). */
export function latestBirthdate(now: Date, years: number): string {
  const year = now.getUTCFullYear() - years;
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** The filters as conditions on `profiles`: index ranges of profiles_searchable*. */
function filterConditions(ctx: SearchContext, f: SearchFilters, gender: Gender | null): SQL[] {
  const conditions: SQL[] = [sql`${profiles.siteId} = ${ctx.siteId}`];
  if (gender !== null) conditions.push(sql`${profiles.gender} = ${gender}`);
  if (!f.allCountries && f.country !== null) {
    conditions.push(sql`${profiles.country} = ${f.country}`);
    if (f.regionId !== 0) conditions.push(sql`${profiles.regionId} = ${f.regionId}`);
  }
  // Age a..b: born on or before the latest birthdate of age a, after that of age b + 1.
  if (f.minAge !== null) conditions.push(sql`${profiles.birthdate} <= ${latestBirthdate(ctx.now, f.minAge)}`);
  if (f.maxAge !== null) conditions.push(sql`${profiles.birthdate} > ${latestBirthdate(ctx.now, f.maxAge + 1)}`);
  return conditions;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The candidates as index walks ("branches", each a WHERE on `profiles`): one per gender
 * (both genders take two ordered walks instead of sorting everyone), plus, when the member
 * has any, the privacy-mode profiles in touch with them (SPEC §4 Privacy mode), which the
 * partial indexes leave out.
 */
function branches(ctx: SearchContext, f: SearchFilters): SQL[] {
  const { searcher } = ctx;
  const genders: Gender[] = f.gender ? [f.gender] : ['female', 'male'];
  const excluded = searcher ? [searcher.viewer.profileId, ...searcher.blocked] : [];
  const notExcluded = excluded.length > 0 ? [sql`${profiles.id} not in (${idList(excluded)})`] : [];
  // The predicate of the partial indexes, written literally so the planner can use them.
  const listable = sql`${profiles.status} = 'active' and ${profiles.invisible} = false and ${profiles.privacyMode} = false`;
  const list = genders.map((gender) =>
    sql.join([...filterConditions(ctx, f, gender), listable, ...notExcluded], sql` and `),
  );
  if (searcher && searcher.privacyInTouch.length > 0) {
    const inTouch = sql`${profiles.id} in (${idList(searcher.privacyInTouch)})`;
    list.push(sql.join([...filterConditions(ctx, f, f.gender), inTouch, ...notExcluded], sql` and `));
  }
  return list;
}

const searchOrder = sql`birthdate desc, id desc`;

/**
 * The candidates from `offset` on, at most `limit`, in the search order (columns id,
 * birthdate); with `after`, only those after that (birthdate, id) row in the order, which
 * the index seeks to directly.
 */
function walk(list: SQL[], offset: number, limit: number, after?: SQL): SQL {
  const one = (where: SQL, skip: number, take: number) =>
    sql`select ${profiles.id} as id, ${profiles.birthdate} as birthdate from ${profiles} where ${where}${
      after ? sql` and (${profiles.birthdate}, ${profiles.id}) < (${after})` : sql``
    } order by ${searchOrder} limit ${take} offset ${skip}`;
  const [only] = list;
  if (list.length === 1 && only) return one(only, offset, limit);
  // Each branch walks only as far as needed; the few rows are merged and cut here.
  const parts = list.map((where) => sql`(${one(where, 0, offset + limit)})`);
  return sql`select id, birthdate from (${sql.join(parts, sql` union all `)}) b order by ${searchOrder} limit ${limit} offset ${offset}`;
}

/** How many candidates there are, counting at most `bound + 1`. */
async function countUpTo(ctx: SearchContext, list: SQL[], bound: number): Promise<number> {
  const result: unknown = await ctx.db.execute(sql`select count(*)::int as n from (${walk(list, 0, bound + 1)}) c`);
  // PGlite and node-postgres both answer { rows }.
  return Number((result as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
}

interface Page {
  cards: ProfileCard[];
  /** Candidates from the page's start, counted up to the window + 1; null when no card came. */
  counted: number | null;
}

/**
 * One query: the page's candidates (numbered), the count from the page's start through the
 * window (the page plus an index-only count from its last row on, so a deep page walks
 * past the earlier pages once), and the page turned into cards under the visibility rules.
 */
async function loadPage(ctx: SearchContext, list: SQL[], offset: number, pp: number, window: number): Promise<Page> {
  const viewer = ctx.searcher?.viewer ?? null;
  const numbered = sql`with pg as materialized (
      select id, birthdate, row_number() over (order by ${searchOrder}) as rn from (${walk(list, offset, pp)}) w)
    select pg.id, pg.rn, (select count(*) from pg) + (select count(*) from (${walk(
      list,
      0,
      window + 1,
      sql`select birthdate, id from pg order by rn desc limit 1`,
    )}) c) as counted from pg`;
  const rows = await ctx.db
    .select({
      ...cardColumns(viewer?.profileId ?? null),
      counted: sql<number>`page.counted`.mapWith(Number),
    })
    .from(sql`(${numbered}) as page`)
    .innerJoin(profiles, sql`${profiles.id} = page.id`)
    .leftJoin(photos, mainPhotoJoin)
    .where(viewer ? visibleTo(viewer, { listedIn: 'search' }) : visibleToVisitors(ctx.siteId))
    .orderBy(sql`page.rn`);
  return { cards: rows.map((row) => toProfileCard(row, ctx)), counted: rows[0]?.counted ?? null };
}

/** Country filter options (SPEC §5): own country, its neighbour, the selection; the site's only. */
export function countryOptions(
  ownCountry: string | null,
  selected: string | null,
  siteCountries: readonly string[],
): string[] {
  const own = ownCountry ? [ownCountry, COUNTRY_NEIGHBOURS[ownCountry]] : [];
  return [...new Set([...own, selected])].filter((c): c is string => !!c && siteCountries.includes(c)).sort();
}

function asOptions(f: SearchFilters): SearchFilterOptions {
  return { gender: f.gender, country: f.country, countryregion: f.regionId, min_age: f.minAge, max_age: f.maxAge };
}

/** Saves the member's filters, unless they are what is saved already (paging writes nothing). */
async function saveFilters(ctx: SearchContext, searcher: Searcher, f: SearchFilters): Promise<void> {
  const options = asOptions(f);
  const saved = searcher.saved;
  if (saved && (Object.keys(options) as (keyof SearchFilterOptions)[]).every((k) => saved[k] === options[k])) return;
  const values = {
    gender: f.gender,
    country: f.country,
    regionId: f.regionId === 0 ? null : f.regionId,
    minAge: f.minAge,
    maxAge: f.maxAge,
    updatedAt: ctx.now,
  };
  await ctx.db
    .insert(searchFilters)
    .values({ accountId: searcher.viewer.accountId, ...values })
    .onConflictDoUpdate({ target: searchFilters.accountId, set: values });
}

/**
 * GET /api/search.php for a member or an allowed visitor. `paging.num_results` counts the
 * matches before the page plus those from its start up to SEARCH_COUNT_AHEAD (`capped`
 * when more follow), never past SEARCH_MAX_RESULTS, beyond which pages are empty.
 */
export async function search(ctx: SearchContext, query: SearchQuery): Promise<SearchAnswer> {
  const { searcher } = ctx;
  const filters = await resolveFilters(ctx, query);
  const list = branches(ctx, filters);
  const offset = query.page * query.pp;
  const window = Math.min(SEARCH_COUNT_AHEAD, SEARCH_MAX_RESULTS - offset);

  let page: Page = { cards: [], counted: null };
  if (window > 0) page = await loadPage(ctx, list, offset, Math.min(query.pp, window), window);
  let total: number;
  let capped: boolean;
  if (page.counted !== null && page.counted <= Math.min(query.pp, window)) {
    // The last page: its cards are all there is (a card dropped by the rules is not counted).
    total = offset + page.cards.length;
    capped = false;
  } else if (page.counted !== null) {
    total = offset + Math.min(page.counted, window);
    capped = page.counted > window;
  } else {
    // No card: past the end (or beyond the most served); count from the start instead.
    const bound = Math.min(offset + SEARCH_COUNT_AHEAD, SEARCH_MAX_RESULTS);
    const counted = await countUpTo(ctx, list, bound);
    total = Math.min(counted, bound);
    capped = counted > bound;
  }

  if (searcher && query.manual_search && !query.auto_load && !query.do_not_save) {
    await saveFilters(ctx, searcher, filters);
  }
  return {
    profiles: page.cards,
    paging: { num_results: total, capped, page: query.page, per_page: query.pp },
    filter_options: asOptions(filters),
    country_options: countryOptions(searcher ? searcher.country : ctx.visitorCountry, filters.country, ctx.countries),
  };
}
