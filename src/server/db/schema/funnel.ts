/**
 * The marketing funnel's daily aggregates (features/staff-funnel/, docs/staff.md "Marketing
 * funnel"): per UTC day, site, locale, lander, variant, network and sub-id, the visits,
 * signups, activations, first purchases and revenue (one row per currency for revenue),
 * rolled up by the hourly job from the visit counters, the traffic sources and the orders,
 * so the funnel never scans the raw tables.
 */
import { bigint, date, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const dailyFunnel = pgTable(
  'daily_funnel',
  {
    day: date('day', { mode: 'string' }).notNull(),
    siteId: text('site_id').notNull(),
    locale: text('locale').notNull(),
    /** '' for members who signed up without landing on a marketing lander. */
    lander: text('lander').notNull(),
    variant: text('variant').notNull(),
    network: text('network').notNull(),
    sub1: text('sub1').notNull(),
    /** The currency of `revenue_minor` ('' on rows without revenue). */
    currency: varchar('currency', { length: 3 }).notNull(),
    visits: integer('visits').notNull().default(0),
    /**
     * Visitors who left the lander without going on (the bounce counters of `page_bounces` on
     * marketing lander pages; no sub-id is known for them, so they are on rows with sub1 '').
     */
    bounces: integer('bounces').notNull().default(0),
    signups: integer('signups').notNull().default(0),
    activations: integer('activations').notNull().default(0),
    firstPurchases: integer('first_purchases').notNull().default(0),
    /** Paid orders of the members who came this way, in `currency`'s minor units. */
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.day, t.siteId, t.locale, t.lander, t.variant, t.network, t.sub1, t.currency],
    }),
  ],
);
