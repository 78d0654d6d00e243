/**
 * One site's shard of the Playwright suite (`npm run test:e2e -- --site bdsm`, the CI matrix;
 * docs/sites-ci.md). The specs label the site a test runs on in its title, as `<site>/<locale>`
 * (the journeys' `label()`) or `<site> in <locale>` (the loops over all sites); a test belongs
 * to the shard of every site its title names, and a test naming none to the shard of the
 * first site of sites.config.ts (the default site, which unlabelled tests use). So the seven
 * shards together run every test of the full suite, and a new spec needs no shard list:
 * labelled loops spread over the shards by themselves.
 */
import { sites } from '#sites-config';

/** The site whose shard takes the tests that name no site. */
export const HOME_SITE = sites[0]?.id ?? 'default';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a test title that names the site as `<site>/<locale>` or `<site> in <locale>`. */
export function namesSite(siteId: string): RegExp {
  return new RegExp(`(?<![\\w-])${escape(siteId)}(?:/[a-z]{2}\\b| in [a-z]{2}\\b)`);
}

export function assertSite(siteId: string): void {
  if (!sites.some((s) => s.id === siteId)) {
    throw new Error(`unknown site ${siteId} (known: ${sites.map((s) => s.id).join(', ')})`);
  }
}

/** Playwright's grep / grepInvert of a site's shard. */
export function shardFilter(siteId: string): { grep?: RegExp; grepInvert?: RegExp } {
  assertSite(siteId);
  if (siteId !== HOME_SITE) return { grep: namesSite(siteId) };
  const others = sites.filter((s) => s.id !== HOME_SITE).map((s) => namesSite(s.id).source);
  return others.length > 0 ? { grepInvert: new RegExp(others.join('|')) } : {};
}

/**
 * The sites a shard's server needs built: its own and the home site (the journeys read the
 * development inbox and make members on it); the home shard's unlabelled tests visit all sites.
 */
export function shardBuildSites(siteId: string): string[] {
  assertSite(siteId);
  return siteId === HOME_SITE ? sites.map((s) => s.id) : [siteId, HOME_SITE];
}
