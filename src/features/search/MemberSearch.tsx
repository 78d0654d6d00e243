/**
 * The member search (SPEC §2.7 'Member search'), embeddable in any page of the members
 * area or a static page with an island: filters, the result count, a grid of profile cards
 * (with webcam and reseller cards for eligible members), infinite scroll (or pagination
 * where IntersectionObserver is missing), and 'other members near you' below once the
 * results are all loaded. Works for visitors too (user null): no geolocation, no cams, the
 * `network` URL parameter sent as the traffic source, and a polite 'log in' when the site
 * keeps its search for members.
 *
 * State and rules live in search-store.ts, search-state.ts and search-rules.ts; this file wires the
 * browser (URL, IntersectionObserver, geolocation permission) to them.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CamEntry } from '#src/contract/cams.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { LOAD_MORE_THRESHOLD, SEARCH_PAGE_SIZE, WEBCAM_BLOCK_SIZE } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import { mixWebcamCards, webcamEligibility, type SearchItem } from '#src/lib/webcam.ts';
import {
  $geolocationPermission,
  $locating,
  canOfferGeolocation,
  watchGeolocationPermission,
} from '#src/stores/geolocation.ts';
import type { SearchState } from './search-state.ts';
import { searchStoreFor } from './search-store.ts';
import { $regions, $siteSettings, loadRegions, loadSiteSettings } from '#src/stores/site-data.ts';
import Spinner from '#src/ui/Spinner.tsx';
import Pagination from './Pagination.tsx';
import ResultsGrid, { type CardColumns } from './ResultsGrid.tsx';
import SearchFilters from './SearchFilters.tsx';
import { followSearchUrl, type SearchUrlSync } from './search-url.ts';
import { pageFromParam, queryString, searchParams } from './search-rules.ts';

export interface MemberSearchProps {
  /** The member searching, or null for a visitor. */
  user: CurrentUser | null;
  locale: Locale;
  /** The page URL's query parameters (page, similarpage, autolocation, network...). */
  query: Readonly<Record<string, string>>;
  /** Where the search is shown ('members', or the embedding page); one store per source. */
  source: string;
  /** Results are cleared when the search is left (SPEC §4). */
  hideNudity?: boolean;
  /** Infinite scroll; default where IntersectionObserver exists, else pagination. */
  infinite?: boolean;
  /** Cards per row on phones, from sm and from lg (SPEC §9 default 2/3/4). */
  columns?: CardColumns;
}

const NO_WEBCAMS = { cams: false, camads: false };
const ignore = () => undefined;

/** Whether this browser can tell when the load-more marker becomes visible. */
export function supportsInfiniteScroll(): boolean {
  return typeof IntersectionObserver !== 'undefined';
}

