/**
 * A small search server for the member search tests: search.php pages through a list of
 * profile cards (gender, ages and country filtered, 0-based `page` and `pp`), the similar
 * search answers its own list, and the cams, geocode, settings and regions calls answer from
 * the options. Every request is recorded with its query, so tests assert what was sent.
 */
import { vi } from 'vitest';
import { createApiClient, type ApiClient } from '#src/client/api.ts';
import type { CamEntry } from '#src/contract/cams.ts';
import type { GeocodeAnswer } from '#src/contract/geo.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import type { SearchFilterOptions } from '#src/contract/search.ts';
import type { SiteSettings } from '#src/contract/site.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { siteSettings } from './profile-fixtures.ts';

export interface SentRequest {
  path: string;
  query: Record<string, string>;
}

export interface SearchServerOptions {
  /** The main list's profiles (default: 30 numbered ones). */
  profiles?: ProfileCard[];
  /** What the similar search (do_not_save=1) lists. */
  similar?: ProfileCard[];
  filterOptions?: Partial<SearchFilterOptions>;
  countryOptions?: string[];
  /** Say that more matches follow than counted. */
  capped?: boolean;
  cams?: CamEntry[];
  geocode?: GeocodeAnswer | 'fail';
  settings?: Partial<SiteSettings>;
  regions?: Record<string, { id: number; name: string }[]>;
  /** Answer search.php with this error instead. */
  searchError?: { status: number; code: string };
}

export function numberedProfiles(count: number, prefix = 'm'): ProfileCard[] {
  return Array.from({ length: count }, (_, i) => profileCard({ id: `${prefix}${i + 1}`, name: `${prefix}${i + 1}` }));
}

export function camEntry(account: string): CamEntry {
  return { account, name: `Cam ${account}`, age: 24, snapshot: `/api/livecams/snapshot.php?account=${account}` };
}

export const REGIONS = {
  DE: [
    { id: 11, name: 'Bayern' },
    { id: 12, name: 'Berlin' },
  ],
  AT: [{ id: 21, name: 'Wien' }],
};

/** The answer of one request of the fake server. */
function answer(path: string, query: Record<string, string>, options: SearchServerOptions) {
  const json = (body: unknown, status = 200) => ({ status, body });
  if (path === '/api/search.php') {
    if (options.searchError) {
      return json({ error: { code: options.searchError.code, message: 'No' } }, options.searchError.status);
    }
    const similar = query['do_not_save'] === '1';
    const all = similar ? (options.similar ?? []) : (options.profiles ?? numberedProfiles(30));
    const page = Number(query['page'] ?? 0);
    const pp = Number(query['pp'] ?? 12);
    const filterOptions: SearchFilterOptions =
      query['auto_load'] === '1'
        ? { gender: 'female', country: 'DE', countryregion: 0, min_age: 26, max_age: 35, ...options.filterOptions }
        : {
            gender: (query['gender'] as 'male' | 'female' | undefined) ?? null,
            country: query['country'] ?? null,
            countryregion: Number(query['countryregion'] ?? 0),
            min_age: query['min_age'] ? Number(query['min_age']) : null,
            max_age: query['max_age'] ? Number(query['max_age']) : null,
          };
    return json({
      profiles: all.slice(page * pp, page * pp + pp),
      paging: { num_results: all.length, capped: options.capped ?? false, page, per_page: pp },
      filter_options: filterOptions,
      country_options: options.countryOptions ?? ['AT', 'DE'],
    });
  }
  if (path === '/api/livecams/search.php') {
    return json({ cams: Object.fromEntries((options.cams ?? []).map((cam) => [cam.account, cam])) });
  }
  if (path === '/api/geocode.php') {
    if (!options.geocode || options.geocode === 'fail') return json({ error: { code: 'internal', message: 'x' } }, 400);
    return json(options.geocode);
  }
  if (path === '/api/settings.php') {
    return json({
      settings: siteSettings({ search_fields: ['gender', 'age', 'country', 'countryregion'], ...options.settings }),
    });
  }
  if (path === '/api/regions.php') return json({ regions: options.regions ?? REGIONS });
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

function fakeFetch(options: SearchServerOptions, requests: SentRequest[]) {
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const { status, body } = answer(url.pathname, query, options);
    if (init?.signal?.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  };
}

/** The real API client over the fake server (for store tests). */
export function searchApi(options: SearchServerOptions = {}): { api: ApiClient; requests: SentRequest[] } {
  const requests: SentRequest[] = [];
  return { api: createApiClient({ fetch: fakeFetch(options, requests), delay: () => 0 }), requests };
}

/** The fake server as the global fetch (for screens, which use the shared client). */
export function serveSearch(options: SearchServerOptions = {}): SentRequest[] {
  const requests: SentRequest[] = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch(options, requests)));
  return requests;
}

/** The search.php requests, main or similar. */
export function searchRequests(requests: readonly SentRequest[], kind: 'main' | 'similar' = 'main') {
  return requests.filter(
    (r) => r.path === '/api/search.php' && (r.query['do_not_save'] === '1') === (kind === 'similar'),
  );
}
