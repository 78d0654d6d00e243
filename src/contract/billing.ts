/**
 * Billing: credit bundles, orders, payments, repeat orders, transactions and refunds (SPEC §1
 * 'Business model', §2.7 'Credits', 'Repeat order', 'Payment', 'Premium', 'Pricing',
 * 'Transaction result', §3 'Order / payment', 'Payment methods', §4 'Payment', 'Membership',
 * §8 'Payment and direct debit', §9). The rules are in src/server/features/billing (README)
 * and docs/payments.md.
 *
 * - No subscription: every order pays once for one bundle (p0..p3). The first completed
 *   order makes the member premium for good (`paid_user`).
 * - Money is exact: every amount is an integer in minor units of an ISO 4217 currency
 *   (`amount_minor: 1999, currency: 'EUR'` is €19.99). The currency follows the payment
 *   country (the member's profile country unless the client chose another of the site's
 *   countries: the SPEC's client state paymentCountry).
 * - An order's `amount_minor` = the bundle's price − the discount + the method's transaction
 *   fee. VAT is included in prices; the receipt mail shows net, VAT and gross.
 * - Order states (`status`): created (checkout opened) → pending (the payer submitted, the
 *   provider is processing) → completed | failed | cancelled; completed → refunded |
 *   charged_back. A state only moves forward; late or repeated provider messages change nothing.
 *   A transaction result screen shows 'Processing your payment' for created and pending, the
 *   toast 'Order #{payment_id} is completed' for completed, and 'Payment failed or has been
 *   cancelled.' with the other methods for failed and cancelled.
 * - Unused credits of a completed order can be refunded within the site's refund_days of its
 *   completion: the member gets back min(order credits, current balance) credits' worth of
 *   money, pro rata (rounded down to the minor unit); one refund per order.
 */
import * as z from 'zod/mini';
import { COUNTRIES } from '#src/lib/locales.ts';
import { declareErrors, defineEndpoint } from './define.ts';
import { DISCOUNT_ERRORS, discountCodeString } from './discounts.ts';

// ------------------------------------------------------------------ packages and methods

/** The bundle tiers, styled p0..p3 (SPEC §9); one is 'popular'. */
export const PACKAGE_KEYS = ['p0', 'p1', 'p2', 'p3'] as const;
export type PackageKey = (typeof PACKAGE_KEYS)[number];

