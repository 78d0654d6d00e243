/**
 * The back office's prices (docs/staff.md "Money section", "Prices"): the credit bundles'
 * prices per payment country, in minor units of the country's currency. Admin and finance
 * read them; finance changes a country's four prices at once, with a reason and a second
 * factor of the last REAUTH_MINUTES, audited with before and after. A change is what the next
 * order pays, on every site, within seconds; orders already made keep their amount.
 *
 * Finance also changes how many credits each bundle gives (the same in every country and on
 * every site), under the same conditions; the next order credits the new amount, orders
 * already made keep theirs.
 *
 * The rule a price table must keep: each bigger bundle costs more in all and less per credit
 * than the one before it (400 invalid_input naming `prices.<bundle>` that breaks it). New
 * credits must keep it in every country (400 bundle_credits_rule naming `credits.<bundle>`
 * and the first country that would break it).
 */
import * as z from 'zod/mini';
import { PACKAGE_KEYS } from './billing.ts';
import { type StaffRole, declareErrors, defineEndpoint } from './define.ts';

/** Who reads the prices. */
export const PRICE_READERS = ['finance', 'admin'] as const satisfies readonly StaffRole[];
/** Who changes them. */
export const PRICE_WRITERS = ['finance'] as const satisfies readonly StaffRole[];

/** The highest price of one bundle, in minor units (the table's check, migration 0026). */
export const BUNDLE_PRICE_MAX_MINOR = 1_000_000;

/** The most credits one bundle gives (the table's check, migration 0027). */
export const BUNDLE_CREDITS_MAX = 1_000_000;

export const STAFF_PRICES_ERRORS = declareErrors('staff.errors', {
  /** New credits with which a country's prices would break the rule (params: country). */
  bundle_credits_rule: 400,
});

const price = z.number().check(z.int(), z.positive(), z.lte(BUNDLE_PRICE_MAX_MINOR));
const credits = z.number().check(z.int(), z.positive(), z.lte(BUNDLE_CREDITS_MAX));
const int = z.number().check(z.int());

/** A bundle's price in each of p0..p3, in minor units. */
export const bundlePriceSet = z.strictObject({ p0: price, p1: price, p2: price, p3: price });
export type BundlePriceSet = z.infer<typeof bundlePriceSet>;

/** The credits each of p0..p3 gives. */
export const bundleCreditSet = z.strictObject({ p0: credits, p1: credits, p2: credits, p3: credits });
export type BundleCreditSet = z.infer<typeof bundleCreditSet>;

const staffBundle = z.object({
  key: z.enum(PACKAGE_KEYS),
  credits: int,
  /** When the bundle's credits last changed (ISO). */
  updated_at: z.string(),
});

export const staffCountryPrices = z.object({
  country: z.string(),
  currency: z.string(),
  prices: bundlePriceSet,
  /** When a price of the country last changed (ISO). */
  updated_at: z.string(),
});
export type StaffCountryPrices = z.infer<typeof staffCountryPrices>;

/** GET /api/staff/money/prices: every payment country's bundle prices, with the bundles' credits. */
export const getStaffPrices = defineEndpoint({
  method: 'GET',
  path: '/api/staff/money/prices',
  response: z.object({
    bundles: z.array(staffBundle),
    countries: z.array(staffCountryPrices),
  }),
  roles: PRICE_READERS,
});
export type StaffPrices = z.infer<typeof getStaffPrices.response>;

/**
 * POST /api/staff/money/prices {country, prices: {p0..p3}, reason}: a country's four prices, with a
 * second factor of the last REAUTH_MINUTES (403 staff_reauth_required); 404 for a country
 * without prices; 400 invalid_input `prices.<bundle>` for a table that breaks the rule above.
 * Audited (`prices.change`, before and after).
 */
export const postStaffPrices = defineEndpoint({
  method: 'POST',
  path: '/api/staff/money/prices',
  body: z.strictObject({
    country: z.string().check(z.regex(/^[A-Z]{2}$/)),
    prices: bundlePriceSet,
    reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)),
  }),
  response: z.object({ country: staffCountryPrices }),
  errors: ['not_found', 'staff_reauth_required'],
  roles: PRICE_WRITERS,
});

/**
 * POST /api/staff/money/bundle-credits {credits: {p0..p3}, reason}: how many credits each bundle
 * gives, everywhere, with a second factor of the last REAUTH_MINUTES (403
 * staff_reauth_required). Each bigger bundle gives more credits (400 invalid_input
 * `credits.<bundle>`), and every country's prices must keep the rule with them (400
 * bundle_credits_rule `credits.<bundle>`, the country in the text). Audited
 * (`prices.credits`, before and after).
 */
export const postStaffBundleCredits = defineEndpoint({
  method: 'POST',
  path: '/api/staff/money/bundle-credits',
  body: z.strictObject({
    credits: bundleCreditSet,
    reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)),
  }),
  response: z.object({ bundles: z.array(staffBundle) }),
  errors: ['staff_reauth_required', ...STAFF_PRICES_ERRORS.codes],
  roles: PRICE_WRITERS,
});
