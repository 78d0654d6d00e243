/** Photos (features/photos/): profile photos; the files are in the storage provider. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { profiles } from './profiles.ts';

/** Photos; files live in the storage provider under random keys. */
export const photos = pgTable(
  'photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id in URLs and answers: random, not a sequence. */
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /**
     * Key of the stored files (`<key>.jpg`, `-thumb`, `-match`, `-blur`). Not unique: the
     * seeded demo photos share a pool of generated images.
     */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    status: text('status', { enum: ['being_inspected', 'active', 'rejected'] })
      .notNull()
      .default('being_inspected'),
    /** Premium-only: non-premium viewers get the blurred derivative. */
    premium: boolean('premium').notNull().default(false),
    /** One of PHOTO_REJECT_REASONS (contract/photos.ts) when rejected. */
    rejectReason: text('reject_reason'),
    /** The moderator's decision: when and by whom (null once that account is gone). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_profile').on(t.profileId, t.position),
    index('photos_storage_key').on(t.storageKey),
    // The moderation queue: photos being inspected, oldest first.
    index('photos_queue')
      .on(t.createdAt)
      .where(sql`${t.status} = 'being_inspected'`),
  ],
);
