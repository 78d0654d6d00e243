/**
 * The member search state and its actions (SPEC §3 'Search state', §4 Search, §5
 * 'Geolocation', §7 'Search parameters', §9 Search and 'Silently ignored failures').
 *
 * - The first request sends `auto_load=1`; its `filter_options` fill the filters (didInit).
 *   Every later request is a manual search with the filters, `page` 0-based and `pp`.
 * - Changing gender, ages or country starts a new list at page 1 and clears the similar
 *   results; a new country resets the region to 0; a new region reloads too.
 * - `results` holds pages of {pageNumber, results}: one page with pagination, consecutive
 *   pages with infinite scroll (which may start later than page 1 and load earlier ones).
 * - 'Other members near you' (`similar_results`) loads only once the main list is complete
 *   (its last page is loaded, or it is empty): the same call with countryregion=0, the ages
 *   widened, do_not_save=1; profiles the main list has shown are removed.
 * - Webcam and reseller cards: when the member is eligible, the cams of the filters are
 *   searched whenever the filters change; a new search drops the previous one.
 * - Failures are silent: the results shown stay. Only when nothing could load at all does
 *   the status become 'failed' (the screen offers to retry), or 'closed' when a visitor may
 *   not search this site (403 authentication_required).
 * - Stale answers never overwrite newer ones: every list has a generation number.
 *
 * The state's shape and the queries of the requests are search-state.ts's.
 *
 * Stores live per search (`searchStoreFor(source)`) and outlive the screen, so coming back
 * from a profile shows the same results; the screen resets them when hideNudity asks so.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { getCamSearch } from '#src/contract/cams.ts';
import type { GeocodeAnswer } from '#src/contract/geo.ts';
import { getSearch, type SearchAnswer } from '#src/contract/search.ts';
import { SEARCH_PAGE_SIZE, type Gender } from '#src/lib/constants.ts';
import type { WebcamEligibility } from '#src/lib/webcam.ts';
import { environment } from '#src/stores/environment.ts';
import { locate as locateBrowser } from '#src/stores/geolocation.ts';
import { loadRegions, loadSiteSettings, type Region } from '#src/stores/site-data.ts';
import { forgetProfiles, rememberProfiles } from './profile-cache.ts';
import { hasPageAfter, locationOutcome, withoutShown, type AgeBounds, type LocationOutcome } from './search-rules.ts';
import {
  initialState,
  sameFilters,
  searchRequestQuery,
  similarFilters,
  type ResultPage,
  type SearchContext,
  type SearchFilters,
  type SearchRequestQuery,
  type SearchState,
} from './search-state.ts';

export interface SearchStore {
  $state: ReadableAtom<SearchState>;
  /** The filters alone (changes only when they do). */
  $filters: ReadableAtom<SearchFilters | null>;
  /**
   * Shows the search: the first request (auto_load) at `page`, unless this viewer's results
   * are already here (coming back to the search), which are kept.
   */
  start: (context: SearchContext, pages?: { page?: number; similarPage?: number }) => Promise<void>;
  setGender: (gender: Gender | null) => Promise<void>;
  setAges: (ages: AgeBounds) => Promise<void>;
  setCountry: (country: string | null) => Promise<void>;
  setRegion: (countryregion: number) => Promise<void>;
  /** Infinite scroll: the page after the last loaded one. */
  loadNext: () => Promise<void>;
  /** Infinite scroll that started later than page 1: the page before the first loaded one. */
  loadPrevious: () => Promise<void>;
  /** Pagination (or a page named by the URL): the list becomes that page. */
  showPage: (page: number) => Promise<void>;
  showSimilarPage: (page: number) => Promise<void>;
  /** After 'failed': the same request again. */
  retry: () => Promise<void>;
  /** Which webcam content the member may see; cams are searched when it allows. */
  setWebcamEligibility: (eligibility: WebcamEligibility) => void;
  /** Applies a located position to the filters (SPEC §5 'Geolocation'). */
  applyLocation: (outcome: LocationOutcome) => Promise<void>;
  /** Locates the member, then applies the position. */
  locateMe: () => Promise<void>;
  /** Forgets everything (hideNudity: results are cleared when leaving the search). */
  reset: () => void;
}

