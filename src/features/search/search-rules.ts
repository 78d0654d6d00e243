/**
 * The member search's rules as pure functions (SPEC §4 Search, §5 'Country filter' and
 * 'Geolocation', §7 'Search parameters', §9 Search): the age range options and their bounds,
 * the widened ages of 'other members near you', the country and region choices, where a
 * geolocated position lands in the filters, the page numbers of the pagination and the
 * search's URL parameters. The store (search-store.ts) and the components use them;
 * tests/unit/search-rules.test.ts pins them down.
 */
import type { ProfileCard } from '#src/contract/members.ts';
import type { GeocodeAnswer } from '#src/contract/geo.ts';
import { SEARCH_AGE_MAX } from '#src/contract/search.ts';
import { AGE_RANGES, MIN_AGE, SIMILAR_AGE_WIDENING } from '#src/lib/constants.ts';
import { countryName, type Region } from '#src/stores/site-data.ts';

export interface AgeBounds {
  min_age: number | null;
  max_age: number | null;
}

export type AgeRangeKey = (typeof AGE_RANGES)[number]['key'];

/** One choice of the age select: a SPEC §9 range, or the incoming bounds no range matches. */
export interface AgeOption extends AgeBounds {
  /** The AGE_RANGES key, or 'custom'. */
  key: AgeRangeKey | 'custom';
}

/** The SPEC §9 range whose bounds are exactly these, or null. */
export function ageRangeOf(bounds: AgeBounds): AgeRangeKey | null {
  return AGE_RANGES.find((range) => range.min === bounds.min_age && range.max === bounds.max_age)?.key ?? null;
}

/** The bounds a range sends (SPEC §9: '18–25' is max 25 without a min, 'over 65' min 65). */
export function ageBoundsOf(key: AgeRangeKey): AgeBounds {
  const range = AGE_RANGES.find((r) => r.key === key) ?? AGE_RANGES[0];
  return { min_age: range.min, max_age: range.max };
}

/**
 * The age select's options: exactly AGE_RANGES, plus a 'custom' option first when the
 * current bounds (saved earlier, or from a link) match none of them, so the select shows
 * what is really searched.
 */
export function ageOptions(current: AgeBounds): AgeOption[] {
  const ranges: AgeOption[] = AGE_RANGES.map((range) => ({ key: range.key, min_age: range.min, max_age: range.max }));
  return ageRangeOf(current) === null ? [{ key: 'custom', ...current }, ...ranges] : ranges;
}

/** The value of the age select for the current bounds. */
export function ageOptionKey(current: AgeBounds): AgeRangeKey | 'custom' {
  return ageRangeOf(current) ?? 'custom';
}

/**
 * What an age option says, as a translation key and its values: 'all ages', '{{min}}–{{max}}'
 * (a missing lower bound reads as MIN_AGE), 'over {{min}}', or 'up to {{max}}'.
 */
export function ageLabel(bounds: AgeBounds): { key: 'all' | 'range' | 'over'; values: Record<string, number> } {
  const { min_age: min, max_age: max } = bounds;
  if (min === null && max === null) return { key: 'all', values: {} };
  if (max === null) return { key: 'over', values: { min: min ?? MIN_AGE } };
  return { key: 'range', values: { min: min ?? MIN_AGE, max } };
}

/**
 * The ages of the similar search (SPEC §7, §9): SIMILAR_AGE_WIDENING years more on each
 * side; a missing bound stays missing, the lower never goes under MIN_AGE.
 */
export function similarAgeBounds(bounds: AgeBounds): AgeBounds {
  return {
    min_age: bounds.min_age === null ? null : Math.max(MIN_AGE, bounds.min_age - SIMILAR_AGE_WIDENING),
    max_age: bounds.max_age === null ? null : Math.min(SEARCH_AGE_MAX, bounds.max_age + SIMILAR_AGE_WIDENING),
  };
}

export interface CountryChoice {
  code: string;
  name: string;
}

/**
 * The country filter's options (SPEC §5 'Country filter'): what the server offers
 * (`country_options`: own country, its neighbour, the current selection, only the site's
 * countries), the current selection, and the geolocated country when the site serves it;
 * without duplicates, sorted by name in the interface language.
 */
