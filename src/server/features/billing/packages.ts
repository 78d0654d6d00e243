/**
 * The credit bundles p0..p3 (SPEC §2.7 'Credits', §9), their credits and their prices. The
 * same credits everywhere (table bundle_credits); the prices are set per payment country, in
 * minor units of its currency (its `message_costs` row), in the table bundle_prices. Finance
 * edits both in the back office (docs/staff.md "Prices") and every process reads them through
 * the site data cache, so a change is what the next order pays and credits. Bigger bundles
 * always give more credits per unit of money (`pricesProblem`). Prices include VAT (receipts.ts).
 */
import {
  PACKAGE_KEYS,
  PAYMENT_METHOD_RULES,
  paymentMethodsFor,
  paymentMethodsForPackage,
  type CreditPackage,
  type PackageKey,
  type PaymentMethod,
  type PaymentMethodInfo,
} from '#src/contract/billing.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { bundleCredits, bundlePrices, messageCosts } from '#src/server/db/schema.ts';
import { loadBundlePrices, type CountryPrices } from '#src/server/features/site/index.ts';
import type { PaymentProvider } from '#src/server/providers/payments/types.ts';

export type { CountryPrices };

/**
 * The starting credits of each bundle: what migration 0027 and the reference seed
 * (seedBundlePrices) put in bundle_credits, and the static pricing page's first paint. The
 * credits an order gives are the table's (CountryPrices.credits).
 */
export const PACKAGE_CREDITS: Readonly<Record<PackageKey, number>> = { p0: 50, p1: 250, p2: 600, p3: 1600 };

/** The bundle labelled 'popular'. */
export const POPULAR_PACKAGE: PackageKey = 'p2';

/**
 * The starting price of each bundle per currency, in minor units (p0, p1, p2, p3): what
 * migration 0026 and the reference seed (seedBundlePrices) put in bundle_prices for a
 * country, and the static pricing page's first paint. The prices members pay are the table's.
 */
export const PACKAGE_PRICES: Readonly<Record<string, readonly [number, number, number, number]>> = {
  EUR: [499, 1999, 3999, 7999],
  GBP: [449, 1799, 3499, 6999],
  USD: [599, 2299, 4499, 8999],
  CAD: [799, 2999, 5999, 11999],
  AUD: [899, 3499, 6999, 12999],
  NZD: [949, 3699, 7499, 13999],
  CHF: [549, 1999, 3999, 7999],
  SEK: [5900, 22900, 44900, 89900],
  NOK: [5900, 22900, 44900, 89900],
  DKK: [3900, 14900, 29900, 59900],
  PLN: [2199, 8499, 16999, 33999],
};

export interface PricedPackage {
  key: PackageKey;
  credits: number;
  priceMinor: number;
  currency: string;
}

/** A bundle's live credits and its live price in a payment country. */
export function pricedPackage(key: PackageKey, pricing: CountryPrices): PricedPackage {
  return { key, credits: pricing.credits[key], priceMinor: pricing.prices[key], currency: pricing.currency };
}

/** A payment country's currency and live prices, or null for a country we do not sell in. */
export async function countryPrices(db: Db | Tx, country: string): Promise<CountryPrices | null> {
  return (await loadBundlePrices(db)).get(country) ?? null;
}

/** The currency of a payment country, or null for a country we do not sell in. */
export async function currencyOf(db: Db | Tx, country: string): Promise<string | null> {
  return (await countryPrices(db, country))?.currency ?? null;
}

/**
 * Why a country's four prices with the bundles' credits may not be sold, or null: each bigger
 * bundle must cost more in all and less per credit than the one before it (prices[i+1] /
 * credits[i+1] < prices[i] / credits[i], compared without division). Answers the bundle key
 * that breaks it.
 */