/** Replacements for tests; the API client comes from `environment()`. */
export interface SearchStoreDeps {
  /** The located position, reverse-geocoded; false on failure. */
  locate?: () => Promise<GeocodeAnswer | false>;
  /** The site's countries and regions, to check a located position against. */
  siteGeo?: () => Promise<{ countries: readonly string[]; regions: Readonly<Record<string, Region[]>> | null }>;
}

const shownIds = (pages: readonly ResultPage[]) => new Set(pages.flatMap((p) => p.results.map((r) => r.id)));

/** Resolves like `promise`, or rejects with an AbortError once `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The search was replaced', 'AbortError'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createSearchStore(deps: SearchStoreDeps = {}): SearchStore {
  const $state = atom<SearchState>(initialState());
  const $filters = computed($state, (state) => state.filters);
  let context: SearchContext | null = null;
  /** The list's generation: answers of an older list are dropped. */
  let generation = 0;
  let similarGeneration = 0;
  /** The last list request, for retry(). */
  let lastRequest: (() => Promise<void>) | null = null;
  let camSearch: AbortController | null = null;
  /**
   * Every profile the main list showed since the filters last changed (pagination shows one
   * page at a time): the similar section leaves them out.
   */
  const shown = new Set<string>();

  const update = (change: Partial<SearchState>) => $state.set({ ...$state.get(), ...change });
  const perPage = () => context?.perPage ?? SEARCH_PAGE_SIZE;

  const call = (query: SearchRequestQuery): Promise<SearchAnswer> => environment().api.call(getSearch, { query });

  /** Whether the list ends at `page` (0-based), given the answer that brought it. */
  function endsAt(page: number, answer: SearchAnswer): boolean {
    if (answer.profiles.length === 0) return true;
    return !hasPageAfter(page, { numResults: answer.paging.num_results, capped: answer.paging.capped }, perPage());
  }

  /**
   * A new main list starting at `page`. The results shown stay until the answer replaces
   * them; the similar section is cleared at once.
   */
  async function loadList(
    request: { kind: 'auto'; page: number } | { kind: 'manual'; page: number },
    change: Partial<SearchState> = {},
  ): Promise<void> {
    if (!context) return;
    const ctx = context;
    const run = ++generation;
    similarGeneration++;
    lastRequest = () => loadList(request);
    const before = $state.get();
    const filters = change.filters ?? before.filters;
    if (request.kind === 'auto' || change.filters) shown.clear();
    update({
      ...change,
      status: 'loading',
      page: request.page,
      loadingMore: null,
      complete: false,
      similar_results: null,
      similar_numResults: 0,
      similar_capped: false,
      similarLoading: false,
    });
    const query =
      request.kind === 'auto' || !filters
        ? searchRequestQuery(ctx, { kind: 'auto', page: request.page })
        : searchRequestQuery(ctx, { kind: 'manual', page: request.page, filters });
    try {
      const answer = await call(query);
      if (run !== generation) return;
      const state = $state.get();
      update({
        status: 'ready',
        didInit: true,
        // A manual search keeps the filters chosen meanwhile; the first one takes the answer's.
        filters: request.kind === 'auto' || !state.filters ? answer.filter_options : state.filters,
        countryOptions: answer.country_options,
        results: [{ pageNumber: request.page, results: answer.profiles }],
        numResults: answer.paging.num_results,
        capped: answer.paging.capped,
        complete: endsAt(request.page, answer),
      });
      afterMainChanged();
    } catch (error) {
      if (run !== generation) return;
      if (error instanceof ApiError && error.code === 'authentication_required' && ctx.viewer === 'visitor') {
        update({ status: 'closed' });
      } else if (before.results.length > 0) {
        // Silently ignored (SPEC §9): what was shown stays, with the filters, page and similar
        // section that go with it (the next page must continue the same list).
        update({ status: 'ready', filters: before.filters, page: before.page, complete: before.complete });
        afterMainChanged();
      } else {
        // Nothing could load at all: the screen offers to try again.
        update({ status: 'failed' });
      }
    }
  }

  /** Adds the page after the last one (or before the first) to the list. */
  async function loadMore(direction: 'after' | 'before'): Promise<void> {
    const state = $state.get();
    const filters = state.filters;
    if (!context || !filters || state.status !== 'ready' || state.loadingMore) return;
    const first = state.results[0];
    const last = state.results.at(-1);
    if (!first || !last) return;
    if (direction === 'after' && state.complete) return;
    const page = direction === 'after' ? last.pageNumber + 1 : first.pageNumber - 1;
    if (page < 0) return;
    const run = generation;
    update({ loadingMore: direction });
    try {
      const answer = await call(searchRequestQuery(context, { kind: 'manual', page, filters }));
      if (run !== generation) return;
      const current = $state.get();
      // Profiles can move between pages while someone signs up: never show one twice.
      const added: ResultPage = { pageNumber: page, results: withoutShown(answer.profiles, shownIds(current.results)) };
      const results = direction === 'after' ? [...current.results, added] : [added, ...current.results];
      update({
        results,
        loadingMore: null,
        ...(direction === 'after'
          ? {
              page,
              numResults: answer.paging.num_results,
              capped: answer.paging.capped,
              complete: endsAt(page, answer),
            }
          : {}),
      });
      afterMainChanged();
    } catch {
      if (run === generation) update({ loadingMore: null });
    }
  }

  /** Once the main list is complete, the similar section loads its page. */
  function afterMainChanged(): void {
    const state = $state.get();
    const profiles = state.results.flatMap((p) => p.results);
    for (const profile of profiles) shown.add(profile.id);
    rememberProfiles(profiles);
    if (state.complete && !state.similar_results && !state.similarLoading) void loadSimilar(state.similarPage);
  }

  async function loadSimilar(page: number): Promise<void> {
    const state = $state.get();
    if (!context || !state.filters || !state.complete) {
      update({ similarPage: page });
      return;
    }
    const run = ++similarGeneration;
    const list = generation;
    update({ similarPage: page, similarLoading: true });
    try {
      const answer = await call(
        searchRequestQuery(context, { kind: 'manual', page, filters: similarFilters(state.filters), doNotSave: true }),
      );
      if (run !== similarGeneration || list !== generation) return;
      const results = withoutShown(answer.profiles, shown);
      rememberProfiles(results);
      update({
        similar_results: { pageNumber: page, results },
        similar_numResults: answer.paging.num_results,
        similar_capped: answer.paging.capped,
        similarLoading: false,
      });
    } catch {
      if (run === similarGeneration) update({ similarLoading: false });
    }
  }

  async function changeFilters(change: Partial<SearchFilters>): Promise<void> {
    const current = $state.get().filters;
    if (!current) return;
    const next: SearchFilters = { ...current, ...change };
    // A new country starts with all its regions.
    if (change.country !== undefined && change.country !== current.country && change.countryregion === undefined) {
      next.countryregion = 0;
    }
    if (sameFilters(next, current)) return;
    await loadList({ kind: 'manual', page: 0 }, { filters: next, similarPage: 0 });
  }

  function searchCams(): void {
    camSearch?.abort();
    camSearch = null;
    const { filters, webcams } = $state.get();
    if (!filters || !webcams.cams) {
      if ($state.get().cams.length > 0) update({ cams: [] });
      return;
    }
    const controller = new AbortController();
    camSearch = controller;
    const query: Record<string, string> = {};
    if (filters.gender) query['gender'] = filters.gender;
    if (filters.min_age !== null) query['min_age'] = String(filters.min_age);
    if (filters.max_age !== null) query['max_age'] = String(filters.max_age);
    abortable(environment().api.call(getCamSearch, { query, signal: controller.signal }), controller.signal).then(
      (answer) => update({ cams: Object.values(answer.cams) }),
      () => {
        // Silently ignored (SPEC §9): no cam cards, unless a newer search took over.
        if (!controller.signal.aborted) update({ cams: [] });
      },
    );
  }
  // SPEC §7: the cams follow the filters; each new search cancels the previous one.
  $filters.listen(searchCams);

  async function applyLocation(outcome: LocationOutcome): Promise<void> {
    if (outcome.status === 'failed') {
      update({ locationError: 'failed' });
      return;
    }
    update({
      geolocatedCountry: outcome.country ?? $state.get().geolocatedCountry,
      locationError: outcome.status === 'unmatched' ? 'unmatched' : null,
    });
    if (outcome.status === 'applied') {
      await changeFilters({ country: outcome.country, countryregion: outcome.countryregion });
    } else if (outcome.country) {
      await changeFilters({ country: outcome.country });
    }
  }

  const locate = deps.locate ?? locateBrowser;
  const siteGeo =
    deps.siteGeo ??
    (async () => {
      const [settings, regions] = await Promise.all([
        loadSiteSettings().catch(() => null),
        loadRegions().catch(() => null),
      ]);
      // The regions map has every country the site serves, should the settings not load.
      return { countries: settings?.countries ?? Object.keys(regions ?? {}), regions };
    });

  return {
    $state,
    $filters,
    async start(next, pages = {}) {
      const state = $state.get();
      const same = context?.viewer === next.viewer && context.source === next.source;
      context = next;
      // Coming back (or a second mount while the first request runs): keep what is there.
      const usable = state.didInit || state.status === 'loading';
      if (same && usable && state.status !== 'failed' && state.status !== 'closed') return;
      // The eligibility is the screen's to set (it knows the member); it stays.
      $state.set({ ...initialState(), webcams: state.webcams, similarPage: pages.similarPage ?? 0 });
      await loadList({ kind: 'auto', page: pages.page ?? 0 });
    },
    setGender: (gender) => changeFilters({ gender }),
    setAges: (ages) => changeFilters(ages),
    setCountry: (country) => changeFilters({ country }),
    setRegion: (countryregion) => changeFilters({ countryregion }),
    loadNext: () => loadMore('after'),
    loadPrevious: () => loadMore('before'),
    async showPage(page) {
      const state = $state.get();
      if (!state.didInit) return;
      if (state.results.some((p) => p.pageNumber === page) && state.status !== 'failed') return;
      await loadList({ kind: 'manual', page }, { similarPage: 0 });
    },
    async showSimilarPage(page) {
      const state = $state.get();
      if (state.similarPage === page && (state.similar_results?.pageNumber === page || !state.complete)) return;
      await loadSimilar(page);
    },
    retry: () => lastRequest?.() ?? Promise.resolve(),
    setWebcamEligibility(next) {
      const { webcams } = $state.get();
      if (next.cams === webcams.cams && next.camads === webcams.camads) return;
      update({ webcams: next });
      searchCams();
    },
    applyLocation,
    async locateMe() {
      const geocode = await locate();
      const geo = await siteGeo();
      await applyLocation(locationOutcome(geocode, { siteCountries: geo.countries, regions: geo.regions }));
    },
    reset() {
      shown.clear();
      generation++;
      similarGeneration++;
      camSearch?.abort();
      camSearch = null;
      context = null;
      lastRequest = null;
      $state.set(initialState());
    },
  };
}

const stores = new Map<string, SearchStore>();

/** The search store of one place the search is shown (`source`), shared while the page lives. */
export function searchStoreFor(source: string): SearchStore {
  let store = stores.get(source);
  if (!store) {
    store = createSearchStore();
    stores.set(source, store);
  }
  return store;
}

/** Tests: forget every search store and the cached profiles. */
export function resetSearchStores(): void {
  for (const store of stores.values()) store.reset();
  stores.clear();
  forgetProfiles();
}
