/** Reports (features/reports/): members' reports of profiles, photos and messages for the moderators. */
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { messages } from './chat.ts';
import { photos } from './photos.ts';
import { profiles } from './profiles.ts';
import { sites } from './site.ts';

/**
 * A member's report of a profile, a photo or a chat message (docs/reports.md): the reason,
 * optional free text, and the moderators' state (open → in_review → actioned | dismissed).
 * `target_key` names what was reported ('profile:<id>', 'photo:<id>', 'message:<id>'): one
 * open report per reporter and target. The reporter is kept as null when their account goes
 * (the report stays for the moderators); a report of content that is deleted goes with it.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: varchar('public_id', { length: 16 }).notNull().unique(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id),
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    targetKind: text('target_kind', { enum: ['profile', 'photo', 'message'] }).notNull(),
    targetKey: text('target_key').notNull(),
    /** The reported member's profile (of the photo or the message's sender for those). */
    reportedProfileId: bigint('reported_profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    photoId: bigint('photo_id', { mode: 'number' }).references(() => photos.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['fake', 'scam', 'harassment', 'minor', 'explicit_photo', 'other'] }).notNull(),
    details: text('details'),
    /** The reporter's language. */
    locale: varchar('locale', { length: 5 }).notNull(),
    status: text('status', { enum: ['open', 'in_review', 'actioned', 'dismissed'] })
      .notNull()
      .default('open'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status').on(t.status, t.createdAt),
    index('reports_reported_profile').on(t.reportedProfileId),
    uniqueIndex('reports_open_target')
      .on(t.reporterId, t.targetKey)
      .where(sql`${t.status} = 'open'`),
  ],
);