export default function MemberSearch({
  user,
  locale,
  query,
  source,
  hideNudity = false,
  infinite = supportsInfiniteScroll(),
  columns,
}: MemberSearchProps) {
  const { t } = useTranslation();
  const store = useMemo(() => searchStoreFor(source), [source]);
  const state = useStore(store.$state);
  const settings = useStore($siteSettings);
  const regions = useStore($regions);
  const permission = useStore($geolocationPermission);
  const locating = useStore($locating);
  const perPage = SEARCH_PAGE_SIZE;
  const viewer = user?.id ?? 'visitor';
  // The contract takes up to 100 characters; a longer value is cut rather than refused.
  const trafficsource = query['network']?.slice(0, 100) ?? null;
  const urlPage = pageFromParam(query['page']);
  const urlSimilarPage = pageFromParam(query['similarpage']);
  const url = useRef<SearchUrlSync | null>(null);
  const resultsTop = useRef<HTMLDivElement>(null);

  // The pages the URL names when the search is shown; later changes come through the effect below.
  const initialPages = useRef({ page: urlPage, similarPage: urlSimilarPage });
  useEffect(() => {
    void store.start({ source, hideNudity, trafficsource, viewer, perPage }, initialPages.current);
    const sync = followSearchUrl(store, initialPages.current);
    url.current = sync;
    return () => {
      sync.stop();
      url.current = null;
      if (hideNudity) store.reset();
    };
  }, [store, source, hideNudity, trafficsource, viewer, perPage]);

  // Back / Forward (or a link) changed the page parameters: show what they name. Only a
  // change counts, and not one the search wrote itself.
  const seenPages = useRef({ page: urlPage, similarPage: urlSimilarPage });
  useEffect(() => {
    const seen = seenPages.current;
    seenPages.current = { page: urlPage, similarPage: urlSimilarPage };
    const written = url.current?.written();
    if (!written) return;
    if (urlPage !== seen.page && urlPage !== written.page) void store.showPage(urlPage);
    if (urlSimilarPage !== seen.similarPage && urlSimilarPage !== written.similarPage) {
      void store.showSimilarPage(urlSimilarPage);
    }
  }, [store, urlPage, urlSimilarPage]);

  useEffect(() => {
    loadSiteSettings().catch(ignore);
    loadRegions().catch(ignore);
  }, []);

  const loggedIn = user !== null;
  useEffect(() => (loggedIn ? watchGeolocationPermission() : undefined), [loggedIn]);

  // Webcam and reseller cards: logged-in, not paid, signed up over 4 days ago, site resells.
  const memberResell = settings?.member_resell;
  const paidUser = user?.paid_user;
  const signupDate = user?.signup_date;
  useEffect(() => {
    store.setWebcamEligibility(
      paidUser === undefined || signupDate === undefined || !memberResell
        ? NO_WEBCAMS
        : webcamEligibility({ paidUser, signupDate, now: Date.now(), memberResell }),
    );
  }, [store, paidUser, signupDate, memberResell]);

  // ?autolocation: locate once the filters are there (SPEC §2.7).
  const geolocation = canOfferGeolocation(loggedIn, permission);
  const autolocation = query['autolocation'] !== undefined;
  const autolocated = useRef(false);
  useEffect(() => {
    if (!autolocation || autolocated.current || !state.didInit || !geolocation) return;
    autolocated.current = true;
    void store.locateMe();
  }, [store, autolocation, state.didInit, geolocation]);

  const onPage = useCallback(
    (page: number) => {
      url.current?.pushNext();
      void store.showPage(page);
      try {
        resultsTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      } catch {
        // Not every environment scrolls (tests); the page still changes.
      }
    },
    [store],
  );
  const onSimilarPage = useCallback(
    (page: number) => {
      url.current?.pushNext();
      void store.showSimilarPage(page);
    },
    [store],
  );
  const hrefOf = (pages: { page: number; similarPage: number }) =>
    (typeof location === 'undefined' ? '' : location.pathname) + queryString(searchParams(query, pages));

  if (state.status === 'closed') {
    return (
      <Notice>
        <p>{t('search.login_required')}</p>
        <a href="/login" className="btn btn-primary mt-4">
          {t('search.login')}
        </a>
      </Notice>
    );
  }
  const failed = state.status === 'failed' && (
    <Notice>
      <p role="alert">{t('search.load_failed')}</p>
      <button type="button" className="btn btn-primary mt-4" onClick={() => void store.retry()}>
        {t('search.retry')}
      </button>
    </Notice>
  );
  if (!state.filters) return failed || <Spinner label={t('search.loading')} />;

  const busy = state.status === 'loading';
  const first = state.results[0]?.pageNumber ?? 0;
  const profiles = state.results.flatMap((page) => page.results);
  // Cams continue where the shown pages start, so page 3 does not repeat page 1's cams.
  const cams = state.cams.slice(Math.floor((first * perPage) / WEBCAM_BLOCK_SIZE));
  const items = mixWebcamCards<ProfileCard, CamEntry>(profiles, cams, state.webcams);

  return (
    <div className="flex flex-col gap-5">
      <SearchFilters
        store={store}
        filters={state.filters}
        locale={locale}
        countryOptions={state.countryOptions}
        geolocatedCountry={state.geolocatedCountry}
        siteCountries={settings?.countries ?? (regions ? Object.keys(regions) : null)}
        regions={regions}
        searchFields={settings?.search_fields ?? null}
        geolocation={geolocation}
        locating={locating}
        locationError={state.locationError}
        busy={busy}
      />
      <div ref={resultsTop} className="flex scroll-mt-20 flex-col gap-4" aria-busy={busy || undefined}>
        <ResultCount state={state} locale={locale} />
        {infinite && first > 0 && (
          <div className="flex justify-center">
            <button
              type="button"
              className="btn btn-outline"
              disabled={state.loadingMore === 'before'}
              aria-busy={state.loadingMore === 'before' || undefined}
              onClick={() => void store.loadPrevious()}
            >
              {t('search.earlier')}
            </button>
          </div>
        )}
        {failed}
        {profiles.length > 0 ? (
          <ResultsGrid items={items} locale={locale} columns={columns} eager={4} label={t('search.results')} />
        ) : (
          state.status === 'ready' && <p className="card p-6 text-center text-ink-muted">{t('search.none_found')}</p>
        )}
        {busy && profiles.length === 0 && <Spinner label={t('search.loading')} />}
        {profiles.length > 0 &&
          (infinite ? (
            !state.complete && (
              <LoadMore
                onVisible={store.loadNext}
                loading={state.loadingMore === 'after'}
                disabled={busy}
                observeKey={state.results.length}
              />
            )
          ) : (
            <Pagination
              label={t('search.pagination.label')}
              page={state.page}
              numResults={state.numResults}
              capped={state.capped}
              perPage={perPage}
              busy={busy}
              hrefOf={(page) => hrefOf({ page, similarPage: 0 })}
              onPage={onPage}
            />
          ))}
      </div>
      <SimilarSection
        state={state}
        locale={locale}
        columns={columns}
        perPage={perPage}
        hrefOf={(similarPage) => hrefOf({ page: state.page, similarPage })}
        onPage={onSimilarPage}
      />
    </div>
  );
}

