/**
 * The member search store (src/features/search/search-store.ts; SPEC §3 'Search state', §4 Search, §5
 * 'Geolocation', §7 'Search parameters', §9 'Silently ignored failures'), on the real API
 * client over a fake search server.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '#src/client/api.ts';
import type { SearchContext } from '#src/features/search/search-state.ts';
import { createSearchStore, type SearchStore } from '#src/features/search/search-store.ts';
import {
  camEntry,
  numberedProfiles,
  REGIONS,
  searchApi,
  searchRequests,
  type SearchServerOptions,
} from './search-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

const member: SearchContext = { source: 'members', hideNudity: false, trafficsource: null, viewer: 'a1' };

function setup(options: SearchServerOptions = {}) {
  const { api, requests } = searchApi(options);
  testEnvironment({ api });
  const store = createSearchStore({
    locate: () => Promise.resolve(options.geocode && options.geocode !== 'fail' ? options.geocode : false),
    siteGeo: () => Promise.resolve({ countries: ['DE', 'AT'], regions: REGIONS }),
  });
  return { store, requests, options };
}

const ids = (store: SearchStore) => store.$state.get().results.flatMap((p) => p.results.map((r) => r.id));
/** Lets answers that are already there arrive (the fake server answers at once). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('search store', () => {
  it('first sends auto_load and fills the filters from the answer', async () => {
    const { store, requests } = setup({ countryOptions: ['AT', 'DE'] });
    await store.start(member);
    const [first] = searchRequests(requests);
    expect(first?.query).toEqual({ auto_load: '1', page: '0', pp: '12', source: 'members', hideNudity: '0' });
    const state = store.$state.get();
    expect(state.didInit).toBe(true);
    expect(state.filters).toEqual({ gender: 'female', country: 'DE', countryregion: 0, min_age: 26, max_age: 35 });
    expect(state.countryOptions).toEqual(['AT', 'DE']);
    expect(state.results).toEqual([{ pageNumber: 0, results: expect.any(Array) as unknown }]);
    expect(ids(store)).toHaveLength(12);
    expect(state.numResults).toBe(30);
  });

  it('searches manually after a change: page 1, region reset on a new country, similar cleared', async () => {
    const { store, requests } = setup({ profiles: numberedProfiles(5), similar: numberedProfiles(3, 's') });
    await store.start(member);
    await settle();
    expect(store.$state.get().similar_results?.results).toHaveLength(3);

    await store.setRegion(11);
    let last = searchRequests(requests).at(-1)!.query;
    expect(last).toMatchObject({ manual_search: '1', country: 'DE', countryregion: '11', page: '0' });
    expect(last['auto_load']).toBeUndefined();

    const pending = store.setCountry('AT');
    // The similar results go at once; the new list follows.
    expect(store.$state.get().similar_results).toBeNull();
    await pending;
    last = searchRequests(requests).at(-1)!.query;
    expect(last).toMatchObject({ manual_search: '1', country: 'AT', countryregion: '0', gender: 'female' });

    await store.setGender('male');
    await store.setAges({ min_age: 46, max_age: 55 });
    last = searchRequests(requests).at(-1)!.query;
    expect(last).toMatchObject({ gender: 'male', min_age: '46', max_age: '55', page: '0' });
    expect(store.$state.get().filters).toEqual({
      gender: 'male',
      country: 'AT',
      countryregion: 0,
      min_age: 46,
      max_age: 55,
    });
  });

  it('sends no bounds for "all ages" and no gender for everyone', async () => {
    const { store, requests } = setup();
    await store.start(member);
    await store.setAges({ min_age: null, max_age: null });
    await store.setGender(null);
    const last = searchRequests(requests).at(-1)!.query;
    expect(Object.keys(last)).not.toContain('min_age');
    expect(Object.keys(last)).not.toContain('max_age');
    expect(Object.keys(last)).not.toContain('gender');
  });

  it('adds pages with infinite scroll and loads the similar search only after the last one', async () => {
    const main = numberedProfiles(30);
    const similar = [...main.slice(20, 24), ...numberedProfiles(4, 's')];
    const { store, requests } = setup({ profiles: main, similar });
    await store.start(member);
    await store.loadNext();
    expect(store.$state.get().page).toBe(1);
    expect(store.$state.get().complete).toBe(false);
    expect(searchRequests(requests, 'similar')).toHaveLength(0);

    await store.loadNext();
    expect(ids(store)).toEqual(main.map((p) => p.id));
    expect(store.$state.get().complete).toBe(true);
    await settle();

    const [similarRequest] = searchRequests(requests, 'similar');
    expect(similarRequest?.query).toMatchObject({
      manual_search: '1',
      do_not_save: '1',
      countryregion: '0',
      min_age: '21',
      max_age: '40',
      page: '0',
    });
    // Profiles already shown are removed.
    expect(store.$state.get().similar_results?.results.map((p) => p.id)).toEqual(['s1', 's2', 's3', 's4']);
    // Nothing after the last page.
    await store.loadNext();
    expect(searchRequests(requests)).toHaveLength(3);
  });

  it('loads the similar search at once when nothing matches', async () => {
    const { store, requests } = setup({ profiles: [], similar: numberedProfiles(2, 's') });
    await store.start(member);
    await settle();
    expect(store.$state.get().numResults).toBe(0);
    expect(searchRequests(requests, 'similar')).toHaveLength(1);
    expect(store.$state.get().similar_results?.results).toHaveLength(2);
  });

  it('starts at the page the URL names, loads earlier pages, and pages on demand', async () => {
    const { store, requests } = setup({ profiles: numberedProfiles(40) });
    await store.start(member, { page: 2 });
    expect(searchRequests(requests)[0]?.query).toMatchObject({ auto_load: '1', page: '2' });
    expect(ids(store)[0]).toBe('m25');

    await store.loadPrevious();
    expect(store.$state.get().results.map((p) => p.pageNumber)).toEqual([1, 2]);
    expect(store.$state.get().page).toBe(2);

    await store.showPage(0);
    expect(store.$state.get().results.map((p) => p.pageNumber)).toEqual([0]);
    expect(searchRequests(requests).at(-1)?.query).toMatchObject({ manual_search: '1', page: '0' });
    // A page already shown is not loaded again.
    await store.showPage(0);
    expect(searchRequests(requests)).toHaveLength(3);
  });

  it('drops an older answer that arrives after a newer one', async () => {
    const gates: (() => void)[] = [];
    const api = createApiClient({
      delay: () => 0,
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input), 'http://x');
        const gender = url.searchParams.get('gender');
        const body = {
          profiles: numberedProfiles(2, gender ?? 'auto'),
          paging: { num_results: 2, capped: false, page: 0, per_page: 12 },
          filter_options: { gender: 'female', country: 'DE', countryregion: 0, min_age: null, max_age: null },
          country_options: ['DE'],
        };
        const response = new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
        // Only the main list's manual searches wait for the test to let them answer.
        if (!url.searchParams.get('manual_search') || url.searchParams.get('do_not_save')) {
          return Promise.resolve(response);
        }
        return new Promise((resolve) => gates.push(() => resolve(response)));
      },
    });
    testEnvironment({ api });
    const store = createSearchStore();
    await store.start(member);
    const slow = store.setGender('male');
    const fast = store.setGender(null);
    await settle();
    gates[1]!();
    await fast;
    gates[0]!();
    await slow;
    expect(ids(store)).toEqual(['auto1', 'auto2']);
    expect(store.$state.get().filters?.gender).toBeNull();
  });

  it('keeps the results when a later search fails, and offers a retry when nothing loaded', async () => {
    const options: SearchServerOptions = { profiles: numberedProfiles(30) };
    const { store } = setup(options);
    await store.start(member);
    options.searchError = { status: 400, code: 'invalid_input' };
    await store.setGender('male');
    expect(store.$state.get().status).toBe('ready');
    expect(ids(store)).toHaveLength(12);
    // The filters go back to those of the results shown.
    expect(store.$state.get().filters?.gender).toBe('female');
    await store.loadNext();
    expect(store.$state.get().loadingMore).toBeNull();
    expect(ids(store)).toHaveLength(12);

    const fresh = setup({ searchError: { status: 400, code: 'invalid_input' } });
    await fresh.store.start(member);
    expect(fresh.store.$state.get().status).toBe('failed');
    delete fresh.options.searchError;
    await fresh.store.retry();
    expect(fresh.store.$state.get().status).toBe('ready');
    expect(fresh.store.$state.get().didInit).toBe(true);
  });

  it('tells a visitor that the site keeps its search for members; sends the traffic source', async () => {
    const { store, requests } = setup({ searchError: { status: 403, code: 'authentication_required' } });
    await store.start({ ...member, viewer: 'visitor', trafficsource: 'partner7', hideNudity: true });
    expect(store.$state.get().status).toBe('closed');
    expect(searchRequests(requests)[0]?.query).toMatchObject({ trafficsource: 'partner7', hideNudity: '1' });
  });

  it('keeps the results for the same viewer coming back, and starts afresh for another', async () => {
    const { store, requests } = setup();
    await store.start(member);
    await store.start(member);
    expect(searchRequests(requests)).toHaveLength(1);
    await store.start({ ...member, viewer: 'b2' });
    expect(searchRequests(requests)).toHaveLength(2);
    store.reset();
    expect(store.$state.get().results).toEqual([]);
    expect(store.$state.get().didInit).toBe(false);
  });

  it('searches cams for an eligible member whenever the filters change; none otherwise', async () => {
    const { store, requests } = setup({ cams: [camEntry('lena'), camEntry('mia')] });
    const cams = () => requests.filter((r) => r.path === '/api/livecams/search.php');
    await store.start(member);
    expect(cams()).toHaveLength(0);

    store.setWebcamEligibility({ cams: true, camads: true });
    await settle();
    expect(cams()[0]?.query).toEqual({ gender: 'female', min_age: '26', max_age: '35' });
    expect(store.$state.get().cams.map((c) => c.account)).toEqual(['lena', 'mia']);

    await store.setAges({ min_age: 36, max_age: 45 });
    await settle();
    expect(cams().at(-1)?.query).toEqual({ gender: 'female', min_age: '36', max_age: '45' });

    // Ads alone need no cam search.
    store.setWebcamEligibility({ cams: false, camads: true });
    await store.setGender('male');
    await settle();
    expect(cams()).toHaveLength(2);
    expect(store.$state.get().cams).toEqual([]);
  });

  it('keeps only the newest cam search when filters change quickly', async () => {
    const gates: (() => void)[] = [];
    const api = createApiClient({
      delay: () => 0,
      fetch: (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input), 'http://x');
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/api/search.php') {
          return Promise.resolve(
            json({
              profiles: [],
              paging: { num_results: 0, capped: false, page: 0, per_page: 12 },
              filter_options: { gender: 'female', country: null, countryregion: 0, min_age: null, max_age: null },
              country_options: [],
            }),
          );
        }
        const account = url.searchParams.get('gender') ?? 'any';
        const answer = json({ cams: { [account]: camEntry(account) } });
        return new Promise((resolve) => gates.push(() => resolve(answer)));
      },
    });
    testEnvironment({ api });
    const store = createSearchStore();
    store.setWebcamEligibility({ cams: true, camads: false });
    await store.start(member);
    void store.setGender('male');
    await settle();
    expect(gates).toHaveLength(2);
    gates[1]!();
    await settle();
    gates[0]!();
    await settle();
    expect(store.$state.get().cams.map((c) => c.account)).toEqual(['male']);
  });

  it('applies a located country and region; marks a location it cannot match', async () => {
    const { store, requests } = setup({ geocode: { country: 'AT', countryregion: 21, region_code: 'AT-9' } });
    await store.start(member);
    await store.locateMe();
    expect(store.$state.get().filters).toMatchObject({ country: 'AT', countryregion: 21 });
    expect(store.$state.get().geolocatedCountry).toBe('AT');
    expect(store.$state.get().locationError).toBeNull();
    expect(searchRequests(requests).at(-1)?.query).toMatchObject({ country: 'AT', countryregion: '21' });

    await store.applyLocation({ status: 'unmatched', country: 'DE' });
    expect(store.$state.get().filters).toMatchObject({ country: 'DE', countryregion: 0 });
    expect(store.$state.get().locationError).toBe('unmatched');

    const before = searchRequests(requests).length;
    await store.applyLocation({ status: 'unmatched', country: null });
    await store.applyLocation({ status: 'failed' });
    expect(store.$state.get().locationError).toBe('failed');
    expect(searchRequests(requests)).toHaveLength(before);
  });
});
