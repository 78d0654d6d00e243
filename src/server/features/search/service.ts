/**
 * The member search (SPEC §2.7 'Member search', §4 Search, §5 Country filter, §6 Visitor):
 * who is searching, which filters a request means, the profiles of one page with how many
 * match, and the member's saved filters. README.md in this folder explains the technique;
 * in short, per request:
 *
 * 1. One query for the searcher (searcher.ts): account, profile, saved filters, and the exceptions to
 *    the search index (profiles blocked either way; privacy-mode profiles in touch).
 * 2. One query for the page (page-query.ts): walks of the partial indexes `profiles_searchable*`
 *    (schema.ts; they hold the profiles search may list to anyone: active, not invisible,
 *    not in privacy mode) in the search order, youngest first (birthdate desc, id desc),
 *    reading the index only; the rows from the page's start up to SEARCH_COUNT_AHEAD are
 *    counted, the page's rows become cards under `visibleTo(viewer, { listedIn: 'search' })`
 *    (or `visibleToVisitors`), the one statement of who may see whom. So nothing is ever
 *    shown that those rules forbid. The index matches them as long as a profile is active
 *    only while its account is confirmed (signup, deletion and reactivation keep that so);
 *    a profile breaking it is dropped at the cards, leaving its page one card short.
 * 3. Only when the filters changed: one upsert of the saved filters (filters.ts, with the
 *    defaults and validation of the filters).
 *
 * Both queries are prepared statements built once (per shape of the filters, see `Shape`).
 */
import { SEARCH_COUNT_AHEAD, SEARCH_MAX_RESULTS, type SearchAnswer, type SearchQuery } from '#src/contract/search.ts';
import { asOptions, countryOptions, resolveFilters, saveFilters } from './filters.ts';
import { countQuery, loadPage, shapeOf, valuesOf, type Page } from './page-query.ts';
import type { SearchContext } from './searcher.ts';

/**
 * GET /api/search.php for a member or an allowed visitor. `paging.num_results` counts the
 * matches before the page plus those from its start up to SEARCH_COUNT_AHEAD (`capped`
 * when more follow), never past SEARCH_MAX_RESULTS, beyond which pages are empty.
 */
export async function search(ctx: SearchContext, query: SearchQuery): Promise<SearchAnswer> {
  const { searcher } = ctx;
  const filters = await resolveFilters(ctx, query);
  const shape = shapeOf(ctx, filters);
  const offset = query.page * query.pp;
  const window = Math.min(SEARCH_COUNT_AHEAD, SEARCH_MAX_RESULTS - offset);

  let page: Page = { cards: [], counted: null };
  if (window > 0) {
    page = await loadPage(ctx, shape, valuesOf(ctx, filters, offset, Math.min(query.pp, window), window + 1));
  }
  let total: number;
  let capped: boolean;
  if (page.counted !== null && page.counted <= Math.min(query.pp, window)) {
    // The last page: its cards are all there is (a card dropped by the rules is not counted).
    total = offset + page.cards.length;
    capped = false;
  } else if (page.counted !== null) {
    total = offset + Math.min(page.counted, window);
    capped = page.counted > window;
  } else {
    // No card: past the end (or beyond the most served); count from the start instead.
    const bound = Math.min(offset + SEARCH_COUNT_AHEAD, SEARCH_MAX_RESULTS);
    const [row] = await countQuery(ctx.db, shape).execute(valuesOf(ctx, filters, 0, 0, bound + 1));
    const counted = row?.n ?? 0;
    total = Math.min(counted, bound);
    capped = counted > bound;
  }

  if (searcher && query.manual_search && !query.auto_load && !query.do_not_save) {
    await saveFilters(ctx, searcher, filters);
  }
  return {
    profiles: page.cards,
    paging: { num_results: total, capped, page: query.page, per_page: query.pp },
    filter_options: asOptions(filters),
    country_options: countryOptions(searcher ? searcher.country : ctx.visitorCountry, filters.country, ctx.countries),
  };
}
