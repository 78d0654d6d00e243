/**
 * Likes and matches (SPEC §2.7 'Likes', §4 Likes): the likes data, liking and unliking. A
 * like takes one of the day's likes (budget.ts); over the limit 429 `daily_limit`.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LikesData } from '#src/contract/likes.ts';
import { DAILY_LIMIT_ERROR, LIKES_LIST_MAX } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { LIKES_PER_DAY } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { likes, photos, profiles } from '#src/server/db/schema.ts';
import type { EventHub } from '#src/server/features/events/index.ts';
import { fail } from '#src/server/http/errors.ts';
import {
  cardColumns,
  mainPhotoJoin,
  toProfileCard,
  visibleTo,
  type Viewer,
} from '#src/server/features/members/index.ts';
import { totalUnread } from '#src/server/features/chat/index.ts';
import { hoursUntil, loadBudget, lockMember, recordDecision } from './budget.ts';
import { findVisible, loadCard, type LikesContext } from './candidates.ts';

export const dailyLimitReached = (hours: number) =>
  fail(DAILY_LIMIT_ERROR, { params: { count: hours, hours, max: LIKES_PER_DAY } });

const likeOf = (likerId: number, likedId: number) => and(eq(likes.likerId, likerId), eq(likes.likedId, likedId));

export async function likeExists(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const [row] = await db.select({ at: likes.createdAt }).from(likes).where(likeOf(likerId, likedId)).limit(1);
  return row !== undefined;
}

/** The likes data of likes.php: sent and received likes, new likes, what is left today. */
export async function loadLikes(ctx: LikesContext): Promise<LikesData> {
  const { db, viewer } = ctx;
  const me = viewer.profileId;
  const sent = await db
    .select(cardColumns(me))
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likedId))
    .leftJoin(photos, mainPhotoJoin)
    .where(and(eq(likes.likerId, me), visibleTo(viewer)))
    .orderBy(desc(likes.createdAt), asc(profiles.publicId))
    .limit(LIKES_LIST_MAX);
  const received = await db
    .select(cardColumns(me))
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerId))
    .leftJoin(photos, mainPhotoJoin)
    .where(and(eq(likes.likedId, me), visibleTo(viewer)))
    .orderBy(sql`(${likes.seenAt} is null) desc`, desc(likes.createdAt), asc(profiles.publicId))
    .limit(LIKES_LIST_MAX);
  const fresh = await newLikesOf(db, viewer);
  const budget = await loadBudget(db, me, ctx.now);
  return {
    profiles: sent.map((row) => toProfileCard(row, ctx)),
    liked_by: received.map((row) => toProfileCard(row, ctx)),
    total_new_likes: fresh,
    likes_left: budget.likes.left,
    next_like_in_hours: budget.likes.nextAt ? hoursUntil(budget.likes.nextAt, ctx.now) : null,
  };
}

/**
 * The installed app's icon badge of an account (SPEC §2.5): its unread messages plus its new
 * likes, the sum the page title shows; null for an account without a profile.
 */
export async function badgeCountOf(db: Db, accountId: number): Promise<number | null> {
  const [member] = await db
    .select({ profileId: profiles.id, siteId: profiles.siteId })
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  if (!member) return null;
  const party = { accountId, ...member };
  return (await totalUnread(db, party)) + (await newLikesOf(db, party));
}

/** The likes a member has not seen yet, from members they may see (the Likes badge). */
async function newLikesOf(db: Db, member: Pick<Viewer, 'profileId' | 'siteId'>): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerId))
    .where(and(eq(likes.likedId, member.profileId), isNull(likes.seenAt), visibleTo(member)));
  return row?.count ?? 0;
}

/**
 * After a new like was committed: the liked member's `counters` with the new likes, so an open
 * members area shows the Likes badge and the title count at once instead of at the next poll
 * (SPEC §4). Fictional profiles have no account; a failure never fails the like.
 */
export async function announceNewLike(db: Db, events: EventHub, likedProfileId: number): Promise<void> {
  try {
    const [liked] = await db
      .select({ accountId: profiles.accountId, siteId: profiles.siteId })
      .from(profiles)
      .where(eq(profiles.id, likedProfileId));
    if (liked?.accountId == null) return;
    const member = { accountId: liked.accountId, profileId: likedProfileId, siteId: liked.siteId };
    const data = { total_unread: await totalUnread(db, member), total_new_likes: await newLikesOf(db, member) };
    await events.publish([{ accountId: liked.accountId, event: { type: 'counters', data } }]);
  } catch (error) {
    console.error('[likes] counters event failed:', error instanceof Error ? error.message : error);
  }
}

/**
 * Likes a profile the viewer may see. Already liked: nothing changes. Liked before in the
 * window (and withdrawn): liked again at no cost. Otherwise it takes one of the day's likes,
 * or answers 429 `daily_limit` with the hours until the next one.
 */
export async function likeProfile(
  ctx: LikesContext,
  publicId: string,
  /** Called after the commit of a like that did not exist (the liked member's push). */
  onNewLike?: (likedProfileId: number) => Promise<void>,
): Promise<{ match: boolean; likes_left: number; profile: ProfileCard }> {
  const { viewer, now } = ctx;
  const targetId = await findVisible(ctx, publicId);
  const { likesLeft, fresh } = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, viewer.profileId);
    const budget = await loadBudget(tx, viewer.profileId, now);
    if (await likeExists(tx, viewer.profileId, targetId)) return { likesLeft: budget.likes.left, fresh: false };
    const free = budget.likes.counted.has(targetId);
    if (!free && budget.likes.left === 0) throw dailyLimitReached(hoursUntil(budget.likes.nextAt ?? now, now));
    await tx
      .insert(likes)
      .values({ likerId: viewer.profileId, likedId: targetId, createdAt: now })
      .onConflictDoNothing();
    await recordDecision(tx, viewer.profileId, targetId, 'yes', now);
    return { likesLeft: free ? budget.likes.left : budget.likes.left - 1, fresh: true };
  });
  if (fresh && onNewLike) await onNewLike(targetId);
  const profile = await loadCard(ctx, targetId);
  return { match: profile.liked_by_profile, likes_left: likesLeft, profile };
}

/** Withdraws the viewer's like of a profile (none is fine); the day's like is not given back. */
export async function unlikeProfile(ctx: LikesContext, publicId: string): Promise<{ likes_left: number }> {
  const { db, viewer } = ctx;
  const [target] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.siteId, viewer.siteId), eq(profiles.publicId, publicId)))
    .limit(1);
  if (target) await db.delete(likes).where(likeOf(viewer.profileId, target.id));
  return { likes_left: (await loadBudget(db, viewer.profileId, ctx.now)).likes.left };
}
