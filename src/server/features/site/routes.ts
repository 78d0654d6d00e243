/** Site-wide read calls: settings, company info, regions, interests (SPEC §7). */
import type { Hono } from 'hono';
import { getCompanyInfo, getInterests, getRegions, getSettings } from '#src/contract/site.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { hostnameOf } from '#src/server/http/site-resolver.ts';
import { geoipCountry, selectedCountry } from '#src/server/http/visitor-country.ts';
import { loadSite, loadSiteSettings } from './settings.ts';
import { loadCompanyInfo } from './company.ts';
import { loadRegions } from './regions.ts';
import { loadInterests } from './interests.ts';
import { pushPublicKey } from '../push/vapid.ts';
import { route } from '#src/server/http/route.ts';

export function registerSiteRoutes(app: Hono<AppEnv>): void {
  route(app, getSettings, async ({ c, query, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { database } = c.get('deps');
    return {
      settings: await loadSiteSettings(database.db, {
        site,
        locale: c.get('locale'),
        domainLocale: c.get('domainLocale'),
        domain: hostnameOf(query._force_domain ?? c.req.header('host')),
        // Geoip: the trusted CDN header, else the `country` cookie; selected: `selected_country`.
        geoipCountry: geoipCountry(c),
        selectedCountry: selectedCountry(c),
        pushPublicKey: await pushPublicKey(database.db),
      }),
    };
  });

  route(app, getCompanyInfo, async ({ c, site, fail }) => {
    if (!site) throw fail('unknown_site');
    return { company: await loadCompanyInfo(c.get('deps').database.db, site.id) };
  });

  route(app, getRegions, async ({ c, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { db } = c.get('deps').database;
    const { settings } = await loadSite(db, site);
    return { regions: await loadRegions(db, settings.countries, c.get('locale')) };
  });

  route(app, getInterests, async ({ c }) => ({
    interests: await loadInterests(c.get('deps').database.db, c.get('locale')),
  }));
}
