/**
 * The back office's prices (docs/staff.md "Prices"): every payment country's bundle prices,
 * and finance's change of one country's four prices, written in one transaction with its
 * audit entry (before and after). The table's trigger (migration 0026) NOTIFYs site_data at
 * the commit, so every API process drops its cached prices (features/site/cache.ts) and the
 * next packages.php, settings.php and order use the new ones; orders already made keep the
 * amount they were made with.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { PACKAGE_KEYS, type PackageKey } from '#src/contract/billing.ts';
import type { BundlePriceSet, StaffCountryPrices, StaffPrices } from '#src/contract/staff-prices.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { bundlePrices, messageCosts } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { PACKAGE_CREDITS, pricesProblem } from '#src/server/features/billing/index.ts';
import { audit, auditBy, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';

async function readCountries(db: Db | Tx, country?: string): Promise<StaffCountryPrices[]> {
  const rows = await db
    .select({
      country: bundlePrices.country,
      packageKey: bundlePrices.packageKey,
      priceMinor: bundlePrices.priceMinor,
      updatedAt: bundlePrices.updatedAt,
      currency: messageCosts.currency,
    })
    .from(bundlePrices)
    .innerJoin(messageCosts, eq(messageCosts.country, bundlePrices.country))
    .where(country ? eq(bundlePrices.country, country) : undefined)
    .orderBy(asc(bundlePrices.country), asc(bundlePrices.packageKey));
  const byCountry = new Map<string, { currency: string; prices: Partial<BundlePriceSet>; updated: Date }>();
  for (const row of rows) {
    const entry = byCountry.get(row.country) ?? { currency: row.currency, prices: {}, updated: row.updatedAt };
    entry.prices[row.packageKey as PackageKey] = row.priceMinor;
    if (row.updatedAt > entry.updated) entry.updated = row.updatedAt;
    byCountry.set(row.country, entry);
  }
  return [...byCountry]
    .filter(([, entry]) => PACKAGE_KEYS.every((key) => entry.prices[key] !== undefined))
    .map(([code, entry]) => ({
      country: code,
      currency: entry.currency,
      prices: entry.prices as BundlePriceSet,
      updated_at: entry.updated.toISOString(),
    }));
}

export async function pricesOverview(db: Db): Promise<StaffPrices> {
  return {
    bundles: PACKAGE_KEYS.map((key) => ({ key, credits: PACKAGE_CREDITS[key] })),
    countries: await readCountries(db),
  };
}

/** Sets a country's four prices (finance; the route checked the fresh second factor). */
export async function changePrices(
  c: Context<AppEnv>,
  staff: StaffSession,
  change: { country: string; prices: BundlePriceSet; reason: string },
): Promise<StaffCountryPrices> {
  const broken = pricesProblem(change.prices);
  if (broken) throw fail('invalid_input', { field: `prices.${broken}` });
  const { database, now } = c.get('deps');
  const by = await auditBy(c, sessionActor(staff));
  return database.db.transaction(async (tx) => {
    // One change of a country at a time: the rows are locked until the commit.
    await tx.select().from(bundlePrices).where(eq(bundlePrices.country, change.country)).for('update');
    const [before] = await readCountries(tx, change.country);
    if (!before) throw fail('not_found');
    const at = now();
    for (const key of PACKAGE_KEYS) {
      await tx
        .update(bundlePrices)
        .set({ priceMinor: change.prices[key], updatedAt: at })
        .where(and(eq(bundlePrices.country, change.country), eq(bundlePrices.packageKey, key)));
    }
    const [after] = await readCountries(tx, change.country);
    if (!after) throw fail('not_found');
    await audit(tx, by, {
      action: 'prices.change',
      targetType: 'country',
      targetId: change.country,
      before: { currency: before.currency, prices: before.prices },
      after: { currency: after.currency, prices: after.prices },
      reason: change.reason,
    });
    return after;
  });
}
