/** Geo (features/geo/): city suggestions from members. */
import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { sites } from './site.ts';

/**
 * The cities of the location field's suggestions (cities.php, src/server/features/geo/cities.ts):
 * per site, country, region (0: none) and city, how many profiles visitors may see live
 * there. Rebuilt by the hourly job and the seed from `profiles`; the call answers only cities
 * with at least CITY_SUGGESTION_MIN_MEMBERS, so no single member's free-text city shows.
 */
export const citySuggestions = pgTable(
  'city_suggestions',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    country: varchar('country', { length: 2 }).notNull(),
    /** The region's id; 0 for profiles without a region. */
    regionId: integer('region_id').notNull().default(0),
    /** The city lower-cased and trimmed: spellings that differ in case count as one. */
    cityKey: text('city_key').notNull(),
    /** The most common spelling. */
    city: text('city').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.country, t.regionId, t.cityKey] }),
    index('city_suggestions_prefix').on(t.siteId, t.country, t.cityKey.op('text_pattern_ops')),
  ],
);
