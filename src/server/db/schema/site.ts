/** Site data (features/site/): companies, sites, message costs, regions, interests. */
import { integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
