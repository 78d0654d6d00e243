/** The member search call (contract src/contract/search.ts): GET /api/search.php. */
import type { Context, Hono } from 'hono';
import { getSearch } from '#src/contract/search.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import { geoipCountry, selectedCountry } from '#src/server/http/visitor-country.ts';
import { requestContext } from '#src/server/platform/request-context.ts';
import { limitLookup } from '#src/server/features/members/index.ts';
import { loadSite } from '#src/server/features/site/index.ts';
import { loadSearcher } from './searcher.ts';
import { search } from './service.ts';

/** A visitor's country: the one they picked (`selected_country`), else their geoip country. */
function visitorCountry(c: Context<AppEnv>): string | null {
  return selectedCountry(c) ?? geoipCountry(c);
}

export function registerSearchRoutes(app: Hono<AppEnv>): void {
  route(app, getSearch, async ({ c, query, session, site }) => {
    const ctx = requestContext(c, site);
    await limitLookup(c, 'search', session?.accountId ?? null);
    const [searcher, loaded] = await Promise.all([
      session ? loadSearcher(ctx.db, session.accountId, ctx.site.id) : null,
      loadSite(ctx.db, ctx.site),
    ]);
    const { settings } = loaded;
    // Visitors (SPEC §6): only when the site opens search to them, or to their traffic source.
    // A member of another site is a visitor here.
    if (
      !searcher &&
      settings.logged_out_search === 'none' &&
      (settings.logged_out_search_trafficsource === 'none' || !query.trafficsource)
    ) {
      throw fail('authentication_required');
    }
    const own = searcher ? null : visitorCountry(c);
    return search(
      {
        db: ctx.db,
        siteId: ctx.site.id,
        searcher,
        now: ctx.now,
        visibleFields: settings.visible_profile_fields,
        cdnPrefix: loaded.row.cdnPrefix,
        countries: settings.countries,
        searchFields: settings.search_fields,
        visitorCountry: own && settings.countries.includes(own) ? own : null,
      },
      query,
    );
  });
}
