/** Billing (features/billing/): bundle prices and credits, orders, their history, payment events, stored methods, holds. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { sites } from './site.ts';

/**
 * The price of each credit bundle (p0..p3) per payment country (SPEC §9), in minor units of
 * the country's currency (its message_costs row); read through the site data cache like
 * the message costs (features/site/prices.ts). Finance edits them in the back office
 * (docs/staff.md "Prices"); migration 0026 seeded them from billing's starting prices
 * (features/billing/packages.ts PACKAGE_PRICES), as the reference seed does for new
 * countries. Positive and at most 1,000,000 minor units (BUNDLE_PRICE_MAX_MINOR).
 */
export const bundlePrices = pgTable(
  'bundle_prices',
  {
    country: varchar('country', { length: 2 }).notNull(),
    packageKey: varchar('package_key', { length: 2 }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.packageKey] }),
    check('bundle_prices_package', sql`${t.packageKey} in ('p0', 'p1', 'p2', 'p3')`),
    check('bundle_prices_positive', sql`${t.priceMinor} > 0`),
    check('bundle_prices_maximum', sql`${t.priceMinor} <= 1000000`),
  ],
);

/**
 * The credits each bundle (p0..p3) gives, the same in every payment country and on every
 * site; read with the prices through the site data cache (features/site/prices.ts), so the
 * next order credits what finance set (docs/staff.md "Prices"); an order keeps the credits it
 * was sold with (orders.credits). Migration 0027 seeded billing's starting credits
 * (features/billing/packages.ts PACKAGE_CREDITS), as the reference seed does. Positive and at
 * most 1,000,000 (BUNDLE_CREDITS_MAX).
 */
export const bundleCredits = pgTable(
  'bundle_credits',
  {
    packageKey: varchar('package_key', { length: 2 }).primaryKey(),
    credits: integer('credits').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bundle_credits_package', sql`${t.packageKey} in ('p0', 'p1', 'p2', 'p3')`),
    check('bundle_credits_positive', sql`${t.credits} > 0`),
    check('bundle_credits_maximum', sql`${t.credits} <= 1000000`),
  ],
);

/**
 * Orders of credit bundles (SPEC §2.7 'Credits', 'Payment', §3 'Order / payment'; rules in
 * src/server/features/billing). `public_id` is the payment_id members see as 'Order #…'.
 * Money is in minor units of `currency`: amount = list price − discount + transaction fee.
 * Status moves only forward (orders.ts); rows are never deleted, and survive the account
 * purge pseudonymously like the ledger.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** p0..p3 */
    packageKey: text('package_key').notNull(),
    credits: integer('credits').notNull(),
    /** The payment country (prices, methods, VAT). */
    country: varchar('country', { length: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    listPriceMinor: integer('list_price_minor').notNull(),
    discountCode: text('discount_code'),
    discountPercentage: text('discount_percentage'),
    /**
     * What the discount code reserves ('first_purchase', 'code:<id>' for the member; 'once:<id>'
     * for everyone; null: no code, an unlimited code, or a late completion that lost it). The
     * partial unique indexes let at most one created, pending or completed order hold it.
     */
    discountReservation: text('discount_reservation'),
    discountMinor: integer('discount_minor').notNull().default(0),
    transactionFeeMinor: integer('transaction_fee_minor').notNull().default(0),
    /** What the payer pays. */
    amountMinor: integer('amount_minor').notNull(),
    method: text('method').notNull(),
    /** checkout: the payer pays on the provider's page; stored: a repeat order charged to a stored method. */
    kind: text('kind', { enum: ['checkout', 'stored', 'direct_debit'] }).notNull(),
    status: text('status', {
      enum: ['created', 'pending', 'completed', 'failed', 'cancelled', 'refunded', 'charged_back'],
    })
      .notNull()
      .default('created'),
    provider: text('provider').notNull(),
    /** The provider's checkout session. */
    providerSession: text('provider_session'),
    /** The provider's payment (for refunds). */
    providerRef: text('provider_ref'),
    storedMethodId: bigint('stored_method_id', { mode: 'number' }).references(() => storedPaymentMethods.id, {
      onDelete: 'set null',
    }),
    /** The member's language when ordering (receipt, checkout page). */
    locale: varchar('locale', { length: 5 }).notNull(),
    /** Where the payer returns after the checkout (/transactions/{public_id} on the member's site). */
    returnUrl: text('return_url').notNull(),
    failureReason: text('failure_reason'),
    refundedCredits: integer('refunded_credits').notNull().default(0),
    refundMinor: integer('refund_minor').notNull().default(0),
    refundProviderRef: text('refund_provider_ref'),
    /** Credits a chargeback took back, and those already spent it could not. */
    chargebackCredits: integer('chargeback_credits').notNull().default(0),
    chargebackShortfall: integer('chargeback_shortfall').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
    /** Set once, when the receipt mail / the purchase system message went out (after commit). */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    purchaseMessageAt: timestamp('purchase_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_account').on(t.accountId, t.id),
    index('orders_provider_session').on(t.provider, t.providerSession),
    // The back office's orders list (docs/staff.md "Money"): newest first per site, status, method, day.
    index('orders_site').on(t.siteId, t.id),
    index('orders_status').on(t.status, t.id),
    index('orders_method').on(t.method, t.id),
    // Returned direct debits (status charged_back, method sdd) and any status with a method.
    index('orders_status_method').on(t.status, t.method, t.id),
    index('orders_created').on(t.createdAt),
    // The daily reconciliation: payments completed per day.
    index('orders_completed')
      .on(t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    uniqueIndex('orders_discount_reservation')
      .on(t.accountId, t.discountReservation)
      .where(sql`${t.discountReservation} is not null and ${t.status} in ('created', 'pending', 'completed')`),
    // A once-for-everyone code ('once:<id>'): one open or completed order of anyone holds it.
    uniqueIndex('orders_discount_once')
      .on(t.discountReservation)
      .where(sql`${t.discountReservation} like 'once:%' and ${t.status} in ('created', 'pending', 'completed')`),
    check(
      'orders_money_nonnegative',
      sql`${t.amountMinor} >= 0 and ${t.listPriceMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.transactionFeeMinor} >= 0 and ${t.refundMinor} >= 0`,
    ),
    check('orders_credits_positive', sql`${t.credits} > 0`),
  ],
);

/** Every status change of an order, with its cause (a provider event, a member's refund). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** 'event:<provider event id>', 'member_refund', 'created'... */
    cause: text('cause').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_history_order').on(t.orderId, t.id)],
);

/**
 * Verified provider events (webhooks, stored-card charges), each kept once: the unique
 * (provider, event_id) makes a replayed webhook a no-op. `outcome` says what it did.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    type: text('type').notNull(),
    /** applied: moved the order; ignored: came late or out of order; unknown_order. */
    outcome: text('outcome', { enum: ['applied', 'ignored', 'unknown_order'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId),
    index('payment_events_order').on(t.orderId),
  ],
);

/** Payment methods stored at the provider for repeat orders (a token, never a card number). */
export const storedPaymentMethods = pgTable(
  'stored_payment_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    token: text('token').notNull(),
    /** What the member recognizes it by, e.g. 'Visa •••• 4242'. */
    label: text('label').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_payment_methods_token').on(t.provider, t.token),
    index('stored_payment_methods_account').on(t.accountId, t.id),
  ],
);

/** Accounts that may not buy until support clears them (a chargeback). */
export const billingHolds = pgTable('billing_holds', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: ['chargeback'] }).notNull(),
  orderId: bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => orders.id),
  createdAt: createdAt(),
});
