/**
 * The back office's prices (docs/staff.md "Prices"): every payment country's bundle prices,
 * and finance's change of one country's four prices, written in one transaction with its
 * audit entry (before and after). The table's trigger (migration 0026) NOTIFYs site_data at
 * the commit, so every API process drops its cached prices (features/site/cache.ts) and the
 * next packages.php, settings.php and order use the new ones; orders already made keep the
 * amount they were made with. Finance's change of the bundles' credits (table bundle_credits,
 * the same everywhere) goes the same way: checked against every country's prices, audited, live
 * at the commit; an order keeps the credits it was made with.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { PACKAGE_KEYS, type PackageKey } from '#src/contract/billing.ts';
import type { BundleCreditSet, BundlePriceSet, StaffCountryPrices, StaffPrices } from '#src/contract/staff-prices.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { bundleCredits, bundlePrices, messageCosts } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { pricesProblem } from '#src/server/features/billing/index.ts';
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

async function readBundles(db: Db | Tx): Promise<StaffPrices['bundles']> {
  const rows = await db.select().from(bundleCredits);
  return PACKAGE_KEYS.flatMap((key) => {
    const row = rows.find((candidate) => candidate.packageKey === key);
    return row ? [{ key, credits: row.credits, updated_at: row.updatedAt.toISOString() }] : [];
  });
}

function creditSetOf(bundles: StaffPrices['bundles']): BundleCreditSet {
  const set = Object.fromEntries(bundles.map((bundle) => [bundle.key, bundle.credits]));
  if (!PACKAGE_KEYS.every((key) => set[key] !== undefined)) throw new Error('staff-prices: a bundle has no credits');
  return set as BundleCreditSet;
}

export async function pricesOverview(db: Db): Promise<StaffPrices> {
  const [bundles, countries] = await Promise.all([readBundles(db), readCountries(db)]);
  return { bundles, countries };
}

/** Sets a country's four prices (finance; the route checked the fresh second factor). */
export async function changePrices(
  c: Context<AppEnv>,
  staff: StaffSession,
  change: { country: string; prices: BundlePriceSet; reason: string },
): Promise<StaffCountryPrices> {
  const { database, now } = c.get('deps');
  const by = await auditBy(c, sessionActor(staff));
  return database.db.transaction(async (tx) => {
    // The credits cannot change before the commit (their change checks every country's prices).
    await tx.select().from(bundleCredits).for('share');
    const broken = pricesProblem(change.prices, creditSetOf(await readBundles(tx)));
    if (broken) throw fail('invalid_input', { field: `prices.${broken}` });
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

/**
 * Why these credits may not be sold, or null: each bigger bundle gives more credits, and
 * every country's prices keep the rule with them (the first country that would not).
 */
function creditsProblem(
  credits: BundleCreditSet,
  countries: readonly StaffCountryPrices[],
): { bundle: PackageKey; country?: string } | null {
  for (let i = 1; i < PACKAGE_KEYS.length; i += 1) {
    const bundle = PACKAGE_KEYS[i] as PackageKey;
    if (credits[bundle] <= credits[PACKAGE_KEYS[i - 1] as PackageKey]) return { bundle };
  }
  for (const row of countries) {
    const bundle = pricesProblem(row.prices, credits);
    if (bundle) return { bundle, country: row.country };
  }
  return null;
}

/** Sets the four bundles' credits (finance; the route checked the fresh second factor). */
export async function changeCredits(
  c: Context<AppEnv>,
  staff: StaffSession,
  change: { credits: BundleCreditSet; reason: string },
): Promise<StaffPrices['bundles']> {
  const { database, now } = c.get('deps');
  const by = await auditBy(c, sessionActor(staff));
  return database.db.transaction(async (tx) => {
    // Neither the credits nor any price changes before the commit.
    await tx.select().from(bundleCredits).for('update');
    await tx.select().from(bundlePrices).for('share');
    const before = await readBundles(tx);
    const problem = creditsProblem(change.credits, await readCountries(tx));
    if (problem?.country) {
      throw fail('bundle_credits_rule', { field: `credits.${problem.bundle}`, params: { country: problem.country } });
    }
    if (problem) throw fail('invalid_input', { field: `credits.${problem.bundle}` });
    const at = now();
    for (const key of PACKAGE_KEYS) {
      await tx
        .insert(bundleCredits)
        .values({ packageKey: key, credits: change.credits[key], updatedAt: at })
        .onConflictDoUpdate({ target: bundleCredits.packageKey, set: { credits: change.credits[key], updatedAt: at } });
    }
    const after = await readBundles(tx);
    await audit(tx, by, {
      action: 'prices.credits',
      targetType: 'bundles',
      targetId: PACKAGE_KEYS.join(','),
      before: { credits: Object.fromEntries(before.map((bundle) => [bundle.key, bundle.credits])) },
      after: { credits: creditSetOf(after) },
      reason: change.reason,
    });
    return after;
  });
}
