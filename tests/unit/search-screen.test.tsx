/**
 * The member search screen (route members; src/features/search/; SPEC §2.7 'Member search',
 * 'Webcam card', §4 Search, §5 'Country filter' and 'Geolocation', §6, §9 Search), rendered
 * with a fake search server behind the real API client.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import MemberSearch from '#src/features/search/MemberSearch.tsx';
import SearchScreen from '#src/features/search/SearchScreen.tsx';
import type { CurrentUser } from '#src/contract/user.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { resetGeolocation } from '#src/stores/geolocation.ts';
import { $router } from '#src/stores/router.ts';
import { resetSearchStores, searchStoreFor } from '#src/features/search/search-store.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { member } from '../fixtures/members.ts';
import {
  camEntry,
  numberedProfiles,
  searchRequests,
  serveSearch,
  type SearchServerOptions,
  type SentRequest,
} from './search-fixtures.ts';

const en = catalogues.en;
const s = en.search;

function screenElement(search: Record<string, string>, user: CurrentUser = member()) {
  return (
    <I18nextProvider i18n={createI18n('en', en)}>
      <SearchScreen user={user} locale="en" search={search} />
    </I18nextProvider>
  );
}

function renderScreen(search: Record<string, string> = {}, user: CurrentUser = member()) {
  const query = new URLSearchParams(search).toString();
  act(() => $router.open(`/members${query ? `?${query}` : ''}`, true));
  return render(screenElement(search, user));
}

/** Waits for the first page of results. */
async function results() {
  return screen.findByRole('list', { name: s.results });
}

/** What each grid cell holds: a profile id, 'cam' or 'ad'. */
function cells(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('listitem')
    .map(
      (item) =>
        item.querySelector('[data-webcam]')?.getAttribute('data-webcam') ??
        item.querySelector('[data-profile]')?.getAttribute('data-profile') ??
        '?',
    );
}

function serve(options: SearchServerOptions = {}): SentRequest[] {
  return serveSearch({ settings: { member_resell: [] }, ...options });
}

