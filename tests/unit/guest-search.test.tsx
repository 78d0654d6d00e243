/**
 * /members for a logged-out visitor (SPEC §6 Visitor): the member search when the site's
 * logged_out_search allows it, or logged_out_search_trafficsource with a traffic source
 * (the address's `network` or the one stored on landing), sent as `trafficsource`;
 * otherwise the login prompt.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import GuestSearch from '#src/features/search/GuestSearch.tsx';
import { visitorMaySearch } from '#src/features/search/search-rules.ts';
import { resetSearchStores } from '#src/features/search/search-store.ts';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { TRAFFIC_STORAGE_KEY } from '#src/lib/traffic.ts';
import { resetEnvironment } from '#src/stores/environment.ts';
import { $router } from '#src/stores/router.ts';
import { resetSiteData } from '#src/stores/site-data.ts';
import { searchRequests, serveSearch, type SearchServerOptions } from './search-fixtures.ts';

const en = catalogues.en;

function renderAt(search: Record<string, string>, settings: SearchServerOptions['settings']) {
  const requests = serveSearch({ settings });
  const query = new URLSearchParams(search).toString();
  act(() => $router.open(`/members${query ? `?${query}` : ''}`, true));
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <GuestSearch locale="en" search={search} fallback={<p>Please log in</p>} />
    </I18nextProvider>,
  );
  return requests;
}

beforeEach(() => {
  resetEnvironment();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSearchStores();
  resetSiteData();
});

describe('the visitor rule', () => {
  it("opens search unless logged_out_search is 'none'; then only a traffic source may open it", () => {
    expect(visitorMaySearch({ logged_out_search: 'all', logged_out_search_trafficsource: 'none' }, null)).toBe(true);
    expect(visitorMaySearch({ logged_out_search: '', logged_out_search_trafficsource: 'none' }, null)).toBe(true);
    expect(visitorMaySearch({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' }, 'net1')).toBe(true);
    expect(visitorMaySearch({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' }, null)).toBe(false);
    expect(visitorMaySearch({ logged_out_search: 'none', logged_out_search_trafficsource: 'none' }, 'net1')).toBe(
      false,
    );
  });
});

describe('/members for a visitor', () => {
  it('shows the search when the site allows visitors to search', async () => {
    const requests = renderAt({}, { logged_out_search: 'all', logged_out_search_trafficsource: 'none' });
    expect(await screen.findByRole('heading', { level: 1, name: en.search.title })).toBeTruthy();
    expect(await screen.findByRole('list', { name: en.search.results })).toBeTruthy();
    expect(screen.queryByText('Please log in')).toBeNull();
    expect(searchRequests(requests)[0]?.query).toMatchObject({ auto_load: '1' });
  });

  it("asks to log in when search is closed to visitors ('none')", async () => {
    const requests = renderAt({}, { logged_out_search: 'none', logged_out_search_trafficsource: 'none' });
    expect(await screen.findByText('Please log in')).toBeTruthy();
    expect(searchRequests(requests)).toEqual([]);
  });

  it('opens it to a visitor with a traffic source, sent as trafficsource', async () => {
    const closed = { logged_out_search: 'none', logged_out_search_trafficsource: 'all' };
    renderAt({}, closed);
    expect(await screen.findByText('Please log in')).toBeTruthy();
    cleanup();
    resetSiteData();

    let requests = renderAt({ network: 'partner7' }, closed);
    await screen.findByRole('list', { name: en.search.results });
    expect(searchRequests(requests)[0]?.query).toMatchObject({ trafficsource: 'partner7' });
    cleanup();
    resetSiteData();
    resetSearchStores();

    // The source stored when the visitor landed on another page counts too.
    localStorage.setItem(TRAFFIC_STORAGE_KEY, JSON.stringify({ network: 'partner9', sub1: 'x' }));
    requests = renderAt({}, closed);
    await screen.findByRole('list', { name: en.search.results });
    expect(searchRequests(requests)[0]?.query).toMatchObject({ trafficsource: 'partner9' });
  });
});
