/**
 * The filters of a search (SPEC §4 Search, §5 Country filter, §9): the defaults of a first
 * request, what a request means after the site's search_fields and validation, the country
 * options answered with it, and the member's saved filters (step 3 of service.ts).
 */
import type { SearchFilterOptions, SearchQuery } from '#src/contract/search.ts';
import { AGE_RANGES, COUNTRY_NEIGHBOURS, MIN_AGE, type Gender } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { regions, searchFilters } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { ageOf } from '#src/server/features/members/index.ts';
import type { SearchContext, Searcher } from './searcher.ts';

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

/** Country filter options (SPEC §5): own country, its neighbour, the selection; the site's only. */
export function countryOptions(
  ownCountry: string | null,
  selected: string | null,
  siteCountries: readonly string[],
): string[] {
  const own = ownCountry ? [ownCountry, COUNTRY_NEIGHBOURS[ownCountry]] : [];
  return [...new Set([...own, selected])].filter((c): c is string => !!c && siteCountries.includes(c)).sort();
}

export function asOptions(f: SearchFilters): SearchFilterOptions {
  return { gender: f.gender, country: f.country, countryregion: f.regionId, min_age: f.minAge, max_age: f.maxAge };
}

/** Saves the member's filters, unless they are what is saved already (paging writes nothing). */
export async function saveFilters(ctx: SearchContext, searcher: Searcher, f: SearchFilters): Promise<void> {
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
