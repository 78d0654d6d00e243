/**
 * The swipe game (SPEC §2.7 'Swipe game'): the next candidates and a Yes or No on one. A Yes
 * is a like, from the same daily likes as a like on a profile page: with none left a Yes
 * answers 429 `daily_limit` while a No still plays. The game is over for today when no swipes
 * are left (429 `swipe_limit`).
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { SWIPE_LIMIT_ERROR } from '#src/contract/likes.ts';
import { SWIPE_CANDIDATES } from '#src/lib/constants.ts';
import { likes, profiles, swipes } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import { toProfileCard } from '#src/server/features/members/index.ts';
import { gameOverUntil, hoursUntil, loadBudget, lockMember, recordDecision } from './budget.ts';
import { discoverable, findVisible, loadSelf, nearestInAge, type LikesContext } from './candidates.ts';
import { dailyLimitReached, likeExists } from './likes.ts';

/** No swipes left: the text names the likes too only when they are gone as well. */
export const swipeLimitReached = (hours: number, likesLeft: number) =>
  fail(SWIPE_LIMIT_ERROR, {
    ...(likesLeft > 0 ? { message: 'likes.errors.no_swipes' } : {}),
    params: { count: hours, hours },
  });

/** The next profiles of the swipe game and what is left today. */
export async function loadSwipeGame(ctx: LikesContext) {
  const { db, viewer, now } = ctx;
  const budget = await loadBudget(db, viewer.profileId, now);
  const over = gameOverUntil(budget);
  const left = {
    swipes_left: budget.swipes.left,
    likes_left: budget.likes.left,
    next_like_in_hours: budget.likes.nextAt ? hoursUntil(budget.likes.nextAt, now) : null,
  };
  if (over) return { profiles: [], ...left, next_in_hours: hoursUntil(over, now) };
  const self = await loadSelf(db, viewer.profileId);
  const me = viewer.profileId;
  const fresh = and(
    discoverable(viewer, self),
    sql`not exists (select 1 from ${swipes} where ${swipes.swiperId} = ${me} and ${swipes.targetId} = ${profiles.id})`,
    sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${me} and ${likes.likedId} = ${profiles.id})`,
  ) as SQL;
  const rows = await nearestInAge(ctx, fresh, self.birthdate, self.country, SWIPE_CANDIDATES);
  return { profiles: rows.map((row) => toProfileCard(row, ctx)), ...left, next_in_hours: null };
}

/**
 * A Yes or No of the swipe game on a profile the viewer may see. A Yes is a like; a No on a
 * profile the viewer likes leaves the like alone. Deciding again on a profile of today's
 * window costs nothing. A new decision with no swipes left: 429 `swipe_limit`; a new like
 * with no likes left: 429 `daily_limit` (the like limit's text), while a No still plays.
 */
export async function swipeProfile(
  ctx: LikesContext,
  publicId: string,
  decision: 'yes' | 'no',
  /** Called after the commit of a Yes that made a new like (the liked member's push). */
  onNewLike?: (likedProfileId: number) => Promise<void>,
): Promise<{ match: boolean; swipes_left: number; likes_left: number }> {
  const { viewer, now } = ctx;
  const targetId = await findVisible(ctx, publicId);
  const me = viewer.profileId;
  const left = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, me);
    const budget = await loadBudget(tx, me, now);
    const liked = await likeExists(tx, me, targetId);
    const unchanged = { swipes: budget.swipes.left, likes: budget.likes.left, fresh: false };
    if (decision === 'no' && liked) return unchanged;
    const swipeCost = budget.swipes.counted.has(targetId) ? 0 : 1;
    const likeCost = decision === 'yes' && !liked && !budget.likes.counted.has(targetId) ? 1 : 0;
    const over = gameOverUntil(budget);
    if (over && swipeCost > 0) throw swipeLimitReached(hoursUntil(over, now), budget.likes.left);
    if (likeCost > 0 && budget.likes.left === 0) throw dailyLimitReached(hoursUntil(budget.likes.nextAt ?? now, now));
    if (decision === 'yes' && !liked) {
      await tx.insert(likes).values({ likerId: me, likedId: targetId, createdAt: now }).onConflictDoNothing();
    }
    await recordDecision(tx, me, targetId, decision, now);
    const fresh = decision === 'yes' && !liked;
    return { swipes: budget.swipes.left - swipeCost, likes: budget.likes.left - likeCost, fresh };
  });
  if (left.fresh && onNewLike) await onNewLike(targetId);
  const match = decision === 'yes' && (await likeExists(ctx.db, targetId, me));
  return { match, swipes_left: left.swipes, likes_left: left.likes };
}
