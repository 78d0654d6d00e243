/**
 * What one member search is (SPEC §3 'Search state', §7 'Search parameters'): its state, the
 * context its requests carry, and the query of each request it sends. Pure; the store
 * (search-store.ts) holds the state and sends the requests.
 */
import type { CamEntry } from '#src/contract/cams.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import type { SearchFilterOptions } from '#src/contract/search.ts';
import { SEARCH_PAGE_SIZE } from '#src/lib/constants.ts';
import type { WebcamEligibility } from '#src/lib/webcam.ts';
import { similarAgeBounds } from './search-rules.ts';

/** The filters of SPEC §3: gender (null: both), country (null: all), region (0: all), ages. */
export type SearchFilters = SearchFilterOptions;

export interface ResultPage {
  /** 0-based, as the server counts. */
  pageNumber: number;
  results: ProfileCard[];
}

export type SearchStatus =
  /** Not started. */
  | 'idle'
  /** A new list is on its way (the previous results, if any, stay shown meanwhile). */
  | 'loading'
  | 'ready'
  /** Nothing could be loaded: the screen offers to try again. */
  | 'failed'
  /** A visitor may not search this site (403 authentication_required). */
  | 'closed';

export interface SearchState {
  status: SearchStatus;
  /** Null until the first answer filled them. */
  filters: SearchFilters | null;
  didInit: boolean;
  /** The country filter's options from the server (SPEC §5), before the geolocated one. */
  countryOptions: string[];
  /** Consecutive pages of the main list, in page order. */
  results: ResultPage[];
  numResults: number;
  /** More matches than numResults says (SEARCH_COUNT_AHEAD). */
  capped: boolean;
  /** The page the URL names (0-based): the requested one, or the last loaded one when scrolling. */
  page: number;
  /** A page being added to the list: after the last one, or before the first. */
  loadingMore: 'after' | 'before' | null;
  /** The last page is loaded (or the list is empty): the similar section may load. */
  complete: boolean;
  similar_results: ResultPage | null;
  similar_numResults: number;
  similar_capped: boolean;
  /** The similar page the URL names (0-based), also while it waits for the main list. */
  similarPage: number;
  similarLoading: boolean;
  /** Which webcam content the member may see (SPEC §6 'Webcam eligibility'). */
  webcams: WebcamEligibility;
  /** Live webcam profiles for the cam cards (only for an eligible member). */
  cams: CamEntry[];
  /** The country of the last located position, when the site serves it (added to the options). */
  geolocatedCountry: string | null;
  /** The last location could not be used: no position, or not among the options. */
  locationError: 'failed' | 'unmatched' | null;
}

/** What the requests of one search carry besides the filters (SPEC §7). */
export interface SearchContext {
  /** Where the search is shown (statistics). */
  source: string;
  hideNudity: boolean;
  /** A visitor's traffic source (the `network` URL parameter). */
  trafficsource: string | null;
  /** Whose search this is ('visitor' or the member's id): another viewer starts afresh. */
  viewer: string;
  perPage?: number;
}

const NO_WEBCAMS: WebcamEligibility = { cams: false, camads: false };

export function initialState(): SearchState {
  return {
    status: 'idle',
    filters: null,
    didInit: false,
    countryOptions: [],
    results: [],
    numResults: 0,
    capped: false,
    page: 0,
    loadingMore: null,
    complete: false,
    similar_results: null,
    similar_numResults: 0,
    similar_capped: false,
    similarPage: 0,
    similarLoading: false,
    webcams: NO_WEBCAMS,
    cams: [],
    geolocatedCountry: null,
    locationError: null,
  };
}

/** A search.php query as the URL carries it: strings, which the contract coerces. */
export interface SearchRequestQuery {
  source: string;
  hideNudity: '0' | '1';
  [parameter: string]: string;
}

/** The query of one search request (SPEC §7 'Search parameters'); unset values are left out. */
export function searchRequestQuery(
  context: SearchContext,
  request:
    { kind: 'auto'; page: number } | { kind: 'manual'; page: number; filters: SearchFilters; doNotSave?: boolean },
): SearchRequestQuery {
  const query: SearchRequestQuery = { source: context.source, hideNudity: context.hideNudity ? '1' : '0' };
  if (request.kind === 'auto') {
    query['auto_load'] = '1';
  } else {
    const { filters } = request;
    query['manual_search'] = '1';
    if (request.doNotSave) query['do_not_save'] = '1';
    if (filters.gender) query['gender'] = filters.gender;
    if (filters.country) query['country'] = filters.country;
    query['countryregion'] = String(filters.countryregion);
    if (filters.min_age !== null) query['min_age'] = String(filters.min_age);
    if (filters.max_age !== null) query['max_age'] = String(filters.max_age);
  }
  query['page'] = String(request.page);
  query['pp'] = String(context.perPage ?? SEARCH_PAGE_SIZE);
  if (context.trafficsource) query['trafficsource'] = context.trafficsource;
  return query;
}

/** The filters of the similar search: all regions, ages widened (SPEC §7). */
export function similarFilters(filters: SearchFilters): SearchFilters {
  return { ...filters, countryregion: 0, ...similarAgeBounds(filters) };
}

export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return (
    a.gender === b.gender &&
    a.country === b.country &&
    a.countryregion === b.countryregion &&
    a.min_age === b.min_age &&
    a.max_age === b.max_age
  );
}
