/**
 * The search's URL (SPEC §2.7 'Query parameters'): `page` and `similarpage` follow the store
 * (1-based, left out on page 1) and every other parameter stays (autolocation, network...).
 * Infinite scroll and filter changes replace the history entry, so Back leaves the search
 * instead of stepping through pages; a click on a page link pushes one (`pushNext`).
 *
 * On a members route the URL changes through $router (the island's routing sees the new
 * search parameters); embedded elsewhere, through the history API directly.
 */
import { $router, routeNameOf } from '#src/stores/router.ts';
import type { SearchStore } from './search-store.ts';
import { queryString, sameParams, searchParams } from './search-rules.ts';

/** The current URL's query parameters. */
export function currentParams(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.search));
}

/** Writes the parameters into the URL: replacing the entry, or pushing a new one. */
export function writeParams(params: Readonly<Record<string, string>>, push: boolean): void {
  const path = location.pathname + queryString(params);
  if (routeNameOf(location.pathname) !== null) $router.open(path, !push);
  else if (push) history.pushState(history.state, '', path);
  else history.replaceState(history.state, '', path);
}

export interface SearchUrlSync {
  /** The next URL change adds a history entry (a page link was clicked). */
  pushNext: () => void;
  /** The pages the URL was last written with, to tell a Back / Forward apart from our writes. */
  written: () => { page: number; similarPage: number };
  stop: () => void;
}

/** Keeps the URL's page parameters in step with the store while the search is shown. */
export function followSearchUrl(store: SearchStore, initial: { page: number; similarPage: number }): SearchUrlSync {
  let push = false;
  let written = initial;
  const stop = store.$state.subscribe((state) => {
    if (!state.didInit) return;
    written = { page: state.page, similarPage: state.similarPage };
    const current = currentParams();
    const next = searchParams(current, written);
    if (sameParams(next, current)) return;
    writeParams(next, push);
    push = false;
  });
  return {
    pushNext: () => {
      push = true;
    },
    written: () => written,
    stop,
  };
}
