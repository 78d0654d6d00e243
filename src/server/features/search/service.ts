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
 *
 * Both queries are prepared statements built once (per shape of the filters, see `Shape`).
 */
import { createHash } from 'node:crypto';
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
import { preparedFor } from '#src/server/db/prepared.ts';
import type { Tx } from '#src/server/db/client.ts';
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
import { fail } from '#src/server/http/errors.ts';
import {
  cardColumns,
  mainPhotoJoin,
  toProfileCard,
  type CardContext,
  viewerColumns,
  visibleTo,
  visibleToVisitors,
  type Viewer,
  ageOf,
} from '#src/server/features/members/index.ts';

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
 * The session's member on this site with everything the search needs, in one query: a
 * prepared statement (db/prepared.ts), so PostgreSQL parses and plans it once per connection.
 */
const searcherQuery = preparedFor((db) => {
  const me = profiles.id;
  return db
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
    .where(and(eq(accounts.id, sql.placeholder('accountId')), eq(accounts.siteId, sql.placeholder('siteId'))))
    .limit(1)
    .prepare('search_searcher');
});

/** The session's member on this site (searcherQuery); null for an account of another site or without a profile. */
export async function loadSearcher(db: Db, accountId: number, siteId: string): Promise<Searcher | null> {
  const [row] = await searcherQuery(db).execute({ accountId, siteId });
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
    if (!auto) throw fail('invalid_input', { field: 'country' });
    country = null;
  }
  let regionId = offered('countryregion') ? source.countryregion : 0;
  if (regionId !== 0 && (country === null || (await countryOfRegion(ctx.db, regionId)) !== country)) {
    if (!auto) throw fail('invalid_input', { field: 'countryregion' });
    regionId = 0;
  }
  // Nobody is younger than MIN_AGE: a lower bound under it is no bound.
  let minAge = offered('age') && source.min_age !== null && source.min_age >= MIN_AGE ? source.min_age : null;
  let maxAge = offered('age') ? source.max_age : null;
  if (minAge !== null && maxAge !== null && minAge > maxAge) {
    if (!auto) throw fail('invalid_input', { field: 'min_age' });
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

/**
 * What the SQL text of a search's queries depends on: which filters apply, never their
 * values. Each shape's queries are built once (db/prepared.ts) with every value as a
 * placeholder (`SearchValues`) and run as prepared statements: Drizzle does not build the
 * long page query again for every request, and PostgreSQL parses it once per connection
 * and, after a few runs, keeps its plan (planning it took about twice as long as running it:
 * 0.7 ms against 0.3 ms at 14,000 members). PGlite prepares each text once as well
 * (db/pglite-statements.ts). There are 108 shapes at most, a handful in practice.
 */
interface Shape {
  member: boolean;
  /** 'both': two walks merged. The gender is written into the text, so plans know it. */
  gender: Gender | 'both';
  country: boolean;
  region: boolean;
  minAge: boolean;
  maxAge: boolean;
  /** The member has privacy-mode profiles in touch: an extra walk. */
  inTouch: boolean;
}

function shapeOf(ctx: SearchContext, f: SearchFilters): Shape {
  const country = !f.allCountries && f.country !== null;
  return {
    member: ctx.searcher !== null,
    gender: f.gender ?? 'both',
    country,
    region: country && f.regionId !== 0,
    minAge: f.minAge !== null,
    maxAge: f.maxAge !== null,
    inTouch: (ctx.searcher?.privacyInTouch.length ?? 0) > 0,
  };
}

/** The placeholders of a search's queries. */
type Placeholder =
  | 'siteId'
  | 'country'
  | 'regionId'
  | 'minBirthdate'
  | 'maxBirthdate'
  | 'excluded'
  | 'inTouch'
  | 'me'
  | 'offset'
  | 'limit'
  | 'take'
  | 'countTake';
/** Their values (those a shape leaves out are unused). */
type SearchValues = Record<Placeholder, unknown>;
const value = (name: Placeholder) => sql.placeholder(name);

function valuesOf(
  ctx: SearchContext,
  f: SearchFilters,
  offset: number,
  limit: number,
  countTake: number,
): SearchValues {
  const { searcher } = ctx;
  return {
    siteId: ctx.siteId,
    country: f.country,
    regionId: f.regionId,
    // Age a..b: born on or before the latest birthdate of age a, after that of age b + 1.
    minBirthdate: f.minAge === null ? null : latestBirthdate(ctx.now, f.minAge),
    maxBirthdate: f.maxAge === null ? null : latestBirthdate(ctx.now, f.maxAge + 1),
    excluded: searcher ? [searcher.viewer.profileId, ...searcher.blocked] : [],
    inTouch: searcher?.privacyInTouch ?? [],
    me: searcher?.viewer.profileId ?? 0,
    offset,
    limit,
    take: offset + limit,
    countTake,
  };
}

/** The filters as conditions on `profiles`: index ranges of profiles_searchable*. */
function filterConditions(shape: Shape, gender: Gender | null): SQL[] {
  const conditions: SQL[] = [sql`${profiles.siteId} = ${value('siteId')}`];
  // Gender values are ours ('female', 'male'): written as literals.
  if (gender !== null) conditions.push(sql`${profiles.gender} = ${sql.raw(`'${gender}'`)}`);
  if (shape.country) conditions.push(sql`${profiles.country} = ${value('country')}`);
  if (shape.region) conditions.push(sql`${profiles.regionId} = ${value('regionId')}`);
  if (shape.minAge) conditions.push(sql`${profiles.birthdate} <= ${value('minBirthdate')}`);
  if (shape.maxAge) conditions.push(sql`${profiles.birthdate} > ${value('maxBirthdate')}`);
  return conditions;
}

/**
 * The candidates as index walks ("branches", each a WHERE on `profiles`): one per gender
 * (both genders take two ordered walks instead of sorting everyone), plus, when the member
 * has any, the privacy-mode profiles in touch with them (SPEC §4 Privacy mode), which the
 * partial indexes leave out. Id lists are array parameters, so their length is not part of
 * the text.
 */
function branches(shape: Shape): SQL[] {
  const genders: Gender[] = shape.gender === 'both' ? ['female', 'male'] : [shape.gender];
  const notExcluded = shape.member ? [sql`${profiles.id} <> all(${value('excluded')}::bigint[])`] : [];
  // The predicate of the partial indexes, written literally so the planner can use them.
  const listable = sql`${profiles.status} = 'active' and ${profiles.invisible} = false and ${profiles.privacyMode} = false`;
  const list = genders.map((gender) =>
    sql.join([...filterConditions(shape, gender), listable, ...notExcluded], sql` and `),
  );
  if (shape.inTouch) {
    const inTouch = sql`${profiles.id} = any(${value('inTouch')}::bigint[])`;
    const gender = shape.gender === 'both' ? null : shape.gender;
    list.push(sql.join([...filterConditions(shape, gender), inTouch, ...notExcluded], sql` and `));
  }
  return list;
}

const searchOrder = sql`birthdate desc, id desc`;

/**
 * The candidates from `offset` on, at most `limit` (`take` = offset + limit), in the search
 * order (columns id, birthdate); with `after`, only those after that (birthdate, id) row in
 * the order, which the index seeks to directly.
 */
function walk(list: SQL[], window: { offset: SQL; limit: SQL; take: SQL }, after?: SQL): SQL {
  const one = (where: SQL, skip: SQL, take: SQL) =>
    sql`select ${profiles.id} as id, ${profiles.birthdate} as birthdate from ${profiles} where ${where}${
      after ? sql` and (${profiles.birthdate}, ${profiles.id}) < (${after})` : sql``
    } order by ${searchOrder} limit ${take} offset ${skip}`;
  const [only] = list;
  if (list.length === 1 && only) return one(only, window.offset, window.limit);
  // Each branch walks only as far as needed; the few rows are merged and cut here.
  const parts = list.map((where) => sql`(${one(where, sql`0`, window.take)})`);
  return sql`select id, birthdate from (${sql.join(parts, sql` union all `)}) b order by ${searchOrder} limit ${window.limit} offset ${window.offset}`;
}

/** The first `countTake` candidates, counted. */
const fromStart = { offset: sql`0`, limit: sql`${value('countTake')}`, take: sql`${value('countTake')}` };

/** Queries of one kind, built and prepared once per shape (`preparedFor`, per kind of database). */
function byShape<Q extends object>(
  kind: string,
  build: (db: Db | Tx, shape: Shape, name: string) => Q,
): (db: Db, shape: Shape) => Q {
  const perShape = new Map<string, (db: Db) => Q>();
  return (db, shape) => {
    const key = JSON.stringify(shape);
    let query = perShape.get(key);
    if (!query) {
      const name = `search_${kind}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
      query = preparedFor((handle) => build(handle, shape, name));
      perShape.set(key, query);
    }
    return query(db);
  };
}

/** How many candidates there are, counting at most `countTake`. */
const countQuery = byShape('count', (db, shape, name) =>
  db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(sql`(${walk(branches(shape), fromStart)}) c`)
    .prepare(name),
);

/**
 * One query: the page's candidates (numbered), the count from the page's start through the
 * window (the page plus an index-only count from its last row on, so a deep page walks
 * past the earlier pages once), and the page turned into cards under the visibility rules.
 */
const pageQuery = byShape('page', (db, shape, name) => {
  const list = branches(shape);
  const page = { offset: sql`${value('offset')}`, limit: sql`${value('limit')}`, take: sql`${value('take')}` };
  const last = sql`select birthdate, id from pg order by rn desc limit 1`;
  const numbered = sql`with pg as materialized (
      select id, birthdate, row_number() over (order by ${searchOrder}) as rn from (${walk(list, page)}) w)
    select pg.id, pg.rn, (select count(*) from pg) + (select count(*) from (${walk(list, fromStart, last)}) c) as counted from pg`;
  const viewer = { profileId: value('me'), siteId: value('siteId') };
  return db
    .select({
      ...cardColumns(shape.member ? viewer.profileId : null),
      counted: sql<number>`page.counted`.mapWith(Number),
    })
    .from(sql`(${numbered}) as page`)
    .innerJoin(profiles, sql`${profiles.id} = page.id`)
    .leftJoin(photos, mainPhotoJoin)
    .where(shape.member ? visibleTo(viewer, { listedIn: 'search' }) : visibleToVisitors(viewer.siteId))
    .orderBy(sql`page.rn`)
    .prepare(name);
});

interface Page {
  cards: ProfileCard[];
  /** Candidates from the page's start, counted up to the window + 1; null when no card came. */
  counted: number | null;
}

async function loadPage(ctx: SearchContext, shape: Shape, values: SearchValues): Promise<Page> {
  const rows = await pageQuery(ctx.db, shape).execute(values);
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
  const shape = shapeOf(ctx, filters);
  const offset = query.page * query.pp;
  const window = Math.min(SEARCH_COUNT_AHEAD, SEARCH_MAX_RESULTS - offset);

  let page: Page = { cards: [], counted: null };
  if (window > 0) {
    page = await loadPage(ctx, shape, valuesOf(ctx, filters, offset, Math.min(query.pp, window), window + 1));
  }
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
    const [row] = await countQuery(ctx.db, shape).execute(valuesOf(ctx, filters, 0, 0, bound + 1));
    const counted = row?.n ?? 0;
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
