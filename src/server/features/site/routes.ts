/**
 * Site-wide read calls: settings, company info, regions, interests (SPEC §7). Every page
 * view reads them and they rarely change, so each finished answer is kept in memory per
 * site, language and request detail until the data changes (./cache.ts), with an ETag: a
 * client that sends it back in If-None-Match gets 304 without a body.
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import type { Endpoint } from '#src/contract/define.ts';
import { getCompanyInfo, getInterests, getRegions, getSettings } from '#src/contract/site.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { hostnameOf } from '#src/server/http/site-resolver.ts';
import { geoipCountry, selectedCountry } from '#src/server/http/visitor-country.ts';
import { loadSite, loadSiteSettings } from './settings.ts';
import { loadCompanyInfo } from './company.ts';
import { loadRegions } from './regions.ts';
import { loadInterests } from './interests.ts';
import { matchesEtag, siteData } from './cache.ts';
import { pushPublicKey } from '#src/server/features/push/index.ts';
import { route } from '#src/server/http/route.ts';
import { preferredEncoding } from '#src/server/http/headers.ts';

/**
 * The cached answer under `key` (built, passed through the endpoint's response schema and
 * serialized once), or 304 when the client holds it. The answer depends on the request only
 * through the key; `private, no-cache`: the browser may keep it but asks again each time.
 */
async function cachedAnswer<E extends Endpoint>(
  c: Context<AppEnv>,
  endpoint: E,
  key: string,
  build: () => Promise<z.input<E['response']>>,
): Promise<Response> {
  const answer = await siteData(c.get('deps').database).answer(key, async () =>
    JSON.stringify(z.parse(endpoint.response, await build())),
  );
  // A longer answer goes compressed to a browser that takes it, under a weak tag (its bytes
  // differ from the plain answer's), as compressing proxies do.
  const encoding = answer.br ? preferredEncoding(c.req.header('accept-encoding')) : null;
  const headers: Record<string, string> = {
    ETag: encoding ? `W/${answer.etag}` : answer.etag,
    'Cache-Control': 'private, no-cache',
    ...(answer.br ? { Vary: 'Accept-Encoding' } : {}),
  };
  if (matchesEtag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  const bytes = (encoding && answer[encoding]) || answer.bytes;
  return c.body(bytes, 200, {
    ...headers,
    'Content-Type': 'application/json',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
}

export function registerSiteRoutes(app: Hono<AppEnv>): void {
  // Site reads of every feature on the app's database go through the cache (loadSite).
  app.use('/api/*', async (c, next) => {
    siteData(c.get('deps').database);
    await next();
  });

  route(app, getSettings, async ({ c, query, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { database } = c.get('deps');
    const request = {
      site,
      locale: c.get('locale'),
      domainLocale: c.get('domainLocale'),
      domain: hostnameOf(query._force_domain ?? c.req.header('host')),
      // Geoip: the trusted CDN header, else the `country` cookie; selected: `selected_country`.
      geoipCountry: geoipCountry(c),
      selectedCountry: selectedCountry(c),
    };
    const key = [
      'settings',
      site.id,
      request.locale,
      request.domainLocale,
      request.domain,
      request.geoipCountry,
      request.selectedCountry,
    ].join('|');
    return cachedAnswer(c, getSettings, key, async () => ({
      settings: await loadSiteSettings(database.db, { ...request, pushPublicKey: await pushPublicKey(database.db) }),
    }));
  });

  route(app, getCompanyInfo, async ({ c, site, fail }) => {
    if (!site) throw fail('unknown_site');
    return cachedAnswer(c, getCompanyInfo, `company|${site.id}`, async () => ({
      company: await loadCompanyInfo(c.get('deps').database.db, site.id),
    }));
  });

  route(app, getRegions, async ({ c, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { db } = c.get('deps').database;
    const locale = c.get('locale');
    return cachedAnswer(c, getRegions, `regions|${site.id}|${locale}`, async () => {
      const { settings } = await loadSite(db, site);
      return { regions: await loadRegions(db, settings.countries, locale) };
    });
  });

  route(app, getInterests, async ({ c }) => {
    const locale = c.get('locale');
    return cachedAnswer(c, getInterests, `interests|${locale}`, async () => ({
      interests: await loadInterests(c.get('deps').database.db, locale),
    }));
  });
}