/** A fake IntersectionObserver: `reveal()` makes every observed marker visible. */
function fakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Element[]; threshold: unknown }>();
  class FakeObserver {
    private entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, elements: [] as Element[], threshold: options?.threshold };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    thresholds: () => [...observers].map((o) => o.threshold),
    reveal: () => {
      for (const observer of [...observers]) {
        const entries = observer.elements.map((target) => ({ isIntersecting: true, target }));
        observer.callback(
          entries as unknown as IntersectionObserverEntry[],
          observer as unknown as IntersectionObserver,
        );
      }
    },
  };
}

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSearchStores();
  resetSiteData();
  resetGeolocation();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('member search screen', () => {
  it('fills the filters from the first answer and shows the cards, the count and the pages', async () => {
    const requests = serve({ profiles: numberedProfiles(1234) });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: s.title })).toBeTruthy();
    const list = await results();
    expect(cells(list)).toEqual(numberedProfiles(12).map((p) => p.id));
    expect(within(list).getAllByRole('link', { name: /^Send m\d+ a message$/ })).toHaveLength(12);
    expect(screen.getByText('1,234 members')).toBeTruthy();
    expect(searchRequests(requests)[0]?.query).toMatchObject({ auto_load: '1', page: '0', pp: '12' });

    const gender = screen.getByLabelText<HTMLSelectElement>(s.filters.gender);
    expect(gender.value).toBe('female');
    // No 'everyone' option while the search has a gender.
    expect([...gender.options].map((o) => o.text)).toEqual(['Men', 'Women']);
    const age = screen.getByLabelText<HTMLSelectElement>(s.filters.age);
    expect([...age.options].map((o) => o.text)).toEqual([
      'All ages',
      '18–25 years',
      '26–35 years',
      '36–45 years',
      '46–55 years',
      '56–65 years',
      'Over 65',
    ]);
    expect(age.value).toBe('26-35');
    // Without IntersectionObserver: pagination.
    const pages = screen.getByRole('navigation', { name: s.pagination.label });
    expect(within(pages).getByText('Page 1').closest('[aria-current]')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: 'Page 103' }).getAttribute('href')).toBe('/members?page=103');
  });

  it('shows the searched ages as their own option when no range matches, and "everyone" without a gender', async () => {
    serve({ filterOptions: { gender: null, min_age: 30, max_age: 40 } });
    renderScreen();
    await results();
    const age = screen.getByLabelText<HTMLSelectElement>(s.filters.age);
    expect(age.selectedOptions[0]?.text).toBe('30–40 years');
    const gender = screen.getByLabelText<HTMLSelectElement>(s.filters.gender);
    expect(gender.selectedOptions[0]?.text).toBe(s.filters.gender_all);
  });

  it('offers the server’s countries by name and hides the filter when only one is left', async () => {
    serve({ countryOptions: ['AT', 'DE'] });
    renderScreen();
    await results();
    const country = screen.getByLabelText<HTMLSelectElement>(s.filters.country);
    expect([...country.options].map((o) => o.text)).toEqual(['Austria', 'Germany']);
    cleanup();
    resetSearchStores();
    serve({ countryOptions: ['DE'] });
    renderScreen();
    await results();
    expect(screen.queryByLabelText(s.filters.country)).toBeNull();
  });

  it('asks for a country before a region; a new country resets region, page and the similar results', async () => {
    const requests = serve({
      filterOptions: { country: null },
      countryOptions: ['AT', 'DE'],
      profiles: numberedProfiles(20),
      similar: numberedProfiles(2, 's'),
    });
    renderScreen({ page: '2' });
    await results();
    expect(searchRequests(requests)[0]?.query).toMatchObject({ auto_load: '1', page: '1' });
    const region = screen.getByLabelText<HTMLSelectElement>('Region');
    expect(region.disabled).toBe(true);
    expect(region.selectedOptions[0]?.text).toBe(s.filters.region_first);
    // Phones give each select its own row, so 'Select a country first' is not cut short.
    const filters = screen.getByRole('form', { name: s.filters.label });
    expect(filters.className.split(' ').filter((c) => c.startsWith('grid-cols-'))).toEqual([]);
    // Page 2 of 20 is the last page: the similar section is there.
    expect(await screen.findByRole('heading', { name: s.similar.title })).toBeTruthy();
    expect(location.search).toBe('?page=2');

    fireEvent.change(screen.getByLabelText(s.filters.country), { target: { value: 'DE' } });
    expect(screen.queryByRole('heading', { name: s.similar.title })).toBeNull();
    await waitFor(() => expect(searchRequests(requests).at(-1)?.query).toMatchObject({ country: 'DE' }));
    expect(searchRequests(requests).at(-1)?.query).toMatchObject({
      manual_search: '1',
      countryregion: '0',
      page: '0',
    });
    expect(location.search).toBe('');
    // Germany's regions are its states.
    const states = await screen.findByLabelText<HTMLSelectElement>('State');
    await waitFor(() => expect([...states.options].map((o) => o.text)).toEqual(['All regions', 'Bayern', 'Berlin']));

    fireEvent.change(states, { target: { value: '11' } });
    await waitFor(() =>
      expect(searchRequests(requests).at(-1)?.query).toMatchObject({ country: 'DE', countryregion: '11', page: '0' }),
    );
  });

  it('keeps the page in the URL 1-based, and other parameters as they are', async () => {
    const requests = serve({ profiles: numberedProfiles(30) });
    renderScreen({ network: 'ads7' });
    await results();
    const pages = screen.getByRole('navigation', { name: s.pagination.label });
    fireEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(searchRequests(requests).at(-1)?.query).toMatchObject({ page: '1' }));
    expect(location.search).toBe('?network=ads7&page=2');
    await waitFor(() => expect(cells(screen.getByRole('list', { name: s.results }))[0]).toBe('m13'));
    fireEvent.click(
      within(screen.getByRole('navigation', { name: s.pagination.label })).getByText(s.pagination.previous),
    );
    await waitFor(() => expect(location.search).toBe('?network=ads7'));
  });

  it('follows Back to an earlier page, but not its own URL changes', async () => {
    const requests = serve({ profiles: numberedProfiles(30) });
    const view = renderScreen();
    await results();
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(cells(screen.getByRole('list', { name: s.results }))[0]).toBe('m13'));
    // The router hands the new URL back to the screen: nothing to load.
    view.rerender(screenElement({ page: '2' }));
    expect(searchRequests(requests)).toHaveLength(2);
    // Back: the URL names page 1 again.
    view.rerender(screenElement({}));
    await waitFor(() => expect(cells(screen.getByRole('list', { name: s.results }))[0]).toBe('m1'));
    expect(searchRequests(requests).at(-1)?.query).toMatchObject({ manual_search: '1', page: '0' });
  });

  it('shows the same results when coming back to the search', async () => {
    const observer = fakeIntersectionObserver();
    const requests = serve({ profiles: numberedProfiles(30) });
    renderScreen();
    const list = await results();
    act(() => observer.reveal());
    await waitFor(() => expect(cells(list)).toHaveLength(24));
    cleanup();
    const sent = searchRequests(requests).length;
    renderScreen();
    expect(cells(screen.getByRole('list', { name: s.results }))).toHaveLength(24);
    expect(searchRequests(requests)).toHaveLength(sent);
    expect(location.search).toBe('?page=2');
  });

  it('shows "other members near you" only after the last page, with wider ages and without shown profiles', async () => {
    const main = numberedProfiles(14);
    const requests = serve({ profiles: main, similar: [main[0]!, ...numberedProfiles(3, 's')] });
    renderScreen();
    await results();
    expect(searchRequests(requests, 'similar')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: s.similar.title })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    const heading = await screen.findByRole('heading', { name: s.similar.title });
    const section = heading.closest('section')!;
    expect(cells(within(section).getByRole('list'))).toEqual(['s1', 's2', 's3']);
    expect(searchRequests(requests, 'similar')[0]?.query).toMatchObject({
      manual_search: '1',
      do_not_save: '1',
      countryregion: '0',
      min_age: '21',
      max_age: '40',
    });
  });

  it('loads the next page when the load-more marker shows (infinite scroll)', async () => {
    const observer = fakeIntersectionObserver();
    const requests = serve({ profiles: numberedProfiles(30), capped: false });
    renderScreen();
    const list = await results();
    expect(observer.thresholds()).toEqual([0.85]);
    act(() => observer.reveal());
    await waitFor(() => expect(cells(list)).toHaveLength(24));
    expect(searchRequests(requests).at(-1)?.query).toMatchObject({ manual_search: '1', page: '1' });
    expect(location.search).toBe('?page=2');
    expect(screen.queryByRole('navigation', { name: s.pagination.label })).toBeNull();
    act(() => observer.reveal());
    await waitFor(() => expect(cells(list)).toHaveLength(30));
    // The end: no marker any more.
    expect(screen.queryByRole('button', { name: s.more })).toBeNull();
  });

  it('starts an infinite list at the URL’s page and offers the previous results', async () => {
    fakeIntersectionObserver();
    serve({ profiles: numberedProfiles(40) });
    renderScreen({ page: '3' });
    const list = await results();
    expect(cells(list)[0]).toBe('m25');
    fireEvent.click(screen.getByRole('button', { name: s.earlier }));
    await waitFor(() => expect(cells(list)[0]).toBe('m13'));
    expect(location.search).toBe('?page=3');
  });

  it('mixes webcam and ad cards into the grid of an eligible member', async () => {
    const requests = serve({
      profiles: numberedProfiles(12),
      cams: [camEntry('lena')],
      settings: { member_resell: ['cams', 'camads'] },
    });
    renderScreen({}, member({ paid_user: false, signup_date: '2025-01-01T00:00:00.000Z' }));
    const list = await results();
    await waitFor(() => expect(cells(list)).toHaveLength(14));
    // The webcam card is a chunk of its own: its place is an empty card until it has loaded.
    await waitFor(() => expect(cells(list)).not.toContain('?'));
    const kinds = cells(list);
    expect(kinds[2]).toBe('cam');
    expect(kinds[7]).toBe('ad');
    expect(kinds.filter((k) => k !== 'cam' && k !== 'ad')).toEqual(numberedProfiles(12).map((p) => p.id));

    const cam = within(list).getByRole('link', { name: /Watch Cam lena live/ });
    expect(cam.getAttribute('href')).toBe('/api/livecams/redirect.php?account=lena');
    expect(cam.getAttribute('target')).toBe('_blank');
    expect(cam.getAttribute('rel')).toBe('noopener sponsored');
    expect(within(cam).getByText(s.webcam.online)).toBeTruthy();
    const ad = within(list).getByRole('link', { name: /Exclusive live shows/ });
    expect(ad.getAttribute('href')).toBe('/api/resellpartner.php?flow=profile-search&redirect=1');
    expect(within(ad).getByText(s.webcam.ad)).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/livecams/search.php')?.query).toEqual({
      gender: 'female',
      min_age: '26',
      max_age: '35',
    });
  });

  it('shows no webcam or ad cards to a paid member, and does not search cams', async () => {
    const requests = serve({
      profiles: numberedProfiles(12),
      cams: [camEntry('lena')],
      settings: { member_resell: ['cams', 'camads'] },
    });
    renderScreen({}, member({ paid_user: true, signup_date: '2025-01-01T00:00:00.000Z' }));
    const list = await results();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/settings.php')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(cells(list)).toHaveLength(12);
    expect(requests.some((r) => r.path === '/api/livecams/search.php')).toBe(false);
  });

  it('applies the geolocated country and region, and says so when the region cannot be matched', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 48.2, longitude: 16.37 } } as unknown as GeolocationPosition),
      },
    });
    const requests = serve({ geocode: { country: 'AT', countryregion: 21, region_code: 'AT-9' } });
    renderScreen();
    await results();
    fireEvent.click(screen.getByRole('button', { name: s.filters.locate }));
    await waitFor(() =>
      expect(searchRequests(requests).at(-1)?.query).toMatchObject({ country: 'AT', countryregion: '21' }),
    );
    expect(requests.find((r) => r.path === '/api/geocode.php')?.query).toEqual({ lat: '48.2', lon: '16.37' });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('State').value).toBe('21'));
    expect(screen.queryByText(s.filters.location_unmatched)).toBeNull();

    cleanup();
    resetSearchStores();
    resetGeolocation();
    sessionStorage.clear();
    serve({ geocode: { country: 'AT', countryregion: 999, region_code: null } });
    renderScreen({ autolocation: '1' });
    expect((await screen.findByRole('alert')).textContent).toBe(s.filters.location_unmatched);
    expect(screen.getByLabelText<HTMLSelectElement>(s.filters.country).value).toBe('AT');
  });

  it('says when no members are found', async () => {
    serve({ profiles: [], similar: [] });
    renderScreen();
    expect(await screen.findByText(s.none_found)).toBeTruthy();
    expect(screen.queryByRole('list', { name: s.results })).toBeNull();
  });

  it('lets a visitor search with the traffic source, without geolocation; asks to log in when closed', async () => {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: vi.fn() } });
    let requests = serve({ profiles: numberedProfiles(3) });
    const view = (query: Record<string, string>) =>
      render(
        <I18nextProvider i18n={createI18n('en', en)}>
          <MemberSearch user={null} locale="en" query={query} source="landing" />
        </I18nextProvider>,
      );
    view({ network: 'partner7' });
    await results();
    expect(searchRequests(requests)[0]?.query).toMatchObject({ auto_load: '1', trafficsource: 'partner7' });
    expect(screen.queryByRole('button', { name: s.filters.locate })).toBeNull();

    cleanup();
    resetSearchStores();
    requests = serve({ searchError: { status: 403, code: 'authentication_required' } });
    view({});
    expect(await screen.findByText(s.login_required)).toBeTruthy();
    expect(screen.getByRole('link', { name: s.login }).getAttribute('href')).toBe('/login');
    expect(requests.some((r) => r.path === '/api/livecams/search.php')).toBe(false);
  });

  it('offers to try again when nothing could load, without an error toast', async () => {
    const options: SearchServerOptions = { searchError: { status: 400, code: 'invalid_input' } };
    serve(options);
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toBe(s.load_failed);
    delete options.searchError;
    serve(options);
    fireEvent.click(screen.getByRole('button', { name: s.retry }));
    expect(await results()).toBeTruthy();
  });

  it('clears the results when leaving the search with hideNudity', async () => {
    serve({ profiles: numberedProfiles(3) });
    const view = render(
      <I18nextProvider i18n={createI18n('en', en)}>
        <MemberSearch user={member()} locale="en" query={{}} source="gallery" hideNudity />
      </I18nextProvider>,
    );
    await results();
    expect(searchStoreFor('gallery').$state.get().results).toHaveLength(1);
    view.unmount();
    expect(searchStoreFor('gallery').$state.get().results).toEqual([]);
  });
});