/** The payment methods (SPEC §3 'Payment methods', spelled as there, plus googlepay, klarna, trustly). */
export const PAYMENT_METHODS = [
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'cartebancaire',
  'dankort',
  'nexi',
  'applepay',
  'googlepay',
  'paypal',
  'ideal',
  'bancontact',
  'sofort',
  'giropay',
  'eps',
  'prezelewy24',
  'blik',
  'mobilepay',
  'swish',
  'twint',
  'satispay',
  'vipps',
  'klarna',
  'trustly',
  'paysafecard',
  'sct',
  'sdd',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How a method pays: 'checkout' on the provider's hosted page (redirect_url), 'directdebit'
 * through the site's own SEPA form (/directdebit, SMS code), never a provider page.
 */
export type PaymentFlow = 'checkout' | 'directdebit';
export type PaymentKind = 'card' | 'wallet' | 'bank' | 'paylater' | 'voucher' | 'transfer' | 'debit';

export interface PaymentMethodRule {
  kind: PaymentKind;
  flow: PaymentFlow;
  /** Can be stored for repeat orders (cards: a token; PayPal: a billing agreement). */
  storable: boolean;
  /** The countries offering it; 'all' for every country the site serves. */
  countries: readonly string[] | 'all';
  /** The bundles it may pay; all when absent (voucher and pay-later limits). */
  packages?: readonly PackageKey[];
  /** Transaction fee in basis points of the discounted price (100 = 1 %), rounded half up. */
  feeBasisPoints?: number;
}

const EURO = ['NL', 'BE', 'DE', 'AT', 'FR', 'IT', 'ES', 'IE', 'FI'] as const;
const NOT_AMERICAS_OCEANIA = COUNTRIES.filter((c) => !['US', 'CA', 'AU', 'NZ'].includes(c));

/** Which method is offered where (SPEC §3; the card schemes, PayPal and wallets everywhere). */
export const PAYMENT_METHOD_RULES: Readonly<Record<PaymentMethod, PaymentMethodRule>> = {
  creditcard: { kind: 'card', flow: 'checkout', storable: true, countries: 'all' },
  visa: { kind: 'card', flow: 'checkout', storable: true, countries: 'all' },
  mastercard: { kind: 'card', flow: 'checkout', storable: true, countries: 'all' },
  maestro: { kind: 'card', flow: 'checkout', storable: true, countries: NOT_AMERICAS_OCEANIA },
  cartebancaire: { kind: 'card', flow: 'checkout', storable: true, countries: ['FR'] },
  dankort: { kind: 'card', flow: 'checkout', storable: true, countries: ['DK'] },
  nexi: { kind: 'card', flow: 'checkout', storable: true, countries: ['IT'] },
  applepay: { kind: 'wallet', flow: 'checkout', storable: false, countries: 'all' },
  googlepay: { kind: 'wallet', flow: 'checkout', storable: false, countries: 'all' },
  paypal: { kind: 'wallet', flow: 'checkout', storable: true, countries: 'all' },
  ideal: { kind: 'bank', flow: 'checkout', storable: false, countries: ['NL'] },
  bancontact: { kind: 'bank', flow: 'checkout', storable: false, countries: ['BE'] },
  sofort: {
    kind: 'bank',
    flow: 'checkout',
    storable: false,
    countries: ['DE', 'AT', 'BE', 'NL', 'IT', 'ES', 'PL', 'CH'],
  },
  giropay: { kind: 'bank', flow: 'checkout', storable: false, countries: ['DE'] },
  eps: { kind: 'bank', flow: 'checkout', storable: false, countries: ['AT'] },
  prezelewy24: { kind: 'bank', flow: 'checkout', storable: false, countries: ['PL'] },
  blik: { kind: 'bank', flow: 'checkout', storable: false, countries: ['PL'] },
  mobilepay: { kind: 'wallet', flow: 'checkout', storable: false, countries: ['DK', 'FI'] },
  swish: { kind: 'wallet', flow: 'checkout', storable: false, countries: ['SE'] },
  twint: { kind: 'wallet', flow: 'checkout', storable: false, countries: ['CH'] },
  satispay: { kind: 'wallet', flow: 'checkout', storable: false, countries: ['IT'] },
  vipps: { kind: 'wallet', flow: 'checkout', storable: false, countries: ['NO'] },
  klarna: {
    kind: 'paylater',
    flow: 'checkout',
    storable: false,
    countries: ['SE', 'NO', 'FI', 'DK', 'DE', 'AT', 'NL', 'BE', 'CH', 'GB', 'IT', 'ES', 'FR', 'PL', 'IE', 'US'],
    packages: ['p1', 'p2', 'p3'],
  },
  trustly: {
    kind: 'bank',
    flow: 'checkout',
    storable: false,
    countries: ['SE', 'FI', 'NO', 'DK', 'DE', 'AT', 'NL', 'ES', 'PL', 'GB'],
  },
  paysafecard: {
    kind: 'voucher',
    flow: 'checkout',
    storable: false,
    countries: NOT_AMERICAS_OCEANIA,
    packages: ['p0', 'p1', 'p2'],
    feeBasisPoints: 500,
  },
  sct: { kind: 'transfer', flow: 'checkout', storable: false, countries: EURO },
  sdd: { kind: 'debit', flow: 'directdebit', storable: false, countries: EURO },
};

/**
 * The brand names of the methods, the same in every language; the generic ones
 * (creditcard, sct, sdd) have texts `billing.methods.<key>` instead.
 */
export const PAYMENT_METHOD_BRANDS: Readonly<Partial<Record<PaymentMethod, string>>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  cartebancaire: 'Carte Bancaire',
  dankort: 'Dankort',
  nexi: 'Nexi',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
  paypal: 'PayPal',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  sofort: 'Sofort',
  giropay: 'giropay',
  eps: 'eps',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  mobilepay: 'MobilePay',
  swish: 'Swish',
  twint: 'TWINT',
  satispay: 'Satispay',
  vipps: 'Vipps',
  klarna: 'Klarna',
  trustly: 'Trustly',
  paysafecard: 'paysafecard',
};

