/**
 * The credit bundles' prices per payment country (table bundle_prices, in minor units of the
 * country's currency from message_costs), read once until either table changes: their
 * triggers NOTIFY site_data and every process drops the copy (./cache.ts), so a price finance
 * changes in the back office is what the next request pays, in every process within seconds.
 * Billing prices bundles with it; settings.php shows it (the static pricing page's live prices).
 * The bundles' credits (table bundle_credits, the same in every country) come with them.
 */
import { eq } from 'drizzle-orm';
import { PACKAGE_KEYS, type PackageKey } from '#src/contract/billing.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { bundleCredits, bundlePrices, messageCosts } from '#src/server/db/schema.ts';
import { siteDataOf } from './cache.ts';

/** A payment country's currency, its four bundle prices (minor units) and the bundles' credits. */
export interface CountryPrices {
  country: string;
  currency: string;
  prices: Readonly<Record<PackageKey, number>>;
  credits: Readonly<Record<PackageKey, number>>;
}

/** The credits of the four bundles, or null while a bundle has none (nothing is sold then). */
export async function readBundleCredits(db: Db | Tx): Promise<Readonly<Record<PackageKey, number>> | null> {
  const rows = await db.select({ key: bundleCredits.packageKey, credits: bundleCredits.credits }).from(bundleCredits);
  const credits = Object.fromEntries(rows.map((row) => [row.key, row.credits])) as Partial<Record<PackageKey, number>>;
  return PACKAGE_KEYS.every((key) => credits[key] !== undefined) ? (credits as Record<PackageKey, number>) : null;
}

async function readBundlePrices(db: Db | Tx): Promise<ReadonlyMap<string, CountryPrices>> {
  const credits = await readBundleCredits(db);
  if (!credits) return new Map();
  const rows = await db
    .select({
      country: bundlePrices.country,
      packageKey: bundlePrices.packageKey,
      priceMinor: bundlePrices.priceMinor,
      currency: messageCosts.currency,
    })
    .from(bundlePrices)
    .innerJoin(messageCosts, eq(messageCosts.country, bundlePrices.country));
  const byCountry = new Map<string, { currency: string; prices: Partial<Record<PackageKey, number>> }>();
  for (const row of rows) {
    const entry = byCountry.get(row.country) ?? { currency: row.currency, prices: {} };
    entry.prices[row.packageKey as PackageKey] = row.priceMinor;
    byCountry.set(row.country, entry);
  }
  const complete = new Map<string, CountryPrices>();
  // A country is sold in only with all four prices.
  for (const [country, { currency, prices }] of byCountry) {
    if (PACKAGE_KEYS.every((key) => prices[key] !== undefined)) {
      complete.set(country, { country, currency, prices: prices as Record<PackageKey, number>, credits });
    }
  }
  return complete;
}

/**
 * Every payment country's prices, cached like the site rows (inside a transaction, or for a
 * handle no app serves, read from the database); callers share the objects: never change them.
 */
export function loadBundlePrices(db: Db | Tx): Promise<ReadonlyMap<string, CountryPrices>> {
  const cache = siteDataOf(db);
  return cache ? cache.value('bundle-prices', () => readBundlePrices(db)) : readBundlePrices(db);
}
