/**
 * The page and count queries of a search (step 2 of service.ts): the filters as walks of the
 * partial indexes `profiles_searchable*`, prepared once per `Shape`, and the page's rows
 * turned into cards under the visibility rules.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ProfileCard } from '#src/contract/members.ts';
import type { Gender } from '#src/lib/constants.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import { photos, profiles } from '#src/server/db/schema.ts';
import {
  cardColumns,
  mainPhotoJoin,
  toProfileCard,
  visibleTo,
  visibleToVisitors,
} from '#src/server/features/members/index.ts';
import type { SearchFilters } from './filters.ts';
import type { SearchContext } from './searcher.ts';

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
export interface Shape {
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

export function shapeOf(ctx: SearchContext, f: SearchFilters): Shape {
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

export function valuesOf(
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
export const countQuery = byShape('count', (db, shape, name) =>
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

export interface Page {
  cards: ProfileCard[];
  /** Candidates from the page's start, counted up to the window + 1; null when no card came. */
  counted: number | null;
}

export async function loadPage(ctx: SearchContext, shape: Shape, values: SearchValues): Promise<Page> {
  const rows = await pageQuery(ctx.db, shape).execute(values);
  return { cards: rows.map((row) => toProfileCard(row, ctx)), counted: rows[0]?.counted ?? null };
}
