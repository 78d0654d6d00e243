/** Site data (features/site/): companies, sites, message costs, bundle prices, regions, interests. */
import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Operating companies: the main one and three alternative addresses (SPEC §1). */
export const companies = pgTable('companies', {
  id: integer('id').primaryKey(),
  variant: smallint('variant').notNull().unique(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  country: varchar('country', { length: 2 }).notNull(),
  kvk: text('kvk').notNull(),
  tradenames: jsonb('tradenames').$type<string[]>().notNull(),
  vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull(),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: text('delete_discount').notNull(),
  added: timestamp('added', { withTimezone: true }).notNull(),
});

/** One row per niche site; identity comes from sites.config.ts, settings are operators'. */
export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  niche: smallint('niche').notNull().unique(),
  brand: text('brand').notNull(),
  defaultLocale: varchar('default_locale', { length: 2 }).notNull(),
  /** locale → domain */
  domains: jsonb('domains').$type<Record<string, string>>().notNull(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  cdnPrefix: text('cdn_prefix').notNull().default(''),
  /** Operational settings (SPEC §3 "Site settings"), validated by the sites.config schema. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Minimum message cost per country in its currency (SPEC §9), in minor units. */
export const messageCosts = pgTable('message_costs', {
  country: varchar('country', { length: 2 }).primaryKey(),
  currency: varchar('currency', { length: 3 }).notNull(),
  costMinor: integer('cost_minor').notNull(),
});

/**
 * The price of each credit bundle (p0..p3) per payment country (SPEC §9), in minor units of
 * the country's currency (its message_costs row). Finance edits them in the back office
 * (docs/staff.md "Prices"); migration 0025 seeded them from billing's starting prices
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

/** Regions per country (ISO 3166-2 codes from country-region-data). */
export const regions = pgTable(
  'regions',
  {
    id: integer('id').primaryKey(),
    country: varchar('country', { length: 2 }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('regions_country_code').on(t.country, t.code)],
);

/** Interests with their icon (SPEC §3); gangbang has none. */
export const interests = pgTable('interests', {
  key: text('key').primaryKey(),
  icon: text('icon'),
  position: smallint('position').notNull(),
});