/** The methods offered in a country, in the order of PAYMENT_METHODS. */
export function paymentMethodsFor(country: string): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => {
    const { countries } = PAYMENT_METHOD_RULES[m];
    return countries === 'all' || countries.includes(country);
  });
}

/** The methods that may pay a bundle in a country. */
export function paymentMethodsForPackage(country: string, pkg: PackageKey): PaymentMethod[] {
  return paymentMethodsFor(country).filter((m) => PAYMENT_METHOD_RULES[m].packages?.includes(pkg) ?? true);
}

const minor = z.number().check(z.int(), z.nonnegative());
const currency = z.string().check(z.regex(/^[A-Z]{3}$/));
const country = z.string().check(z.regex(/^[A-Z]{2}$/));
/** payment_id: the order's public id, shown as 'Order #{payment_id}'. */
export const paymentId = z.string().check(z.regex(/^[A-Z0-9]{6,16}$/));

export const paymentMethodInfo = z.object({
  key: z.enum(PAYMENT_METHODS),
  kind: z.enum(['card', 'wallet', 'bank', 'paylater', 'voucher', 'transfer', 'debit']),
  flow: z.enum(['checkout', 'directdebit']),
  /** Paid once, it can be stored for repeat orders. */
  storable: z.boolean(),
  /** Its transaction fee as a percentage of the price (0 for most). */
  fee_percent: z.number().check(z.nonnegative()),
});
export type PaymentMethodInfo = z.infer<typeof paymentMethodInfo>;

export const creditPackage = z.object({
  key: z.enum(PACKAGE_KEYS),
  credits: z.number().check(z.int(), z.positive()),
  price_minor: minor,
  currency,
  popular: z.boolean(),
  /** Price of one credit in minor units, rounded to 2 decimals (for display only). */
  per_credit_minor: z.number().check(z.nonnegative()),
  /** Price of one message (the site's message_credits) in minor units, rounded. */
  per_message_minor: minor,
  /** The methods that may pay this bundle in the payment country. */
  methods: z.array(z.enum(PAYMENT_METHODS)),
});
export type CreditPackage = z.infer<typeof creditPackage>;

/** A stored payment method as its owner recognizes it. */
export const storedMethod = z.object({ method: z.enum(PAYMENT_METHODS), label: z.string() });

/**
 * GET /api/packages.php[?country=XX]: the four bundles for the member's site and payment
 * country (the profile's country by default; `country` must be one of the site's
 * countries), priced in its currency, with the methods of that country.
 */
