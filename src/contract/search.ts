/**
 * The member search (SPEC §2.7 'Member search', §4 Search, §5 Country filter, §6 Visitor,
 * §7 'Search parameters', §9 Search). One call: the first request sends `auto_load=1` and
 * fills the filters from the answer's `filter_options`; later requests are manual searches
 * with the filters in the query. The 'other members near you' section is the same call with
 * `countryregion=0`, the age range widened by SIMILAR_AGE_WIDENING and `do_not_save=1`.
 *
 * Profiles are the cards of contract/members.ts: no e-mail address, coordinates or internal
 * ids ever. Query values arrive as strings; an empty value means "not set".
 */
import * as z from 'zod/mini';
import { GENDERS, SEARCH_PAGE_SIZE } from '#src/lib/constants.ts';
import { defineEndpoint, optionalQueryValue } from './define.ts';
import { profileCard } from './members.ts';

/** The most profiles one page may ask for (`pp`); larger values are lowered to it. */
export const SEARCH_PER_PAGE_MAX = 48;
/**
 * `paging.num_results` is exact up to this many matches past the start of the requested
 * page (100 pages of 12); beyond that it says so with `capped: true`, and grows as the
 * member pages on. Counting further would cost time on a big site for a number nobody
 * needs ("1,200+" is enough to page through).
 */
export const SEARCH_COUNT_AHEAD = 1_200;
/** The first this many matches of a search are served (500 pages of 12); pages beyond are empty. */
export const SEARCH_MAX_RESULTS = 6_000;
/** Ages a search may ask for; below MIN_AGE (18) means no lower bound. */
export const SEARCH_AGE_MAX = 120;

/** An empty query value (`min_age=`) is the same as a missing one. */
const optional = optionalQueryValue;
const flag = z.pipe(
  optional(z.enum(['0', '1'])),
  z.transform((v) => v === '1'),
);
const age = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(SEARCH_AGE_MAX));

export const searchQuery = z.looseObject({
  /** The first request: the filters come from the saved ones, else from the member's profile. */
  auto_load: flag,
  /** A search with the filters below; saved as the member's filters unless `do_not_save`. */
  manual_search: flag,
  do_not_save: flag,
  gender: optional(z.enum(GENDERS)),
  /** ISO country code; not set = every country of the site. */
  country: optional(
    z.pipe(
      z.string().check(z.regex(/^[A-Za-z]{2}$/)),
      z.transform((v) => v.toUpperCase()),
    ),
  ),
  /** A region id of regions.php; 0 = all regions (needs a country otherwise). */
  countryregion: z.pipe(
    optional(z.coerce.number().check(z.int(), z.minimum(0))),
    z.transform((v) => v ?? 0),
  ),
  min_age: optional(age),
  max_age: optional(age),
  /** Ignore the country (and region) filter. */
  searchAllCountries: flag,
  /** 0-based page number. */
  page: z.pipe(
    optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
    z.transform((v) => v ?? 0),
  ),
  /** Profiles per page: default SEARCH_PAGE_SIZE (12), at most SEARCH_PER_PAGE_MAX (48). */
  pp: z.pipe(
    optional(z.coerce.number().check(z.int(), z.minimum(1))),
    z.transform((v) => Math.min(v ?? SEARCH_PAGE_SIZE, SEARCH_PER_PAGE_MAX)),
  ),
  /** Where the search is shown (members page, an embedding page); for statistics only. */
  source: z.string().check(z.maxLength(40)),
  /** The client clears results when leaving the search (SPEC §4); the server only accepts it. */
  hideNudity: z.enum(['0', '1']),
  /** A visitor's traffic source (the `network` query parameter), for logged-out search. */
  trafficsource: optional(z.string().check(z.maxLength(100))),
});
export type SearchQuery = z.output<typeof searchQuery>;

/** The filters a search used; the first request's fill the filter fields (SPEC §4 Search). */
export const searchFilterOptions = z.object({
  /** null: both genders. */
  gender: z.nullable(z.enum(GENDERS)),
  /** null: every country of the site. */
  country: z.nullable(z.string()),
  /** 0: all regions. */
  countryregion: z.number().check(z.int()),
  /** null: no lower / upper bound. */
  min_age: z.nullable(z.number().check(z.int())),
  max_age: z.nullable(z.number().check(z.int())),
});
export type SearchFilterOptions = z.infer<typeof searchFilterOptions>;

export const searchAnswer = z.object({
  profiles: z.array(profileCard).check(z.maxLength(SEARCH_PER_PAGE_MAX)),
  paging: z.object({
    /**
     * Matches: those before this page plus those from its start, counted up to
     * SEARCH_COUNT_AHEAD (and at most SEARCH_MAX_RESULTS).
     */
    num_results: z.number().check(z.int()),
    /** True when more matches follow than `num_results` says. */
    capped: z.boolean(),
    page: z.number().check(z.int()),
    per_page: z.number().check(z.int()),
  }),
  filter_options: searchFilterOptions,
  /**
   * Country codes the country filter offers (SPEC §5): the member's own country, its
   * neighbour, the current selection; only countries the site serves. The client adds the
   * geolocated country, sorts by name, and hides the filter when one remains.
   */
  country_options: z.array(z.string()),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

/**
 * GET /api/search.php. Members search their site; visitors only when the site's
 * logged_out_search is not 'none', or logged_out_search_trafficsource is not 'none' and a
 * `trafficsource` is sent (else 403 authentication_required). A country outside the site's
 * countries, a region outside the country, or min_age above max_age is 400 with the field.
 */
export const getSearch = defineEndpoint({
  method: 'GET',
  path: '/api/search.php',
  query: searchQuery,
  response: searchAnswer,
  errors: ['authentication_required', 'unknown_site'],
  roles: 'public',
});
