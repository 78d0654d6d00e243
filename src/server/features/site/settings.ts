/**
 * The settings of a site as GET /api/settings.php answers them (SPEC §3 "Site settings"):
 * identity from sites.config.ts, operational settings and prices from the database,
 * texts in the request's language, geo from the request.
 */
import { eq } from 'drizzle-orm';
import type { SiteConfig } from '#sites-config';
import type { SiteSettings } from '#src/contract/site.ts';
import { DESIGN_VERSION } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import { toMajor } from '#src/lib/money.ts';
import { translator } from '#src/i18n/index.ts';
import type { Db } from '#src/server/db/client.ts';
import { messageCosts, sites } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { siteDataOf } from './cache.ts';
import { loadBundlePrices } from './prices.ts';

export interface SettingsRequest {
  site: SiteConfig;
  locale: Locale;
  domainLocale: Locale;
  /** The host the settings are asked for. */
  domain: string;
  geoipCountry: string | null;
  selectedCountry: string | null;
  pushPublicKey: string;
}

export type SiteRow = typeof sites.$inferSelect;

/** A site's database row with its effective operational settings. */
export interface LoadedSite {
  row: SiteRow;
  settings: SiteConfig['settings'];
}

async function readSite(db: Db, site: SiteConfig): Promise<LoadedSite> {
  const [row] = await db.select().from(sites).where(eq(sites.id, site.id)).limit(1);
  if (!row) throw fail('unknown_site');
  // Database settings win over the config's seed values; the config fills new fields.
  return { row, settings: { ...site.settings, ...(row.settings as Partial<SiteConfig['settings']>) } };
}

/**
 * The site row; 404 unknown_site when the database does not have it (not seeded). Read
 * once until the sites table changes (./cache.ts); callers share the object: never change it.
 */
export function loadSite(db: Db, site: SiteConfig): Promise<LoadedSite> {
  const cache = siteDataOf(db);
  return cache ? cache.value(`site:${site.id}`, () => readSite(db, site)) : readSite(db, site);
}

/** The minimum message costs per country (SPEC §3), cached like the site rows. */
function loadMessageCosts(db: Db): Promise<(typeof messageCosts.$inferSelect)[]> {
  const read = () => db.select().from(messageCosts);
  const cache = siteDataOf(db);
  return cache ? cache.value('message-costs', read) : read();
}

/** The effective operational settings of the request's site. */
export async function siteSettings(ctx: { db: Db; site: SiteConfig }): Promise<SiteConfig['settings']> {
  return (await loadSite(ctx.db, ctx.site)).settings;
}

export async function loadSiteSettings(db: Db, request: SettingsRequest): Promise<SiteSettings> {
  const { site, locale } = request;
  const [{ row, settings }, costs, prices] = await Promise.all([
    loadSite(db, site),
    loadMessageCosts(db),
    loadBundlePrices(db),
  ]);
  const t = translator(locale);
  return {
    name: row.brand,
    index_title: t('home.title', { brand: row.brand }),
    description: t('home.description', { brand: row.brand }),
    domain: request.domain,
    domain_language: request.domainLocale,
    localeDomains: row.domains,
    cdn_prefix: row.cdnPrefix,
    niche: row.niche,
    company_id: row.companyId,
    mail_name: row.brand,
    design_version: DESIGN_VERSION,
    countries: settings.countries,
    geoip_country: request.geoipCountry,
    geoip_selected_country: request.selectedCountry ?? request.geoipCountry,
    visible_profile_fields: settings.visible_profile_fields,
    visible_profile_notes: settings.visible_profile_notes,
    search_fields: settings.search_fields,
    message_credits: settings.message_credits,
    photo_credits: settings.photo_credits,
    gift_credits: settings.gift_credits,
    signup_credits: settings.signup_credits,
    message_length: settings.message_length,
    minimum_message_costs: Object.fromEntries(
      costs.map((c) => [c.country, { costs: toMajor(c.costMinor, c.currency), currency: c.currency }]),
    ),
    bundle_prices: Object.fromEntries(
      [...prices.values()].map((p) => [
        p.country,
        {
          currency: p.currency,
          prices: Object.fromEntries(Object.entries(p.prices).map(([key, minor]) => [key, toMajor(minor, p.currency)])),
        },
      ]),
    ),
    // The same credits in every country (features/site/prices.ts): any country's copy.
    bundle_credits: { ...prices.values().next().value?.credits },
    support_email: settings.support_email,
    support_phone: settings.support_phone,
    enable_site_entry_popup: settings.enable_site_entry_popup,
    site_entry_countries: settings.site_entry_countries,
    push_pub: request.pushPublicKey,
    push_public_key: request.pushPublicKey,
    fictional_icon: settings.fictional_icon,
    fictional_warning: t('fictional.warning'),
    fictional_singular: t('fictional.singular'),
    fictional_plural: t('fictional.plural'),
    refund_days: settings.refund_days,
    signups: settings.signups,
    logged_out_search: settings.logged_out_search,
    logged_out_search_trafficsource: settings.logged_out_search_trafficsource,
    member_resell: settings.member_resell,
    premium_claim: settings.premium_claim,
  };
}
