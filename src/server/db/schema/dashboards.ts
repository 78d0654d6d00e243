/**
 * The back office's daily aggregates (features/staff-dashboards/, docs/staff.md
 * "Dashboards"): one row per day, site and country, rolled up by the hourly job (today and
 * yesterday recomputed each run), so the dashboards never scan the raw tables.
 */
import { bigint, date, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const dailyStats = pgTable(
  'daily_stats',
  {
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    siteId: text('site_id').notNull(),
    /** The member's profile country ('' when not known, and for site-wide counts). */
    country: varchar('country', { length: 2 }).notNull(),
    signups: integer('signups').notNull().default(0),
    /** Accounts whose e-mail address was confirmed that day. */
    activations: integer('activations').notNull().default(0),
    /** Members whose first completed order was that day. */
    firstPurchases: integer('first_purchases').notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    /** Completed orders' amounts, in the country's currency's minor units. */
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull().default(''),
    /** Messages members sent (not the chat pals'). */
    messagesSent: integer('messages_sent').notNull().default(0),
    /** Credits members spent on messages, photos, gifts and icebreakers. */
    creditsSpent: integer('credits_spent').notNull().default(0),
    /** Photos waiting for moderation when the day was last rolled up (site-wide rows). */
    moderationBacklog: integer('moderation_backlog').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.siteId, t.country] })],
);

/**
 * How fast the chat pals answered, per UTC day and site (the chat pal's): the answers of that
 * day and how long each member had waited for it, counted in the buckets of
 * ANSWER_TIME_BOUNDS_S (src/contract/staff-dashboards.ts), so the median and p90 of any range
 * and any set of sites come from summed buckets (docs/staff.md "Dashboards").
 */
export const dailyAnswerTimes = pgTable(
  'daily_answer_times',
  {
    day: date('day', { mode: 'string' }).notNull(),
    siteId: text('site_id').notNull(),
    answers: integer('answers').notNull(),
    /** Answers per waiting-time bucket: one count per bound, then one for longer waits. */
    buckets: integer('buckets').array().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.siteId] })],
);
