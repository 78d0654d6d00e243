/** Traffic (features/traffic/): signup traffic sources and page bounces. */
import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { sites } from './site.ts';

/** The traffic source a member signed up with (SPEC §3 "Traffic source"). */
export const trafficSources = pgTable('traffic_sources', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  network: text('network'),
  ref: text('ref'),
  sub1: text('sub1'),
  sub2: text('sub2'),
  sub3: text('sub3'),
  /** The marketing lander the member last landed on before signing up (the `lander` cookie, docs/traffic.md). */
  lander: text('lander'),
  /** The lander variant that was shown (docs/traffic.md "Lander experiments"); 'control' without an experiment. */
  variant: text('variant'),
  createdAt: createdAt(),
});

/**
 * Bounces of landing pages with bounce logging on (SPEC §4 "Page bounce logging"): a daily
 * counter per site, page path and network (src/server/features/traffic). No visitor data:
 * no IP address, no time of day. '(unknown)' is a path the beacon's Referer did not give;
 * '' is no network.
 */
export const pageBounces = pgTable(
  'page_bounces',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** The UTC day of the bounce. */
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    network: text('network').notNull(),
    /** The locale the page was shown in (the request's); '' on counters from before it was kept. */
    locale: text('locale').notNull().default(''),
    /**
     * The variant of a marketing lander the visitor was shown (the `lander_variants` cookie,
     * else 'control'); '' on other pages.
     */
    variant: text('variant').notNull().default(''),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.path, t.network, t.locale, t.variant] }),
    index('page_bounces_day').on(t.day),
  ],
);

/**
 * Visits of the marketing landers (docs/traffic.md "Lander visits"): a daily counter per
 * site, locale, lander, variant, network and sub-id, counted by the lander's visit pixel
 * (no JavaScript). No visitor data. '' is no network or sub-id.
 */
export const landerVisits = pgTable(
  'lander_visits',
  {
    /** The UTC day of the visit. */
    day: date('day', { mode: 'string' }).notNull(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    locale: text('locale').notNull(),
    lander: text('lander').notNull(),
    variant: text('variant').notNull(),
    network: text('network').notNull(),
    sub1: text('sub1').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.siteId, t.locale, t.lander, t.variant, t.network, t.sub1] })],
);