export const getPackages = defineEndpoint({
  method: 'GET',
  path: '/api/packages.php',
  query: z.looseObject({ country: z.optional(country) }),
  response: z.object({
    country,
    currency,
    /** The payment countries the member may choose (the site's countries). */
    countries: z.array(country),
    packages: z.array(creditPackage),
    /** Every method of the country, in display order. */
    methods: z.array(paymentMethodInfo),
    /** The last stored method of the member (repeat orders), or null. */
    stored_method: z.nullable(storedMethod),
    /** The member is not premium yet: any bundle makes them premium for good. */
    first_purchase: z.boolean(),
    refund_days: z.number().check(z.int(), z.nonnegative()),
    message_credits: z.number().check(z.int(), z.positive()),
  }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});
export type PackagesData = z.infer<typeof getPackages.response>;

// ------------------------------------------------------------------ orders

export const ORDER_STATUSES = [
  'created',
  'pending',
  'completed',
  'failed',
  'cancelled',
  'refunded',
  'charged_back',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as its member sees it (/transactions, the transaction result screen). */
export const order = z.object({
  payment_id: paymentId,
  status: z.enum(ORDER_STATUSES),
  package: z.enum(PACKAGE_KEYS),
  credits: z.number().check(z.int(), z.positive()),
  country,
  currency,
  /** What the member pays: list price − discount + transaction fee. */
  amount_minor: minor,
  list_price_minor: minor,
  discount: z.nullable(z.object({ code: z.string(), percentage: z.string(), amount_minor: minor })),
  transaction_fee_minor: minor,
  method: z.enum(PAYMENT_METHODS),
  /** checkout: paid on the provider's page; stored: a repeat order on a stored method; direct_debit. */
  kind: z.enum(['checkout', 'stored', 'direct_debit']),
  /** ISO 8601. */
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
  /** The refund made (refunded orders). */
  refund: z.nullable(
    z.object({ credits: z.number().check(z.int(), z.positive()), amount_minor: minor, at: z.string() }),
  ),
  /** What a refund would give back now (completed orders within refund_days with credits left), else null. */
  refundable: z.nullable(
    z.object({ credits: z.number().check(z.int(), z.positive()), amount_minor: minor, until: z.string() }),
  ),
});
export type Order = z.infer<typeof order>;

/** Where the client goes after an order was made. */
export const orderNext = z.enum([
  /** Open `redirect_url` (the provider's hosted checkout, a full page load). */
  'checkout',
  /** Go to /transactions/{payment_id}: a stored method was charged. */
  'transaction',
  /** Go to /directdebit with the order's payment_id (the SEPA form of the site). */
  'directdebit',
]);

const orderAnswer = z.object({ order, next: orderNext, redirect_url: z.nullable(z.string()) });
export type OrderAnswer = z.infer<typeof orderAnswer>;

/** Error codes of the billing calls (direct debit's too) with their HTTP status; texts in `api.<code>`. */
export const BILLING_ERRORS = declareErrors('api', {
  /** The payment method does not pay that bundle in the payment country (field 'method'). */
  method_not_available: 400,
  /** The member may not buy: a chargeback is open (a billing hold). */
  payments_blocked: 403,
  payment_provider_unavailable: 502,
  no_previous_order: 404,
  /** The stored payment method was declined (repeat order). */
  stored_payment_failed: 402,
  refund_window_closed: 410,
  refund_not_possible: 409,
  nothing_to_refund: 409,
  /** A provider webhook's missing, wrong or stale signature. */
  invalid_signature: 401,
});

/** Answered by order.php when the member may not buy (a chargeback is open): 'payments_blocked'. */
export const ORDER_ERRORS = [
  'authentication_required',
  'unknown_site',
  'not_found',
  'method_not_available',
  'payments_blocked',
  'payment_provider_unavailable',
  ...DISCOUNT_ERRORS.codes,
] as const;

/**
 * POST /api/order.php {package, method, discount_code?, country?}: makes an order and opens
 * the provider's checkout. `method_not_available` (field 'method') when the method does not
 * pay that bundle in the payment country; a discount code's refusals (field 'code'); 502
 * `payment_provider_unavailable` when the provider could not be reached (no order is left
 * open). For 'sdd' no checkout opens: `next` is 'directdebit'.
 */
export const postOrder = defineEndpoint({
  method: 'POST',
  path: '/api/order.php',
  body: z.strictObject({
    package: z.enum(PACKAGE_KEYS),
    method: z.enum(PAYMENT_METHODS),
    discount_code: z.optional(discountCodeString),
    country: z.optional(country),
  }),
  response: orderAnswer,
  errors: ORDER_ERRORS,
  roles: ['member'],
});

/**
 * GET /api/transaction.php?id={payment_id}: one of the member's orders and the balance after
 * it (for the credits badge). Poll it while the status is created or pending.
 */
export const getTransaction = defineEndpoint({
  method: 'GET',
  path: '/api/transaction.php',
  query: z.looseObject({ id: paymentId }),
  response: z.object({ order, balance: z.number().check(z.int(), z.nonnegative()), paid_user: z.boolean() }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});

/** GET /api/transactions.php: the member's orders, newest first (at most TRANSACTIONS_MAX). */
export const getTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/transactions.php',
  response: z.object({ orders: z.array(order), refund_days: z.number().check(z.int(), z.nonnegative()) }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});
export const TRANSACTIONS_MAX = 200;

// ------------------------------------------------------------------ repeat order

/**
 * GET /api/repeat-order.php: what a repeat order would buy: the member's last completed
 * order's bundle (at today's price in the payment country) and method; `stored_method` when
 * it is charged without a checkout. null when there is nothing to repeat.
 */
export const getRepeatOrder = defineEndpoint({
  method: 'GET',
  path: '/api/repeat-order.php',
  response: z.object({
    repeat: z.nullable(
      z.object({
        package: creditPackage,
        method: z.enum(PAYMENT_METHODS),
        stored_method: z.nullable(storedMethod),
      }),
    ),
  }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/**
 * POST /api/repeat-order.php: buys the last completed order's bundle again with its method.
 * With a stored method it is charged at once (`next: 'transaction'`); otherwise a checkout
 * opens as for order.php. 404 `no_previous_order` when there is nothing to repeat; 402
 * `stored_payment_failed` when the stored method was declined: the failed order is kept
 * (in /transactions) and the client offers 'Try again' with manual card entry
 * (order.php with 'creditcard') or a wallet (applepay, googlepay, paypal).
 */
export const postRepeatOrder = defineEndpoint({
  method: 'POST',
  path: '/api/repeat-order.php',
  response: orderAnswer,
  errors: [
    'authentication_required',
    'unknown_site',
    'no_previous_order',
    'stored_payment_failed',
    'method_not_available',
    'payments_blocked',
    'payment_provider_unavailable',
  ],
  roles: ['member'],
});

// ------------------------------------------------------------------ refunds

/**
 * POST /api/refund.php {order}: refunds the unused credits of a completed order within the
 * site's refund_days of its completion: min(order credits, balance) credits are taken from
 * the balance and their share of the amount paid goes back to the payment method.
 * `refund_window_closed` after the window, `refund_not_possible` for an order that is not
 * completed (or already refunded), `nothing_to_refund` with no credits left.
 */
export const postRefund = defineEndpoint({
  method: 'POST',
  path: '/api/refund.php',
  body: z.strictObject({ order: paymentId }),
  response: z.object({
    order,
    refunded_credits: z.number().check(z.int(), z.positive()),
    refund_minor: minor,
    balance: z.number().check(z.int(), z.nonnegative()),
  }),
  errors: [
    'authentication_required',
    'unknown_site',
    'not_found',
    'refund_window_closed',
    'refund_not_possible',
    'nothing_to_refund',
  ],
  roles: ['member'],
});

// ------------------------------------------------------------------ provider webhook

/**
 * POST /api/payment-webhook.php: the payment provider's signed events (not a member call;
 * the body is the provider's: the sandbox's signed JSON, Mollie's form `id=tr_…`). 401
 * `invalid_signature` for a missing, wrong or stale signature; 502
 * `payment_provider_unavailable` when the provider could not be asked about it (it retries).
 * A replayed event, or a payment nobody knows, is answered 200 and changes nothing.
 */
export const postPaymentWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/payment-webhook.php',
  body: z.unknown(),
  response: z.object({ received: z.number().check(z.int(), z.nonnegative()) }),
  errors: ['invalid_signature', 'payment_provider_unavailable'],
  roles: 'public',
});
