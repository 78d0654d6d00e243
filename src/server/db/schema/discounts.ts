/** Discounts (features/discounts/): discount codes and their redemptions. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { sites } from './site.ts';

/**
 * Discount codes (SPEC §3 'Discount code'; rules in src/server/features/discounts): the
 * welcome discount, the time bonus and promo codes. Codes are stored upper-case. A code with
 * a `site_id` works on that site only, one with an `account_id` for that member only.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['welcome', 'time_bonus', 'promo'] }).notNull(),
    siteId: text('site_id').references(() => sites.id),
    /** Percent off as text with one decimal, e.g. '25.0'. */
    percentage: text('percentage').notNull(),
    /** The only country it works for; null: every country. */
    country: varchar('country', { length: 2 }),
    /** A personal code; null: anyone's. */
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'cascade' }),
    /** The smallest order it works for, in minor units of `currency`. */
    minimumOrderMinor: integer('minimum_order_minor'),
    currency: varchar('currency', { length: 3 }),
    validity: text('validity', { enum: ['once-per-user', 'once', 'unlimited'] }).notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When it starts working; null: from its creation. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** How many orders may use it in all (every member together); null: no limit. */
    maxUses: integer('max_uses'),
    /** Only for a member's first purchase (the welcome discount and the time bonus always are). */
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    /** Payment methods it works with; empty: all. */
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check('discount_codes_percentage', sql`${t.percentage} ~ '^[0-9]{1,3}(\\.[0-9])?$'`),
    check('discount_codes_minimum_currency', sql`${t.minimumOrderMinor} is null or ${t.currency} is not null`),
  ],
);

/**
 * Codes used by completed orders. `use_key` carries the validity: the account id for
 * once-per-user, 'once' for once, the order for unlimited; unique per code, so two orders
 * completing at the same time cannot both use a once-per-user code. One code per order.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => discountCodes.id),
    /** Kept when the account is purged (like the credits ledger). */
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** The billing order's public id. */
    orderId: text('order_id').notNull().unique(),
    useKey: text('use_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_code_use').on(t.codeId, t.useKey),
    index('discount_redemptions_account').on(t.accountId),
    // A code's uses in the back office, newest first.
    index('discount_redemptions_code').on(t.codeId, t.id),
  ],
);
