/** Likes (features/likes/): likes and the swipe game's answers. */
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { profiles } from './profiles.ts';

/**
 * Likes between profiles (SPEC §3 'Likes data', §4 Likes): mutual likes are a match.
 * `seenAt` is null while the like is new to the liked member (like_new).
 */
export const likes = pgTable(
  'likes',
  {
    likerId: bigint('liker_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    likedId: bigint('liked_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index('likes_liked').on(t.likedId, t.createdAt),
    // The daily like limit counts a member's likes of the last day.
    index('likes_liker_time').on(t.likerId, t.createdAt),
  ],
);

/**
 * Swipe game answers (SPEC §2.7 'Swipe game'): a Yes is also a like (in `likes`); a No is
 * remembered so the profile is not offered again. Both count against the daily limit.
 */
export const swipes = pgTable(
  'swipes',
  {
    swiperId: bigint('swiper_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['yes', 'no'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.swiperId, t.targetId] }), index('swipes_swiper_time').on(t.swiperId, t.createdAt)],
);
