/** Search (features/search/): saved search filters. */
import { bigint, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { regions } from './site.ts';

/**
 * A member's last search filters (SPEC §4 Search: the first request's `filter_options`),
 * saved by manual searches unless `do_not_save`. Region 0/null means all regions.
 */
export const searchFilters = pgTable('search_filters', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  gender: text('gender', { enum: ['male', 'female'] }),
  minAge: smallint('min_age'),
  maxAge: smallint('max_age'),
  country: varchar('country', { length: 2 }),
  regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