export function countryChoices(input: {
  serverOptions: readonly string[];
  selected: string | null;
  geolocated: string | null;
  /** The countries the site serves; null while unknown (a geolocated country then waits). */
  siteCountries: readonly string[] | null;
  locale: string;
}): CountryChoice[] {
  const codes = new Set(input.serverOptions);
  if (input.selected) codes.add(input.selected);
  if (input.geolocated && input.siteCountries?.includes(input.geolocated)) codes.add(input.geolocated);
  const collator = new Intl.Collator(input.locale);
  return [...codes]
    .map((code) => ({ code, name: countryName(code, input.locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Whether the country filter shows: the choices plus 'All countries' (offered only while no
 * country is chosen, as the server then searches all of the site's countries) must make
 * more than one option (SPEC §5: hidden when only one).
 */
export function showCountryFilter(choices: readonly CountryChoice[], selected: string | null): boolean {
  return choices.length + (selected === null ? 1 : 0) > 1;
}

/** The regions of a country, in the order the server lists them; none without a country. */
export function regionsOf(regions: Readonly<Record<string, Region[]>> | null, country: string | null): Region[] {
  return country ? (regions?.[country] ?? []) : [];
}

/** What a geolocated position does to the filters (SPEC §5 'Geolocation'). */
export type LocationOutcome =
  | { status: 'applied'; country: string; countryregion: number }
  /** The country or region is not among the options: the location is marked as an error. */
  | { status: 'unmatched'; country: string | null }
  /** The position or its reverse geocoding failed. */
  | { status: 'failed' };

/**
 * A geocode answer against the options: the country only when the site serves it (then it
 * is one of the country options, SPEC §5), the region only when it is one of that
 * country's regions. A country without a matching region is still applied, with all
 * regions, and the location marked as an error.
 */
export function locationOutcome(
  geocode: GeocodeAnswer | false,
  options: { siteCountries: readonly string[]; regions: Readonly<Record<string, Region[]>> | null },
): LocationOutcome {
  if (geocode === false) return { status: 'failed' };
  const { country } = geocode;
  if (!country || !options.siteCountries.includes(country)) return { status: 'unmatched', country: null };
  const region = regionsOf(options.regions, country).find((r) => r.id === geocode.countryregion);
  if (!region) return { status: 'unmatched', country };
  return { status: 'applied', country, countryregion: region.id };
}

/** The profiles not shown yet (SPEC §4: the similar section leaves out those in the results). */
export function withoutShown(profiles: readonly ProfileCard[], shown: ReadonlySet<string>): ProfileCard[] {
  return profiles.filter((profile) => !shown.has(profile.id));
}

/** How many pages a count makes (at least 1, so an empty search has its one empty page). */
export function pageCount(numResults: number, perPage: number): number {
  return Math.max(1, Math.ceil(numResults / perPage));
}

/**
 * Whether pages follow page `pageNumber` (0-based): the count says so, or it is capped
 * (more matches than counted). An empty page ends the list whatever the count says.
 */
export function hasPageAfter(pageNumber: number, paging: { numResults: number; capped: boolean }, perPage: number) {
  return paging.capped || (pageNumber + 1) * perPage < paging.numResults;
}

export type PageItem = number | 'gap';

/**
 * The page numbers (1-based) a pagination shows: the first, the last, and the current one
 * with `around` neighbours each side; skipped runs become a 'gap'. When the count is capped
 * the last page is not known, so it ends at the window around the current one.
 */
export function pageItems(current: number, total: number, options: { around?: number; capped?: boolean } = {}) {
  const around = options.around ?? 1;
  const shown = new Set<number>([1, current]);
  if (!options.capped) shown.add(total);
  for (let page = current - around; page <= current + around; page++) shown.add(page);
  const pages = [...shown].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}

/** A 1-based page URL parameter as a 0-based page: missing, invalid or below 1 is page 0. */
export function pageFromParam(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/**
 * The URL parameters of the search (SPEC §2.7): `page` and `similarpage` 1-based and left
 * out on the first page; every other parameter (autolocation, network, ...) kept as it is.
 */
export function searchParams(
  current: Readonly<Record<string, string>>,
  pages: { page: number; similarPage: number },
): Record<string, string> {
  const next: Record<string, string> = { ...current };
  delete next['page'];
  delete next['similarpage'];
  if (pages.page > 0) next['page'] = String(pages.page + 1);
  if (pages.similarPage > 0) next['similarpage'] = String(pages.similarPage + 1);
  return next;
}

/** Query parameters as a `?a=b` string ('' for none), in their original order. */
export function queryString(params: Readonly<Record<string, string>>): string {
  const text = new URLSearchParams(params).toString();
  return text ? `?${text}` : '';
}

/** Whether two sets of URL parameters are the same, whatever their order. */
export function sameParams(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * SPEC §6 Visitor: a logged-out visitor may search when logged_out_search is not 'none', or
 * when logged_out_search_trafficsource is not 'none' and they came with a traffic source.
 * The server applies the same rule to GET /api/search.php (src/server/features/search/routes.ts).
 */
export function visitorMaySearch(
  settings: { logged_out_search: string; logged_out_search_trafficsource: string },
  trafficsource: string | null,
): boolean {
  if (settings.logged_out_search !== 'none') return true;
  return settings.logged_out_search_trafficsource !== 'none' && Boolean(trafficsource);
}
