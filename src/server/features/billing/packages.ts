/**
 * The credit bundles p0..p3 (SPEC §2.7 'Credits', §9) and their prices per currency, in
 * minor units. The same credits everywhere; prices are set per currency in local price
 * points, and bigger bundles give more credits per unit of money. The currency of a payment
 * country is its `message_costs` row (the seed's list: EUR, GBP, USD, CAD, AUD, NZD, CHF,
 * SEK, NOK, DKK, PLN). Prices include VAT (receipts.ts).
 */
import { eq } from 'drizzle-orm';
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
import type { Db } from '#src/server/db/client.ts';
import { messageCosts } from '#src/server/db/schema.ts';
import type { Tx } from '#src/server/db/client.ts';
import type { PaymentProvider } from '#src/server/providers/payments/types.ts';

/** Credits per bundle. */
export const PACKAGE_CREDITS: Readonly<Record<PackageKey, number>> = { p0: 50, p1: 250, p2: 600, p3: 1600 };

/** The bundle labelled 'popular'. */
export const POPULAR_PACKAGE: PackageKey = 'p2';

/** Price of each bundle per currency, in minor units (p0, p1, p2, p3). */
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

/** A bundle's credits and price in a currency; throws for a currency without prices (a setup bug). */
export function pricedPackage(key: PackageKey, currency: string): PricedPackage {
  const prices = PACKAGE_PRICES[currency];
  if (!prices) throw new Error(`billing: no bundle prices in ${currency}`);
  return { key, credits: PACKAGE_CREDITS[key], priceMinor: prices[PACKAGE_KEYS.indexOf(key)] ?? 0, currency };
}

/** The currency of a payment country (its message_costs row), or null for a country we do not sell in. */
export async function currencyOf(db: Db | Tx, country: string): Promise<string | null> {
  const [row] = await db
    .select({ currency: messageCosts.currency })
    .from(messageCosts)
    .where(eq(messageCosts.country, country))
    .limit(1);
  return row && PACKAGE_PRICES[row.currency] ? row.currency : null;
}

export function packageDto(key: PackageKey, currency: string, country: string, messageCredits: number): CreditPackage {
  const priced = pricedPackage(key, currency);
  return {
    key,
    credits: priced.credits,
    price_minor: priced.priceMinor,
    currency,
    popular: key === POPULAR_PACKAGE,
    per_credit_minor: Math.round((priced.priceMinor * 100) / priced.credits) / 100,
    per_message_minor: Math.round((priced.priceMinor * messageCredits) / priced.credits),
    methods: paymentMethodsForPackage(country, key),
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
 * Which methods the payment provider takes now for each bundle's price in a currency and
 * country (a Mollie profile may not have every method activated); the sandbox takes all.
 */
export async function offeredMethods(
  provider: PaymentProvider,
  currency: string,
  country: string,
): Promise<(key: PackageKey, method: PaymentMethod) => boolean> {
  const ask = provider.availableMethods?.bind(provider);
  if (!ask) return () => true;
  const sets = await Promise.all(
    PACKAGE_KEYS.map((key) => ask({ amountMinor: pricedPackage(key, currency).priceMinor, currency, country })),
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
