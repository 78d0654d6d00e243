/** Profiles (features/profile/): members' and chat pals' personas and their interests. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { sites, regions, interests } from './site.ts';

/**
 * The partial-index predicate of the search indexes: active, not invisible, not in privacy
 * mode. Search queries repeat it literally (features/search/page-query.ts) so the planner uses them.
 */
const searchable = sql`status = 'active' and invisible = false and privacy_mode = false`;

/** A public persona: a member's profile, or a fictional chat pal run by operators. */
export const profiles = pgTable(
  'profiles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id others see: random, not a sequence. */
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    /** Null for fictional profiles. */
    accountId: bigint('account_id', { mode: 'number' })
      .unique()
      .references(() => accounts.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['member', 'fictional'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('disabled'),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    seeking: text('seeking', { enum: ['male', 'female'] }),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    regionId: integer('region_id').references(() => regions.id),
    city: text('city'),
    /**
     * Coarse position in thousandths of a degree, never sent to anyone: the seed's city, or
     * the member's browser position snapped to GEO_GRID_DEGREES (geocode.php, features/geo).
     */
    lat: integer('lat_e3'),
    lon: integer('lon_e3'),
    /** When lat/lon last came from the member's browser; null: never (seeded or unknown). */
    geoAt: timestamp('geo_at', { withTimezone: true }),
    language: varchar('language', { length: 5 }).notNull().default('en'),
    sexuality: text('sexuality'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    signupReason: text('signup_reason'),
    aboutMe: text('about_me'),
    invisible: boolean('invisible').notNull().default(false),
    privacyMode: boolean('privacy_mode').notNull().default(false),
    mainPhotoId: bigint('main_photo_id', { mode: 'number' }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('profiles_search').on(t.siteId, t.gender, t.country, t.birthdate),
    // City suggestions of the location field (cities.php).
    index('profiles_city').on(t.siteId, t.country, t.city),
    // Member search (features/search): only profiles search may list to anyone, in its
    // order (birthdate desc, id desc), so a page and a count read the index alone.
    index('profiles_searchable').on(t.siteId, t.gender, t.country, t.birthdate, t.id).where(searchable),
    index('profiles_searchable_region')
      .on(t.siteId, t.gender, t.country, t.regionId, t.birthdate, t.id)
      .where(searchable),
    index('profiles_searchable_all').on(t.siteId, t.gender, t.birthdate, t.id).where(searchable),
  ],
);

export const profileInterests = pgTable(
  'profile_interests',
  {
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    interest: text('interest')
      .notNull()
      .references(() => interests.key),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.interest] })],
);
