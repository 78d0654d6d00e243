/**
 * Reference data every database needs, production included: companies and sites from
 * sites.config.ts, regions from country-region-data, interests and minimum message costs.
 * All upserts, safe to run on every start: operators' edits survive (site settings only
 * gain keys the config added; interest icons, message costs and bundle prices are never
 * overwritten).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import countryRegionData from 'country-region-data/data.json' with { type: 'json' };
import { companies as configCompanies, type CompanyConfig, type SiteConfig } from '#sites-config';
import { INTERESTS } from '#src/lib/constants.ts';
import { COUNTRIES, type CountryCode } from '#src/lib/locales.ts';
import type { Db } from '../db/client.ts';
import { companies, interests, messageCosts, regions, sites } from '../db/schema.ts';
import { seedBundlePrices } from '#src/server/features/billing/index.ts';
import { seedDiscountCodes } from '#src/server/features/discounts/index.ts';
import { EXCLUDED_REGIONS, INTEREST_ICONS, ISO_NUMERIC, MINIMUM_MESSAGE_COSTS } from './lists/world.ts';

/** The database id of a company: its variant plus one. */
export function companyId(company: Pick<CompanyConfig, 'variant'>): number {
  return company.variant + 1;
}

export async function seedCompanies(db: Db, list: readonly CompanyConfig[] = configCompanies): Promise<void> {
  for (const c of list) {
    const values = {
      variant: c.variant,
      name: c.name,
      address: c.address,
      city: c.city,
      country: c.country,
      kvk: c.kvk,
      tradenames: c.tradenames,
      vatNumbers: c.vat_numbers,
      supportPhone: c.support_phone,
      deleteDiscount: c.delete_discount,
      added: new Date(c.added),
    };
    // The company details are the config's: it is where the legal texts come from too.
    await db
      .insert(companies)
      .values({ id: companyId(c), ...values })
      .onConflictDoUpdate({ target: companies.id, set: values });
  }
}

/**
 * Sites from the config. Identity (brand, niche, domains, company) follows the config;
 * the operational settings are the operators': only keys the database lacks are added.
 */
export async function seedSites(db: Db, list: readonly SiteConfig[]): Promise<void> {
  for (const site of list) {
    const identity = {
      niche: site.niche,
      brand: site.brand,
      defaultLocale: site.defaultLocale,
      domains: site.domains,
      companyId: site.companyVariant + 1,
    };
    await db
      .insert(sites)
      .values({ id: site.id, ...identity, settings: site.settings })
      .onConflictDoUpdate({
        target: sites.id,
        // jsonb `||` lets the right side win: the stored settings beat the config's seeds.
        set: { ...identity, settings: sql`excluded.settings || ${sites.settings}` },
      });
  }
}

interface RegionSource {
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

/** ISO 3166-1 numeric code: the id block of a country's regions (NL 528 → 528001...). */
function regionIdBase(country: CountryCode): number {
  return ISO_NUMERIC[country] * 1000;
}

/** The regions of a served country from country-region-data, sorted by code. */
export function sourceRegions(country: CountryCode): { code: string; name: string }[] {
  const entry = (countryRegionData as RegionSource[]).find((c) => c.countryShortCode === country);
  if (!entry) throw new Error(`country-region-data has no ${country}`);
  const excluded = new Set(EXCLUDED_REGIONS[country] ?? []);
  return entry.regions
    .filter((r): r is { name: string; shortCode: string } => Boolean(r.shortCode) && !excluded.has(r.shortCode ?? ''))
    .map((r) => ({ code: r.shortCode, name: r.name }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/**
 * Regions of every served country. Ids are stable: a region keeps the id it has; a fresh
 * database numbers each country's regions in code order from its ISO numeric block, and a
 * region new in the package gets the next free id of its country.
 */
export async function seedRegions(db: Db, countries: readonly CountryCode[] = COUNTRIES): Promise<void> {
  for (const country of countries) {
    const existing = await db
      .select({ id: regions.id, code: regions.code, name: regions.name })
      .from(regions)
      .where(eq(regions.country, country));
    const byCode = new Map(existing.map((r) => [r.code, r]));
    const base = regionIdBase(country);
    let next = Math.max(base, ...existing.map((r) => r.id)) + 1;
    const inserts: (typeof regions.$inferInsert)[] = [];
    for (const region of sourceRegions(country)) {
      const known = byCode.get(region.code);
      if (!known) inserts.push({ id: next++, country, code: region.code, name: region.name });
      else if (known.name !== region.name) {
        await db
          .update(regions)
          .set({ name: region.name })
          .where(and(eq(regions.country, country), eq(regions.code, region.code)));
      }
    }
    if (inserts.length > 0) await db.insert(regions).values(inserts).onConflictDoNothing();
  }
}

/** (country, region code) → region id, for the served countries. */
export async function regionIds(db: Db, countries: readonly string[] = COUNTRIES): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: regions.id, country: regions.country, code: regions.code })
    .from(regions)
    .where(inArray(regions.country, [...countries]));
  return new Map(rows.map((r) => [`${r.country}:${r.code}`, r.id]));
}

export async function seedInterests(db: Db): Promise<void> {
  await db
    .insert(interests)
    .values(INTERESTS.map((key, position) => ({ key, icon: INTEREST_ICONS[key], position })))
    // The spec's order is kept; an icon an operator changed is not.
    .onConflictDoUpdate({ target: interests.key, set: { position: sql`excluded.position` } });
}

export async function seedMessageCosts(db: Db): Promise<void> {
  await db
    .insert(messageCosts)
    .values(COUNTRIES.map((country) => ({ country, ...MINIMUM_MESSAGE_COSTS[country] })))
    .onConflictDoNothing();
}

/** Everything above: what settings.php, companyinfo.php, regions.php and interests.php need. */
export async function seedReferenceData(db: Db, siteList: readonly SiteConfig[]): Promise<void> {
  await seedCompanies(db);
  await seedSites(db, siteList);
  await seedRegions(db);
  await seedInterests(db);
  await seedMessageCosts(db);
  await seedBundlePrices(db);
  await seedDiscountCodes(db);
}