function ResultCount({ state, locale }: { state: SearchState; locale: Locale }) {
  const { t } = useTranslation();
  if (state.status !== 'ready' || state.numResults === 0) return <p aria-live="polite" className="sr-only" />;
  const total = new Intl.NumberFormat(locale).format(state.numResults);
  return (
    <p aria-live="polite" className="text-sm font-semibold text-ink-muted">
      {state.capped ? t('search.count_capped', { total }) : t('search.count', { count: state.numResults, total })}
    </p>
  );
}

/**
 * The load-more marker (SPEC §4: the next unloaded page loads when it becomes visible, at
 * LOAD_MORE_THRESHOLD). It is observed again after every added page, so a tall screen keeps
 * loading until it is filled. The button does the same for keyboards and after a failure.
 */
function LoadMore({
  onVisible,
  loading,
  disabled,
  observeKey,
}: {
  onVisible: () => Promise<void>;
  loading: boolean;
  disabled: boolean;
  observeKey: number;
}) {
  const { t } = useTranslation();
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element || disabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void onVisible();
      },
      { threshold: LOAD_MORE_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible, disabled, observeKey]);
  return (
    <div ref={marker} data-load-more className="flex min-h-16 items-center justify-center">
      <button
        type="button"
        className="btn btn-outline"
        disabled={loading || disabled}
        aria-busy={loading || undefined}
        onClick={() => void onVisible()}
      >
        {loading && <Spinner variant="inline" />}
        {t('search.more')}
      </button>
    </div>
  );
}

function SimilarSection({
  state,
  locale,
  columns,
  perPage,
  hrefOf,
  onPage,
}: {
  state: SearchState;
  locale: Locale;
  columns: CardColumns | undefined;
  perPage: number;
  hrefOf: (page: number) => string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const similar = state.similar_results;
  if (!similar || (similar.results.length === 0 && similar.pageNumber === 0)) return null;
  const items: SearchItem<ProfileCard, CamEntry>[] = similar.results.map((profile) => ({ kind: 'profile', profile }));
  return (
    <section aria-labelledby="search-similar-title" className="flex flex-col gap-4 border-t border-line pt-6">
      <h2 id="search-similar-title" className="text-xl font-bold">
        {t('search.similar.title')}
      </h2>
      {items.length > 0 ? (
        <ResultsGrid items={items} locale={locale} columns={columns} />
      ) : (
        <p className="text-ink-muted">{t('search.similar.none')}</p>
      )}
      <Pagination
        label={t('search.similar.pagination')}
        page={similar.pageNumber}
        numResults={state.similar_numResults}
        capped={state.similar_capped}
        perPage={perPage}
        busy={state.similarLoading}
        hrefOf={hrefOf}
        onPage={onPage}
      />
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="card mx-auto max-w-lg p-6 text-center sm:p-8">{children}</div>;
}