export function pricesProblem(
  prices: Readonly<Record<PackageKey, number>>,
  credits: Readonly<Record<PackageKey, number>>,
): PackageKey | null {
  for (let i = 1; i < PACKAGE_KEYS.length; i += 1) {
    const smaller = PACKAGE_KEYS[i - 1] as PackageKey;
    const bigger = PACKAGE_KEYS[i] as PackageKey;
    if (prices[bigger] <= prices[smaller]) return bigger;
    if (prices[bigger] * credits[smaller] >= prices[smaller] * credits[bigger]) return bigger;
  }
  return null;
}

/**
 * Starting credits (PACKAGE_CREDITS) for a bundle without any, and starting prices
 * (PACKAGE_PRICES) for every payment country in message_costs that has none yet (the
 * reference seed, after the message costs); what finance set is never touched.
 */
export async function seedBundlePrices(db: Db): Promise<void> {
  await db
    .insert(bundleCredits)
    .values(PACKAGE_KEYS.map((packageKey) => ({ packageKey, credits: PACKAGE_CREDITS[packageKey] })))
    .onConflictDoNothing();
  const costs = await db.select({ country: messageCosts.country, currency: messageCosts.currency }).from(messageCosts);
  const rows = costs.flatMap(({ country, currency }) => {
    const prices = PACKAGE_PRICES[currency];
    return prices ? PACKAGE_KEYS.map((packageKey, i) => ({ country, packageKey, priceMinor: prices[i] ?? 0 })) : [];
  });
  if (rows.length > 0) await db.insert(bundlePrices).values(rows).onConflictDoNothing();
}

export function packageDto(key: PackageKey, pricing: CountryPrices, messageCredits: number): CreditPackage {
  const priced = pricedPackage(key, pricing);
  return {
    key,
    credits: priced.credits,
    price_minor: priced.priceMinor,
    currency: pricing.currency,
    popular: key === POPULAR_PACKAGE,
    per_credit_minor: Math.round((priced.priceMinor * 100) / priced.credits) / 100,
    per_message_minor: Math.round((priced.priceMinor * messageCredits) / priced.credits),
    methods: paymentMethodsForPackage(pricing.country, key),
  };
}

export function methodInfo(method: PaymentMethod): PaymentMethodInfo {
  const rule = PAYMENT_METHOD_RULES[method];
  return {
    key: method,
    kind: rule.kind,
    flow: rule.flow,
    storable: rule.storable,
    fee_percent: (rule.feeBasisPoints ?? 0) / 100,
  };
}

export function methodsDto(country: string): PaymentMethodInfo[] {
  return paymentMethodsFor(country).map(methodInfo);
}

/** The transaction fee of a method on an amount, in minor units (rounded half up). */
export function transactionFee(method: PaymentMethod, amountMinor: number): number {
  const basisPoints = PAYMENT_METHOD_RULES[method].feeBasisPoints ?? 0;
  return Math.floor((amountMinor * basisPoints + 5000) / 10000);
}

/**
 * Which methods the payment provider takes now for each bundle's price in a payment
 * country (a Mollie profile may not have every method activated); the sandbox takes all.
 */
export async function offeredMethods(
  provider: PaymentProvider,
  pricing: CountryPrices,
): Promise<(key: PackageKey, method: PaymentMethod) => boolean> {
  const ask = provider.availableMethods?.bind(provider);
  if (!ask) return () => true;
  const { currency, country } = pricing;
  const sets = await Promise.all(
    PACKAGE_KEYS.map((key) => ask({ amountMinor: pricing.prices[key], currency, country })),
  );
  return (key, method) => sets[PACKAGE_KEYS.indexOf(key)]?.has(method) ?? true;
}

/** Whether the provider takes `method` for an amount now (see offeredMethods). */
export async function isMethodOffered(
  provider: PaymentProvider,
  method: PaymentMethod,
  request: { amountMinor: number; currency: string; country: string },
): Promise<boolean> {
  const offered = await provider.availableMethods?.(request);
  return offered?.has(method) ?? true;
}
