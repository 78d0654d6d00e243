/**
 * Discount codes (SPEC §3 'Discount code', §5 'Discount codes', §7 discountcode.php, §9
 * 'Discounts'): the welcome discount, the time bonus TIMEBONUS25 and promo codes.
 *
 * Rules (src/server/features/discounts/service.ts, docs/discounts.md): a code is found when
 * it exists, is active, belongs to the site (or to every site) and, for a personal code, to
 * the viewer (`code_not_found` otherwise). The welcome discount and the time bonus are for
 * the first purchase only (`code_first_purchase` once the member is a paid user); the time
 * bonus lasts TIME_BONUS_WINDOW_SECONDS from signup (`code_expired` after). A code past its
 * expiry answers `code_expired`; a once-per-user code the member used, or a once code anyone
 * used, `code_used`; a code for another country `code_country`; an order below the minimum
 * (or in another currency than the minimum's) `code_minimum` with the amount; a payment
 * method the code does not allow `code_payment_method`.
 */
import * as z from 'zod/mini';
import { declareErrors, defineEndpoint } from './define.ts';

/** The welcome discount's code (SPEC §9: 25 %, one-time, on the first purchase). */
export const WELCOME_DISCOUNT_CODE = 'WELCOME25';

export const DISCOUNT_KINDS = ['welcome', 'time_bonus', 'promo'] as const;
export const DISCOUNT_VALIDITIES = ['once-per-user', 'once', 'unlimited'] as const;
export const DISCOUNT_STATUSES = ['active', 'inactive'] as const;

/** The error codes of a code that cannot be used, with their HTTP status; texts in `api.<code>`. */
export const DISCOUNT_ERRORS = declareErrors('api', {
  code_not_found: 404,
  code_used: 400,
  // 410 as the direct debit's SMS code that expired: one code, one status.
  code_expired: 410,
  code_country: 400,
  code_minimum: 400,
  code_payment_method: 400,
  code_first_purchase: 400,
  /** Before the code's start date. */
  code_not_started: 400,
  /** The code's maximum of uses in all (every member together) is reached. */
  code_used_up: 400,
});
export type DiscountError = (typeof DISCOUNT_ERRORS.codes)[number];

/** A code as written by members and operators: letters, digits, '-' and '_'; case does not matter. */
export const discountCodeString = z.pipe(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/)),
  z.transform((code) => code.toUpperCase()),
);

/** A percentage as text with one decimal ('25.0'), as the SPEC's value_percentage. */
export const percentageText = z.string().check(z.regex(/^\d{1,2}(\.\d)?$|^100(\.0)?$/));

/**
 * A discount code as the viewer sees it (SPEC §3). Amounts are in major units of `currency`
 * (20 = €20.00). `user_id` is the viewer's own user id for a personal code, else null.
 * `expires` is the moment the code stops working for this viewer (for the time bonus: the
 * signup plus the window); `expires_in` the seconds left by the server's clock, which the
 * client counts down (its own clock may be wrong).
 */
export const discountCode = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  country: z.nullable(z.string().check(z.length(2))),
  user_id: z.nullable(z.string()),
  expires: z.nullable(z.string()),
  expires_in: z.nullable(z.number().check(z.int(), z.nonnegative())),
  value_percentage: percentageText,
  /** The same as value_percentage (the SPEC's other name for it). */
  percentage: percentageText,
  currency: z.nullable(z.string().check(z.length(3))),
  minimum_order_value: z.nullable(z.number().check(z.nonnegative())),
  /** The same as minimum_order_value. */
  minimum: z.nullable(z.number().check(z.nonnegative())),
  status: z.enum(DISCOUNT_STATUSES),
  validity: z.enum(DISCOUNT_VALIDITIES),
  expired: z.boolean(),
  /** The payment methods the code works with; empty: all. */
  paymentmethods: z.array(z.string()),
});
export type DiscountCode = z.infer<typeof discountCode>;

const amountMinor = z.coerce.number().check(z.int(), z.nonnegative(), z.maximum(100_000_000));

/**
 * GET /api/discountcode.php?code=…: a code the member may use. The caller's query passes
 * through (SPEC §7): with `amount` (minor units) and `currency` the minimum order is
 * checked, with `paymentmethod` the methods, and `country` (default: the member's profile
 * country) is checked against a country code.
 */
export const getDiscountCode = defineEndpoint({
  method: 'GET',
  path: '/api/discountcode.php',
  query: z.looseObject({
    code: discountCodeString,
    country: z.optional(z.string().check(z.length(2), z.toUpperCase())),
    amount: z.optional(amountMinor),
    currency: z.optional(z.string().check(z.length(3), z.toUpperCase())),
    paymentmethod: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  }),
  matches: (query) => query['welcome'] === undefined,
  response: z.object({ discount: discountCode }),
  errors: ['authentication_required', 'unknown_site', ...DISCOUNT_ERRORS.codes],
  roles: ['member'],
});

/**
 * GET /api/discountcode.php?welcome=true: the welcome discount (SPEC §7). Visitors get it
 * too (pages advertise it); a member who already bought gets `code_first_purchase`. The
 * client ignores errors of this call (SPEC §8).
 */
export const getWelcomeDiscount = defineEndpoint({
  method: 'GET',
  path: '/api/discountcode.php',
  query: z.looseObject({ welcome: z.literal('true') }),
  matches: (query) => query['welcome'] !== undefined,
  response: z.object({ discount: discountCode }),
  errors: ['unknown_site', ...DISCOUNT_ERRORS.codes],
  roles: 'public',
});
